// The registry claims the service writes beside every created item (slugs, term names, translation slots), so that the
// seeded store holds what a store filled through the API would, and the service can go on writing into it.
import type { Language } from '../src/events/catalogue/values.ts';
import type { ResourceKind } from '../src/commands/errors.ts';
import type { Taxonomy } from '../src/events/catalogue/terms.ts';
import { slugStreamId } from '../src/commands/registries/slugRegistry.ts';
import { translationStreamId } from '../src/commands/registries/translationClaims.ts';
import { termNameStreamId } from '../src/commands/terms/termClaims.ts';
import type { SeedItem } from './seedShape.ts';
import { languageAt, translationRootIndex } from './seedLanguages.ts';

const ownerOf = (kind: ResourceKind, id: number): string => `${kind}-${id}`;

export function slugClaim(kind: ResourceKind, language: Language, slug: string, id: number): SeedItem {
  return [slugStreamId(kind, language, slug), { type: 'SlugReserved', data: { owner: ownerOf(kind, id) } }];
}

export function termNameClaim(
  taxonomy: Taxonomy,
  language: Language,
  parent: number,
  name: string,
  id: number,
): SeedItem {
  return [
    termNameStreamId(taxonomy, language, parent, name),
    { type: 'TermNameClaimed', data: { owner: ownerOf(taxonomy, id) } },
  ];
}

/**
 * What the service appends when an item joins a translation group: the root's own slot once (claimed by the group's
 * first translation), then the new item's slot.
 */
function* translationClaims(
  kind: ResourceKind,
  root: { readonly id: number; readonly language: Language },
  id: number,
  language: Language,
  firstOfGroup: boolean,
): Generator<SeedItem> {
  if (firstOfGroup)
    yield [
      translationStreamId(kind, root.id, root.language),
      { type: 'SlugReserved', data: { owner: ownerOf(kind, root.id) } },
    ];
  yield [translationStreamId(kind, root.id, language), { type: 'SlugReserved', data: { owner: ownerOf(kind, id) } }];
}

/** The `translationOf` link of the item at `index` of a kind whose ids start at `firstId`, and the claims it needs. */
export function translationOfItem(
  kind: ResourceKind,
  index: number,
  firstId: number,
): { link: { translationOf?: number }; claims: SeedItem[] } {
  const rootIndex = translationRootIndex(index);
  if (rootIndex === undefined) return { link: {}, claims: [] };
  const root = { id: firstId + rootIndex, language: languageAt(rootIndex) };
  const claims = [...translationClaims(kind, root, firstId + index, languageAt(index), index - rootIndex === 1)];
  return { link: { translationOf: root.id }, claims };
}
