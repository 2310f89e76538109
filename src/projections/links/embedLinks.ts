// Builds an event's embedded copies of its linked venues, organizers and terms from the read model.
import type { EmbeddedLinks, EventDocument } from '../events/eventDocument.ts';
import type { ReadStore } from '../readStore.ts';
import type { ProjectedTerms, ProjectionTarget } from '../projectionTarget.ts';
import type { CountedTerm } from '../terms/termCollection.ts';
import type { TermDocument } from '../terms/termDocument.ts';
import type { SharedLists } from '../events/sharedLists.ts';

type Linked = Pick<EventDocument, 'venues' | 'organizers' | 'categories' | 'tags'>;

/**
 * Items the read model does not hold (yet, or any more) are left out rather than failing the projection. Every lookup
 * starts before any is awaited, so that a remote store answers them together.
 */
export async function embedLinks(readStore: ReadStore, links: Linked, lists: SharedLists): Promise<EmbeddedLinks> {
  const [venues, organizers, categories, tags] = await Promise.all([
    Promise.all(links.venues.map((id) => readStore.venues.get(id))),
    Promise.all(links.organizers.map((id) => readStore.organizers.get(id))),
    Promise.all(links.categories.map((id) => readStore.categories.get(id))),
    Promise.all(links.tags.map((id) => readStore.tags.get(id))),
  ]);
  return {
    venues: lists.items(venues),
    organizers: lists.items(organizers),
    categories: termDocuments(categories, lists),
    tags: termDocuments(tags, lists),
  };
}

/** As `embedLinks`, from a projection target, which answers at once: the projectors' way. */
export function embedLinksNow(target: ProjectionTarget, links: Linked, lists: SharedLists): EmbeddedLinks {
  return {
    venues: itemsNow(links.venues, target.venues, lists),
    organizers: itemsNow(links.organizers, target.organizers, lists),
    categories: termsNow(links.categories, target.categories, lists),
    tags: termsNow(links.tags, target.tags, lists),
  };
}

/**
 * The items of `ids` as `SharedLists.items` gives them. Most events link one item per field (or none): that item's
 * shared list is taken without a list of lookups made first (every projected event passes here four times).
 */
function itemsNow<T extends object>(
  ids: readonly number[],
  items: { get(id: number): T | undefined },
  lists: SharedLists,
): readonly T[] {
  if (ids.length === 1) return lists.itemOrNone(items.get(ids[0] as number));
  return lists.items(ids.map((id) => items.get(id)));
}

/** `itemsNow` of the terms' documents. */
function termsNow(ids: readonly number[], terms: ProjectedTerms, lists: SharedLists): readonly TermDocument[] {
  if (ids.length === 1) return lists.itemOrNone(terms.document(ids[0] as number));
  return lists.items(ids.map((id) => terms.document(id)));
}

/**
 * Whether `next` surely links exactly the items `previous` links: the lists are the same arrays when the event left
 * them alone (or both are the shared list of one id). The previous document's copies are then current: the link
 * projection refreshes them whenever an item changes.
 */
export function linksUnchanged(previous: Linked, next: Linked): boolean {
  return (
    previous.venues === next.venues &&
    previous.organizers === next.organizers &&
    previous.categories === next.categories &&
    previous.tags === next.tags
  );
}

function termDocuments(terms: readonly (CountedTerm | undefined)[], lists: SharedLists): readonly TermDocument[] {
  return lists.items(terms.map((term) => term?.doc));
}
