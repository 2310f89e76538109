// Prepares what rendering a page of events needs besides the documents: current term counts and item renderers.
import type { EventDocument } from '../../../projections/events/eventDocument.ts';
import type { TermDocument } from '../../../projections/terms/termDocument.ts';
import type { LinkedRendering } from '../../representation/eventRepresentation.ts';
import type { Scope } from '../../requestScope.ts';
import type { HttpServices } from '../../services.ts';

/** Term counts are read once per response for every term the events embed. */
export async function linkedRendering(services: HttpServices, scope: Scope, docs: readonly EventDocument[]): Promise<LinkedRendering> {
  const counts = new Map<string, number>();
  const read = async (terms: readonly TermDocument[], collection: HttpServices['readStore']['categories']) => {
    for (const term of terms) {
      const key = `${term.taxonomy}:${term.id}`;
      if (!counts.has(key)) counts.set(key, (await collection.get(term.id))?.count ?? 0);
    }
  };
  for (const doc of docs) {
    await read(doc.embedded.categories, services.readStore.categories);
    await read(doc.embedded.tags, services.readStore.tags);
  }
  return { ...services.itemRenderers(scope), termCount: (term) => counts.get(`${term.taxonomy}:${term.id}`) ?? 0 };
}
