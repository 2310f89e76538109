// Unique slugs per kind and language: `slug-<kind>-<language>-<slug>` claim streams, suffixed `-2`, `-3`… when taken.
import type { EventStore } from '../../events/eventStore.ts';
import type { WriteContext } from '../../events/catalogue/envelope.ts';
import { withSuffix } from '../../domain/slug.ts';
import { claim, release } from './claims.ts';

const maxCandidates = 10_000;

export class SlugRegistry {
  constructor(private readonly store: EventStore) {}

  /** Reserves `base`, or the first free `base-2`, `base-3`, … for `owner`; returns the slug it got. */
  async reserve(kind: string, language: string, base: string, owner: string, ctx: WriteContext): Promise<string> {
    for (let n = 1; n <= maxCandidates; n++) {
      const candidate = n === 1 ? base : withSuffix(base, n);
      const outcome = await claim(this.store, 'slug', slugStreamId(kind, language, candidate), owner, ctx);
      if (outcome.held) return candidate;
    }
    throw new Error(`no free slug for ${kind} ${base}`);
  }

  /** Frees a slug held by `owner`; a slug held by someone else is left alone. */
  async release(kind: string, language: string, slug: string, owner: string, ctx: WriteContext): Promise<void> {
    await release(this.store, 'slug', slugStreamId(kind, language, slug), owner, ctx);
  }
}

export const slugStreamId = (kind: string, language: string, slug: string): string => `slug-${kind}-${language}-${slug}`;
