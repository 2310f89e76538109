// The cost model of the memory event listing: whether checking a query reads documents, and what checking a number of
// slots costs, so that the collection picks candidates or a window scan, whichever checks less.
import type { EventListQuery } from '../events/eventListQuery.ts';

/**
 * What reading a document costs next to checking a slot's columns (cache misses into the heap against a typed-array
 * read): the cost model that picks candidates or a window scan counts the steps of each, a document read as this many.
 */
const documentReadCost = 8;

/** Conditions only the document itself can decide (the columns hold the others). */
const documentConditions = [
  'ids',
  'categories',
  'tags',
  'venues',
  'organizers',
  'hasVenueCoordinates',
  'near',
  'searchTerms',
] as const;

/** Whether checking `q` reads documents, beyond the condition `decided` (met by the candidates checked). */
export function readsDocuments(q: EventListQuery, decided?: keyof EventListQuery): boolean {
  return documentConditions.some((c) => q[c] !== undefined && q[c] !== false && c !== decided);
}

/** Checking `slots` slots against `q` (but for `decided`), in column-check steps. */
export function costOf(slots: number, q: EventListQuery, decided?: keyof EventListQuery): number {
  return slots * (readsDocuments(q, decided) ? 1 + documentReadCost : 1);
}
