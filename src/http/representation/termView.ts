// Completes a stored term with what its representation needs from other documents: the slugs of its parent chain.
import type { CountedTerm, TermCollection } from '../../projections/terms/termCollection.ts';
import type { TermView } from './termRepresentation.ts';

/** Deep enough for any real hierarchy; bounds the walk should stored data ever hold a cycle. */
const maxDepth = 100;

export async function termViewOf(collection: TermCollection, term: CountedTerm): Promise<TermView> {
  const ancestorSlugs: string[] = [];
  const seen = new Set([term.doc.id]);
  let parent = term.doc.parent;
  while (parent !== 0 && !seen.has(parent) && seen.size <= maxDepth) {
    seen.add(parent);
    const above = await collection.get(parent);
    if (!above) break;
    ancestorSlugs.unshift(above.doc.slug);
    parent = above.doc.parent;
  }
  return { doc: term.doc, count: term.count, ancestorSlugs };
}

export const termViewsOf = (collection: TermCollection, terms: readonly CountedTerm[]): Promise<TermView[]> =>
  Promise.all(terms.map((term) => termViewOf(collection, term)));
