// The meaning of an EventListQuery for one document; the memory adapter's filter and the oracle of the Mongo tests.
import type { EventDocument } from './eventDocument.ts';
import type { EventListQuery } from './eventListQuery.ts';
import { wallClockSeconds } from '../../domain/localDateTime.ts';
import { isNear } from './venueLocations.ts';
import { isLockedFor, isPasswordProtected } from '../listLocks.ts';

export function matchesEventQuery(doc: EventDocument, q: EventListQuery): boolean {
  if (doc.hideFromListings || doc.language !== q.language || !q.statuses.includes(doc.status)) return false;
  if (q.startFrom !== undefined && !(doc.start >= q.startFrom)) return false;
  if (q.endUntil !== undefined && !(doc.end <= q.endUntil)) return false;
  if (q.startsBefore !== undefined && !(doc.start < q.startsBefore)) return false;
  if (q.startsAfter !== undefined && !(doc.start > q.startsAfter)) return false;
  if (q.endsBefore !== undefined && !(doc.end < q.endsBefore)) return false;
  if (q.endsAfter !== undefined && !(doc.end > q.endsAfter)) return false;
  const locked = isLockedFor(doc, q.locks);
  if (locked && asksForBlankedContent(q)) return false;
  // Blanking empties `featured`: a locked event counts as not featured, whatever it is.
  if (q.featured !== undefined && (locked ? false : doc.featured) !== q.featured) return false;
  if (q.onlyProtected && !isPasswordProtected(doc)) return false;
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

/**
 * Whether the query has a condition that only content blanking hides can meet (docs/api.md §6, §12): search, linked
 * terms, venues and organizers, venue coordinates, `featured` true. A locked event meets none of them.
 */
export function asksForBlankedContent(q: EventListQuery): boolean {
  return (
    q.searchTerms !== undefined ||
    q.categories !== undefined ||
    q.tags !== undefined ||
    q.venues !== undefined ||
    q.organizers !== undefined ||
    q.hasVenueCoordinates === true ||
    q.near !== undefined ||
    q.featured === true
  );
}

/** Listing order (docs/api.md §5.4): local start ascending, then id (keys order exactly like the start text). */
export function compareByStart(a: EventDocument, b: EventDocument): number {
  return a.startKey - b.startKey || a.id - b.id;
}

/**
 * The same meaning as `matchesEventQuery`, prepared once per query for the memory adapter's hot loops: date bounds
 * become wall-clock seconds (compared with the documents' in-place number fields, not their date strings), wanted ids
 * become sets, and absent conditions cost one comparison each. The property tests hold it to `matchesEventQuery`.
 */
export function compileEventQuery(q: EventListQuery): (doc: EventDocument) => boolean {
  const bounds = keyBoundsOf(q);
  const { language, statuses, featured, onlyProtected, hasVenueCoordinates, near, searchTerms } = q;
  const set = (ids: readonly number[] | undefined) => (ids === undefined ? undefined : new Set(ids));
  const [ids, categories, tags, venues, organizers] = [
    set(q.ids),
    set(q.categories),
    set(q.tags),
    set(q.venues),
    set(q.organizers),
  ];
  const unlocked = q.locks && set(q.locks.unlocked);
  const lockedMatches = !asksForBlankedContent(q);
  const isLocked = (doc: EventDocument) => unlocked !== undefined && isPasswordProtected(doc) && !unlocked.has(doc.id);
  return (doc) =>
    !doc.hideFromListings &&
    doc.language === language &&
    statuses.includes(doc.status) &&
    withinKeyBounds(bounds, doc.startKey, doc.endKey) &&
    (!onlyProtected || isPasswordProtected(doc)) &&
    (unlocked === undefined || !isLocked(doc) ? featured === undefined || doc.featured === featured : lockedMatches) &&
    (ids === undefined || ids.has(doc.id)) &&
    (categories === undefined || linksAny(doc.categories, categories)) &&
    (tags === undefined || linksAny(doc.tags, tags)) &&
    (venues === undefined || linksAny(doc.venues, venues)) &&
    (organizers === undefined || linksAny(doc.organizers, organizers)) &&
    (!hasVenueCoordinates || doc.venueLocations.length > 0) &&
    (near === undefined || isNear(doc.venueLocations, near)) &&
    (searchTerms === undefined || containsAll(doc.searchText, searchTerms));
}

/** The date conditions of a query as bounds on `startKey` and `endKey` (wall-clock seconds, ordered like the text). */
export interface KeyBounds {
  readonly startFrom: number | undefined;
  readonly endUntil: number | undefined;
  readonly startsBefore: number | undefined;
  readonly startsAfter: number | undefined;
  readonly endsBefore: number | undefined;
  readonly endsAfter: number | undefined;
}

export function keyBoundsOf(q: EventListQuery): KeyBounds {
  const key = (v: string | undefined) => (v === undefined ? undefined : wallClockSeconds(v));
  return {
    startFrom: key(q.startFrom),
    endUntil: key(q.endUntil),
    startsBefore: key(q.startsBefore),
    startsAfter: key(q.startsAfter),
    endsBefore: key(q.endsBefore),
    endsAfter: key(q.endsAfter),
  };
}

export function withinKeyBounds(b: KeyBounds, startKey: number, endKey: number): boolean {
  return (
    (b.startFrom === undefined || startKey >= b.startFrom) &&
    (b.endUntil === undefined || endKey <= b.endUntil) &&
    (b.startsBefore === undefined || startKey < b.startsBefore) &&
    (b.startsAfter === undefined || startKey > b.startsAfter) &&
    (b.endsBefore === undefined || endKey < b.endsBefore) &&
    (b.endsAfter === undefined || endKey > b.endsAfter)
  );
}

function intersects(values: readonly number[], wanted: readonly number[]): boolean {
  return values.some((v) => wanted.includes(v));
}

function linksAny(values: readonly number[], wanted: ReadonlySet<number>): boolean {
  for (const v of values) if (wanted.has(v)) return true;
  return false;
}

function containsAll(text: string, terms: readonly string[]): boolean {
  for (const term of terms) if (!text.includes(term)) return false;
  return true;
}
