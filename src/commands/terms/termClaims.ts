// Term slug and name claim streams: slugs share the `slug-…` streams of every kind, names are per parent and language.
import { createHash } from 'node:crypto';
import type { Taxonomy } from '../../events/catalogue/terms.ts';
import { slugStreamId } from '../registries/slugRegistry.ts';

export { claim, claimHolder, release } from '../registries/claims.ts';

export const termSlugStreamId = (taxonomy: Taxonomy, language: string, slug: string): string =>
  slugStreamId(taxonomy, language, slug);

/** Names are unique case-insensitively per parent (categories) or per taxonomy (tags), and per language. */
export function termNameStreamId(taxonomy: Taxonomy, language: string, parent: number, name: string): string {
  const digest = createHash('sha256').update(name.toLowerCase(), 'utf8').digest('hex');
  return taxonomy === 'category'
    ? `termname-category-${language}-${parent}-${digest}`
    : `termname-tag-${language}-${digest}`;
}

/** The term id of a claim owner (`category-12` → 12). */
export const ownerTermId = (owner: string): number => Number(owner.slice(owner.lastIndexOf('-') + 1));
