// The meaning of an EventListQuery for one document; the memory adapter's filter and the oracle of the Mongo tests.
import type { EventDocument } from './eventDocument.ts';
import type { EventListQuery } from './eventListQuery.ts';
import { wallClockSeconds } from '../../domain/localDateTime.ts';
import { isNear } from './venueLocations.ts';

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
  if (q.hasVenueCoordinates && doc.venueLocations.length === 0) return false;
  if (q.near && !isNear(doc.venueLocations, q.near)) return false;
  if (q.searchTerms && !q.searchTerms.every((term) => doc.searchText.includes(term))) return false;
  return true;
}

/** Listing order (wire.md §5.4): local start ascending, then id (keys order exactly like the start text). */
export function compareByStart(a: EventDocument, b: EventDocument): number {
  return a.startKey - b.startKey || a.id - b.id;
}

/**
 * The same meaning as `matchesEventQuery`, with the date bounds turned into wall-clock seconds once per query, so
 * that checking a document reads its in-place number fields rather than its date strings (the memory adapter's hot
 * path; the property tests hold it to `matchesEventQuery`). Every other condition, the geolocation ones included, is
 * `matchesEventQuery`'s own, so the two cannot drift apart.
 */
export function compileEventQuery(q: EventListQuery): (doc: EventDocument) => boolean {
  const key = (v: string | undefined) => (v === undefined ? undefined : wallClockSeconds(v));
  const [startFrom, endUntil, startsBefore, startsAfter, endsBefore, endsAfter] = [
    key(q.startFrom), key(q.endUntil), key(q.startsBefore), key(q.startsAfter), key(q.endsBefore), key(q.endsAfter),
  ];
  const rest: EventListQuery = { language: q.language, statuses: q.statuses, offset: q.offset, limit: q.limit, ...withoutDates(q) };
  return (doc) =>
    (startFrom === undefined || doc.startKey >= startFrom) &&
    (endUntil === undefined || doc.endKey <= endUntil) &&
    (startsBefore === undefined || doc.startKey < startsBefore) &&
    (startsAfter === undefined || doc.startKey > startsAfter) &&
    (endsBefore === undefined || doc.endKey < endsBefore) &&
    (endsAfter === undefined || doc.endKey > endsAfter) &&
    matchesEventQuery(doc, rest);
}

function withoutDates(q: EventListQuery): Partial<EventListQuery> {
  const { startFrom: _a, endUntil: _b, startsBefore: _c, startsAfter: _d, endsBefore: _e, endsAfter: _f, ...rest } = q;
  return rest;
}

function intersects(values: readonly number[], wanted: readonly number[]): boolean {
  return values.some((v) => wanted.includes(v));
}
