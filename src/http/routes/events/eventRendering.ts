// Prepares what rendering a page of events needs besides the documents: current term counts and item renderers.
import type { EventDocument } from '../../../projections/events/eventDocument.ts';
import type { ItemDocument } from '../../../projections/posts/itemDocument.ts';
import type { TermDocument } from '../../../projections/terms/termDocument.ts';
import type { Scope } from '../../requestScope.ts';
import type { HttpParts } from '../../services.ts';
import {
  linkedItemVerdicts,
  visibleLinkedItems,
  type CurrentLinkedItems,
  type PageRendering,
} from './linkedItemVisibility.ts';

/**
 * Term counts are read once per read-model position for every term the events embed. `past`: the documents are `as_of`
 * states,
 * whose embedded venues and organizers are judged against today's too (read here, since the copies are old).
 */
/** Term counts come from the memo and the read model; linked items are rendered by the request's item renderers. */
export type LinkedRenderingDeps = Pick<HttpParts, 'readStore' | 'memo' | 'itemRenderers'>;

export async function linkedRendering(
  deps: LinkedRenderingDeps,
  scope: Scope,
  docs: readonly EventDocument[],
  when: 'now' | 'past' = 'now',
): Promise<PageRendering> {
  const counts = { category: deps.memo.table<number>('count:category'), tag: deps.memo.table<number>('count:tag') };
  const read = async (terms: readonly TermDocument[], collection: HttpParts['readStore']['categories']) => {
    for (const term of terms) {
      const table = counts[term.taxonomy];
      if (!table.has(term.id)) table.set(term.id, (await collection.get(term.id))?.count ?? 0);
    }
  };
  for (const doc of docs) {
    await read(doc.embedded.categories, deps.readStore.categories);
    await read(doc.embedded.tags, deps.readStore.tags);
  }
  const verdicts = linkedItemVerdicts(scope, when === 'past' ? await currentLinkedItems(deps, docs) : undefined);
  return {
    ...visibleLinkedItems(deps.itemRenderers(scope), verdicts),
    verdicts,
    termCount: (term) => counts[term.taxonomy].get(term.id) ?? 0,
  };
}

async function currentLinkedItems(
  deps: Pick<HttpParts, 'readStore'>,
  docs: readonly EventDocument[],
): Promise<CurrentLinkedItems> {
  const venues = new Map<number, ItemDocument | undefined>();
  const organizers = new Map<number, ItemDocument | undefined>();
  for (const doc of docs) {
    for (const venue of doc.embedded.venues) venues.set(venue.id, await deps.readStore.venues.get(venue.id));
    for (const organizer of doc.embedded.organizers)
      organizers.set(organizer.id, await deps.readStore.organizers.get(organizer.id));
  }
  return { venue: (id) => venues.get(id), organizer: (id) => organizers.get(id) };
}
