// Builds an event's embedded copies of its linked venues, organizers and terms from the read model.
import type { EmbeddedLinks, EventDocument } from '../events/eventDocument.ts';
import type { ReadStore } from '../readStore.ts';
import type { TermDocument } from '../terms/termDocument.ts';

type Linked = Pick<EventDocument, 'venues' | 'organizers' | 'categories' | 'tags'>;

/** Items the read model does not hold (yet, or any more) are left out rather than failing the projection. */
export async function embedLinks(readStore: ReadStore, links: Linked): Promise<EmbeddedLinks> {
  const present = <T>(items: (T | undefined)[]): T[] => items.filter((item): item is T => item !== undefined);
  const terms = async (ids: readonly number[], collection: ReadStore['categories']): Promise<TermDocument[]> =>
    present(await Promise.all(ids.map(async (id) => (await collection.get(id))?.doc)));
  const [venues, organizers, categories, tags] = await Promise.all([
    Promise.all(links.venues.map((id) => readStore.venues.get(id))).then(present),
    Promise.all(links.organizers.map((id) => readStore.organizers.get(id))).then(present),
    terms(links.categories, readStore.categories),
    terms(links.tags, readStore.tags),
  ]);
  return { venues, organizers, categories, tags };
}
