// The meaning of a TermListQuery (docs/api.md §8, §5.4): which
// terms match and in which order; every adapter agrees with it.
import type { CountedTerm, TermListQuery } from './termCollection.ts';
import type { TermDocument } from './termDocument.ts';

/** Names and slugs compare and search ignoring case (§5.4, §8); both adapters keep these lower-cased keys. */
export const nameKeyOf = (doc: Pick<TermDocument, 'name'>): string => doc.name.toLowerCase();
export const slugKeyOf = (doc: Pick<TermDocument, 'slug'>): string => doc.slug.toLowerCase();

export function matchesTermQuery(term: CountedTerm, q: TermListQuery): boolean {
  const { doc, count } = term;
  if (doc.deleted || doc.language !== q.language) return false;
  if (q.search !== undefined && !nameKeyOf(doc).includes(q.search) && !slugKeyOf(doc).includes(q.search)) return false;
  if (q.include && !q.include.includes(doc.id)) return false;
  if (q.exclude?.includes(doc.id)) return false;
  if (q.onlyIds && !q.onlyIds.includes(doc.id)) return false;
  if (q.parent !== undefined && doc.parent !== q.parent) return false;
  if (q.slug !== undefined && doc.slug !== q.slug) return false;
  return !(q.hideEmpty && count === 0);
}

/** Code-unit order, as MongoDB (and mingo) order plain strings without a collation. */
const compareText = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/** The sort key of `orderby`; `include_slugs` orders by the `slug` filter, which leaves a single slug: ties only. */
function primary(q: TermListQuery): (a: CountedTerm, b: CountedTerm) => number {
  switch (q.orderBy) {
    case 'name':
      return (a, b) => compareText(nameKeyOf(a.doc), nameKeyOf(b.doc));
    case 'slug':
      return (a, b) => compareText(slugKeyOf(a.doc), slugKeyOf(b.doc));
    case 'description':
      return (a, b) => compareText(a.doc.description, b.doc.description);
    case 'count':
      return (a, b) => a.count - b.count;
    case 'id':
      return (a, b) => a.doc.id - b.doc.id;
    case 'include': {
      const rank = (id: number) => (q.include ?? []).indexOf(id);
      return (a, b) => rank(a.doc.id) - rank(b.doc.id);
    }
    case 'term_group':
    case 'include_slugs':
      return () => 0;
  }
}

/** `order` applies to the `orderby` key; ties are always by id ascending (§5.4). */
export function compareTerms(q: TermListQuery): (a: CountedTerm, b: CountedTerm) => number {
  const key = primary(q);
  const direction = q.order === 'desc' ? -1 : 1;
  return (a, b) => direction * key(a, b) || a.doc.id - b.doc.id;
}
