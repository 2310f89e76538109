// Unique slugs per kind and language: `slug-<kind>-<language>-<slug>` streams appended with optimistic concurrency.
import { NoStream, WrongExpectedRevision, type EventStore, type ExpectedRevision } from '../../events/eventStore.ts';
import { decodeDomainEvent, toNewEvent, type WriteContext } from '../../events/catalogue/envelope.ts';
import { withSuffix } from '../../domain/slug.ts';

const maxCandidates = 10_000;
const maxRacesPerCandidate = 20;

/**
 * A claim matters only through the owner's own append that follows it, which is durable and, the store committing
 * in order, makes the claim durable too; so claims need not wait for the disk themselves.
 */
const notDurable = { durable: false } as const;

type Holder = { readonly expected: ExpectedRevision; readonly owner: string | null };

export class SlugRegistry {
  constructor(private readonly store: EventStore) {}

  /** Reserves `base`, or the first free `base-2`, `base-3`, … for `owner`; returns the slug it got. */
  async reserve(kind: string, language: string, base: string, owner: string, ctx: WriteContext): Promise<string> {
    for (let n = 1; n <= maxCandidates; n++) {
      const candidate = n === 1 ? base : withSuffix(base, n);
      if (await this.tryClaim(kind, language, candidate, owner, ctx)) return candidate;
    }
    throw new Error(`no free slug for ${kind} ${base}`);
  }

  /** Frees a slug held by `owner`; a slug held by someone else is left alone. */
  async release(kind: string, language: string, slug: string, owner: string, ctx: WriteContext): Promise<void> {
    const streamId = slugStreamId(kind, language, slug);
    for (let race = 0; race < maxRacesPerCandidate; race++) {
      const holder = await this.holder(streamId);
      if (holder.owner !== owner) return;
      try {
        await this.store.append(streamId, [toNewEvent({ type: 'SlugReleased', data: { owner } }, ctx)], holder.expected, notDurable);
        return;
      } catch (error) {
        if (!(error instanceof WrongExpectedRevision)) throw error;
      }
    }
  }

  private async tryClaim(kind: string, language: string, slug: string, owner: string, ctx: WriteContext): Promise<boolean> {
    const streamId = slugStreamId(kind, language, slug);
    for (let race = 0; race < maxRacesPerCandidate; race++) {
      const holder = await this.holder(streamId);
      if (holder.owner === owner) return true;
      if (holder.owner !== null) return false;
      try {
        await this.store.append(streamId, [toNewEvent({ type: 'SlugReserved', data: { owner } }, ctx)], holder.expected, notDurable);
        return true;
      } catch (error) {
        if (!(error instanceof WrongExpectedRevision)) throw error;
      }
    }
    return false;
  }

  private async holder(streamId: string): Promise<Holder> {
    const events = await this.store.readStream(streamId);
    const last = events.at(-1);
    if (!last) return { expected: NoStream, owner: null };
    const event = decodeDomainEvent(last);
    return { expected: last.revision, owner: event?.type === 'SlugReserved' ? event.data.owner : null };
  }
}

export const slugStreamId = (kind: string, language: string, slug: string): string => `slug-${kind}-${language}-${slug}`;
