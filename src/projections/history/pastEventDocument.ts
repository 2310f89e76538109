// An event as it was at a global point, with the linked items it embedded as they were at that same point.
import type { EmbeddedLinks, EventDocument } from '../events/eventDocument.ts';
import { eventDocumentAt, type EventFolding } from '../events/eventDocumentAt.ts';
import { organizerDocumentAt, venueDocumentAt } from '../posts/itemDocumentAt.ts';
import type { TermDocument } from '../terms/termDocument.ts';
import { termDocumentAt } from '../terms/termDocumentAt.ts';
import type { GlobalPoint } from './foldPoint.ts';
import type { FoldSource } from './streamFolds.ts';

type Linked = Pick<EventDocument, 'venues' | 'organizers' | 'categories' | 'tags'>;

/** Undefined when the event did not exist yet at that point. */
export async function pastEventDocument(
  store: FoldSource,
  folding: EventFolding,
  id: number,
  point: GlobalPoint,
): Promise<EventDocument | undefined> {
  const folded = await eventDocumentAt(store, folding, id, point);
  if (!folded) return undefined;
  const embedded = await embedLinksAt(store, folded, point);
  return { ...folded, embedded, venueLocations: folding.memos.venues.of(embedded.venues) };
}

/** Like the projection's `embedLinks`, from the streams: items absent (or deleted) at that point are left out. */
export async function embedLinksAt(store: FoldSource, links: Linked, point: GlobalPoint): Promise<EmbeddedLinks> {
  const present = <T>(items: (T | undefined)[]): T[] => items.filter((item): item is T => item !== undefined);
  const terms = async (taxonomy: 'category' | 'tag', ids: readonly number[]): Promise<TermDocument[]> =>
    present(await Promise.all(ids.map(async (id) => liveTerm(await termDocumentAt(store, taxonomy, id, point)))));
  const [venues, organizers, categories, tags] = await Promise.all([
    Promise.all(links.venues.map((id) => venueDocumentAt(store, id, point))).then(present),
    Promise.all(links.organizers.map((id) => organizerDocumentAt(store, id, point))).then(present),
    terms('category', links.categories),
    terms('tag', links.tags),
  ]);
  return { venues, organizers, categories, tags };
}

/** A deleted term keeps its document in a fold; readers treat it as absent. */
export const liveTerm = (doc: TermDocument | undefined): TermDocument | undefined =>
  doc && !doc.deleted ? doc : undefined;
