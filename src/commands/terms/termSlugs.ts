// Which slug a new or changed term gets, claimed per taxonomy and language (docs/api.md §4.7 "Slugs", §10.3).
import { left, right, type Either } from 'fp-ts/lib/Either.js';
import { slugify } from '../../domain/slug.ts';
import type { EventStore } from '../../events/eventStore.ts';
import type { WriteContext } from '../../events/catalogue/envelope.ts';
import type { Taxonomy } from '../../events/catalogue/terms.ts';
import type { SlugRegistry } from '../registries/slugRegistry.ts';
import { claim, termSlugStreamId } from './termClaims.ts';
import type { TermError } from './termErrors.ts';

export interface SlugClaimDeps {
  readonly store: EventStore;
  readonly slugs: SlugRegistry;
}

/** The slug an explicit `slug` field normalises to; nothing left → the term id (§4.7). */
export const explicitTermSlug = (requested: string, id: number): string => slugify(requested) || String(id);

/** An explicit slug is claimed as is: held by another term it is refused, never suffixed (§10.3). */
export async function claimExplicitSlug(
  deps: SlugClaimDeps,
  taxonomy: Taxonomy,
  language: string,
  slug: string,
  owner: string,
  ctx: WriteContext,
): Promise<Either<TermError, string>> {
  const outcome = await claim(deps.store, 'slug', termSlugStreamId(taxonomy, language, slug), owner, ctx);
  return outcome.held ? right(slug) : left({ kind: 'duplicate-term-slug', taxonomy, slug });
}

/**
 * A slug derived from the name: the name's slug, then, for a category with a parent, `{slug}-{parent slug}`, then
 * numeric suffixes. The suffixes go on `{slug}-{parent slug}`, as the reference implementation (WordPress'
 * `wp_unique_term_slug`) does.
 */
export async function claimGeneratedSlug(
  deps: SlugClaimDeps,
  taxonomy: Taxonomy,
  language: string,
  name: string,
  id: number,
  parentSlug: string | undefined,
  owner: string,
  ctx: WriteContext,
): Promise<string> {
  const base = slugify(name) || String(id);
  if (parentSlug === undefined) return deps.slugs.reserve(taxonomy, language, base, owner, ctx);
  if ((await claim(deps.store, 'slug', termSlugStreamId(taxonomy, language, base), owner, ctx)).held) return base;
  return deps.slugs.reserve(taxonomy, language, `${base}-${parentSlug}`, owner, ctx);
}
