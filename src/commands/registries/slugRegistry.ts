// Unique slugs per kind and language: `slug-<kind>-<language>-<slug>` claim streams, suffixed `-2`, `-3`… when taken.
import type { EventStore, StreamAppend } from '../../events/eventStore.ts';
import type { WriteContext } from '../../events/catalogue/envelope.ts';
import { withSuffix } from '../../domain/slug.ts';
import { claim, claimTaken, planClaim, release, unreadClaim } from './claims.ts';

const maxCandidates = 10_000;

/**
 * The owner's write that carries its slug claim: appends `claims` (none when the owner holds the slug already)
 * with its own events, or answers `claimTaken` when the store refused a claim's expected revision.
 */
export type ClaimingWrite<T> = (slug: string, claims: readonly StreamAppend[]) => Promise<T | typeof claimTaken>;

export interface ReserveOptions {
  /**
   * The owner holds no slug yet (a create): its first candidate is claimed without reading the claim stream first, as
   * a stream never written; a refusal (taken, or released and free again) reads it and goes on as usual.
   */
  readonly newOwner?: boolean;
}

const candidateAt = (base: string, n: number): string => (n === 1 ? base : withSuffix(base, n));

export class SlugRegistry {
  constructor(private readonly store: EventStore) {}

  /** Reserves `base`, or the first free `base-2`, `base-3`, … for `owner`; returns the slug it got. */
  async reserve(kind: string, language: string, base: string, owner: string, ctx: WriteContext): Promise<string> {
    for (let n = 1; n <= maxCandidates; n++) {
      const candidate = candidateAt(base, n);
      const outcome = await claim(this.store, 'slug', slugStreamId(kind, language, candidate), owner, ctx);
      if (outcome.held) return candidate;
    }
    throw new Error(`no free slug for ${kind} ${base}`);
  }

  /**
   * Reserves like `reserve`, but the claim is appended by `write` together with the owner's events: one commit
   * instead of two where the store has multi-stream appends. A claim taken meanwhile moves on from that candidate.
   */
  async reserveWith<T>(
    kind: string,
    language: string,
    base: string,
    owner: string,
    ctx: WriteContext,
    write: ClaimingWrite<T>,
    options: ReserveOptions = {},
  ): Promise<T> {
    let n = 1;
    // A lost race plans the same candidate again, which someone else holds now: one bound covers both.
    for (let attempt = 0; attempt < maxCandidates; attempt++) {
      const candidate = candidateAt(base, n);
      const streamId = slugStreamId(kind, language, candidate);
      const plan =
        attempt === 0 && options.newOwner
          ? unreadClaim('slug', streamId, owner, ctx)
          : await planClaim(this.store, 'slug', streamId, owner, ctx);
      if (plan.kind === 'taken') {
        n++;
        continue;
      }
      const outcome = await write(candidate, plan.kind === 'free' ? [plan.append] : []);
      if (outcome !== claimTaken) return outcome;
    }
    throw new Error(`no free slug for ${kind} ${base}`);
  }

  /** Frees a slug held by `owner`; a slug held by someone else is left alone. */
  async release(kind: string, language: string, slug: string, owner: string, ctx: WriteContext): Promise<void> {
    await release(this.store, 'slug', slugStreamId(kind, language, slug), owner, ctx);
  }
}

export const slugStreamId = (kind: string, language: string, slug: string): string =>
  `slug-${kind}-${language}-${slug}`;
