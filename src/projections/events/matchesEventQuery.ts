// The meaning of an EventListQuery for one document; the memory adapter's filter and the oracle of the Mongo tests.
import type { EventDocument } from './eventDocument.ts';
import type { EventListQuery } from './eventListQuery.ts';

export function matchesEventQuery(doc: EventDocument, q: EventListQuery): boolean {
  if (doc.hideFromListings || doc.language !== q.language || !q.statuses.includes(doc.status)) return false;
  if (q.startFrom !== undefined && !(doc.start >= q.startFrom)) return false;
  if (q.endUntil !== undefined && !(doc.end <= q.endUntil)) return false;
  if (q.startsBefore !== undefined && !(doc.start < q.startsBefore)) return false;
  if (q.startsAfter !== undefined && !(doc.start > q.startsAfter)) return false;
  if (q.endsBefore !== undefined && !(doc.end < q.endsBefore)) return false;
  if (q.endsAfter !== undefined && !(doc.end > q.endsAfter)) return false;
  if (q.featured !== undefined && doc.featured !== q.featured) return false;
  if (q.withoutPassword && doc.passwordSha256 !== null) return false;
  if (q.ids && !q.ids.includes(doc.id)) return false;
  if (q.categories && !intersects(doc.categories, q.categories)) return false;
  if (q.tags && !intersects(doc.tags, q.tags)) return false;
  if (q.venues && !intersects(doc.venues, q.venues)) return false;
  if (q.organizers && !intersects(doc.organizers, q.organizers)) return false;
  if (q.searchTerms && !q.searchTerms.every((term) => doc.searchText.includes(term))) return false;
  return true;
}

/** Listing order (wire.md §5.4): local start ascending, then id. */
export function compareByStart(a: EventDocument, b: EventDocument): number {
  return a.start < b.start ? -1 : a.start > b.start ? 1 : a.id - b.id;
}

function intersects(values: readonly number[], wanted: readonly number[]): boolean {
  return values.some((v) => wanted.includes(v));
}
