// Prepares what rendering a page of events needs besides the documents: current term counts and item renderers.
import type { EventDocument } from '../../../projections/events/eventDocument.ts';
import type { ItemDocument } from '../../../projections/posts/itemDocument.ts';
import type { TermDocument } from '../../../projections/terms/termDocument.ts';
import type { Scope } from '../../requestScope.ts';
import type { HttpServices } from '../../services.ts';
import { linkedItemVerdicts, visibleLinkedItems, type CurrentLinkedItems, type PageRendering } from './linkedItemVisibility.ts';

/**
 * Term counts are read once per read-model position for every term the events embed. `past`: the documents are `as_of` states,
 * whose embedded venues and organizers are judged against today's too (read here, since the copies are old).
 */
export async function linkedRendering(
  services: HttpServices,
  scope: Scope,
  docs: readonly EventDocument[],
  when: 'now' | 'past' = 'now',
): Promise<PageRendering> {
  const counts = { category: services.memo.table<number>('count:category'), tag: services.memo.table<number>('count:tag') };
  const read = async (terms: readonly TermDocument[], collection: HttpServices['readStore']['categories']) => {
    for (const term of terms) {
      const table = counts[term.taxonomy];
      if (!table.has(term.id)) table.set(term.id, (await collection.get(term.id))?.count ?? 0);
    }
  };
  for (const doc of docs) {
    await read(doc.embedded.categories, services.readStore.categories);
    await read(doc.embedded.tags, services.readStore.tags);
  }
  const verdicts = linkedItemVerdicts(scope, when === 'past' ? await currentLinkedItems(services, docs) : undefined);
  return {
    ...visibleLinkedItems(services.itemRenderers(scope), verdicts),
    verdicts,
    termCount: (term) => counts[term.taxonomy].get(term.id) ?? 0,
  };
}

async function currentLinkedItems(services: HttpServices, docs: readonly EventDocument[]): Promise<CurrentLinkedItems> {
  const venues = new Map<number, ItemDocument | undefined>();
  const organizers = new Map<number, ItemDocument | undefined>();
  for (const doc of docs) {
    for (const venue of doc.embedded.venues) venues.set(venue.id, await services.readStore.venues.get(venue.id));
    for (const organizer of doc.embedded.organizers) organizers.set(organizer.id, await services.readStore.organizers.get(organizer.id));
  }
  return { venue: (id) => venues.get(id), organizer: (id) => organizers.get(id) };
}
