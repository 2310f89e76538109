// The pure translation of an EventListQuery into MongoDB filter, sort and page documents for the `events` collection.
import type { Document } from 'mongodb';
import type { EventDocument } from '../events/eventDocument.ts';
import type { EventListQuery } from '../events/eventListQuery.ts';
import { asksForBlankedContent } from '../events/matchesEventQuery.ts';
import type { ListLocks } from '../listLocks.ts';
import { earthRadiusMiles } from '../events/venueLocations.ts';

/** An event document as the `events` collection stores it: the id is the primary key `_id`, not a second field. */
export type StoredEventDocument = Omit<EventDocument, 'id'> & { readonly _id: number };

export function toStoredEventDocument(doc: EventDocument): StoredEventDocument {
  const { id, ...fields } = doc;
  return { _id: id, ...fields };
}

export function fromStoredEventDocument(stored: StoredEventDocument): EventDocument {
  const { _id, ...fields } = stored;
  return { id: _id, ...fields };
}

export interface MongoEventListQuery {
  readonly filter: Document;
  readonly sort: Document;
  readonly skip: number;
  /** Always the query's limit; beware that `cursor.limit(0)` means "no limit" to MongoDB, not "no items". */
  readonly limit: number;
}

/**
 * Same matches as `matchesEventQuery`, same order as `compareByStart`, same page as the memory adapter.
 * The `{language: 1, start: 1, _id: 1}` index serves it: equality on language, one range on start, and the sort
 * follows the index so no in-memory sort is needed; every other condition filters the scanned window.
 */
export function translateEventListQuery(q: EventListQuery): MongoEventListQuery {
  const filter: Document = { language: q.language };
  const start = startRange(q);
  if (start) filter.start = start;
  const end = endRange(q);
  if (end) filter.end = end;
  filter.status = { $in: [...q.statuses] };
  // Documents always carry the boolean, so plain equality (index-friendly, unlike `$ne: true`) is exact.
  filter.hideFromListings = false;
  const and: Document[] = [];
  // Locked events meet no condition on what blanking hides, and count as not featured (docs/api.md §6, §12).
  const locks = lockConditions(q.locks);
  const lockedMeetNone = locks !== undefined && asksForBlankedContent(q);
  if (locks && lockedMeetNone) and.push(locks.notLocked);
  if (locks && !lockedMeetNone && q.featured === false) and.push({ $or: [{ featured: false }, locks.locked] });
  else if (q.featured !== undefined) filter.featured = q.featured;
  if (q.onlyProtected) filter.passwordHash = protectedValue;
  if (q.ids) filter._id = { $in: [...q.ids] };
  if (q.categories) filter.categories = { $in: [...q.categories] };
  if (q.tags) filter.tags = { $in: [...q.tags] };
  if (q.venues) filter.venues = { $in: [...q.venues] };
  if (q.organizers) filter.organizers = { $in: [...q.organizers] };
  Object.assign(filter, geoConditions(q));
  // MongoDB rejects an empty `$and`; no terms means no condition, as `every` on an empty list is true.
  for (const term of q.searchTerms ?? []) and.push({ searchText: { $regex: literalPattern(term) } });
  if (and.length > 0) filter.$and = and;
  return { filter, sort: { start: 1, _id: 1 }, skip: q.offset, limit: q.limit };
}

/** A stored password: `null` also matches a missing field, which is fine, as an unprotected document stores `null`. */
const protectedValue = { $ne: null };

/** `isLockedFor` as filter documents: the documents the request cannot unlock, and all others. */
export function lockConditions(locks: ListLocks | undefined): { locked: Document; notLocked: Document } | undefined {
  if (locks === undefined) return undefined;
  const unlocked = [...locks.unlocked];
  return {
    locked: { passwordHash: protectedValue, _id: { $nin: unlocked } },
    notLocked: { $or: [{ passwordHash: null }, { _id: { $in: unlocked } }] },
  };
}

/**
 * The geolocation conditions on `venueLocations` (served by its `2dsphere` index). A document with several points
 * matches `$geoWithin` when any of them is within, as `matchesEventQuery` has it. `$centerSphere` takes its radius
 * in radians, the distance divided by the earth radius that `milesBetween` uses, so the sphere is the same.
 */
export function geoConditions(q: Pick<EventListQuery, 'hasVenueCoordinates' | 'near'>): Document {
  const conditions: Document = {};
  if (q.hasVenueCoordinates) conditions['venueLocations.0'] = { $exists: true };
  if (q.near) {
    conditions.venueLocations = {
      $geoWithin: { $centerSphere: [[q.near.lng, q.near.lat], q.near.miles / earthRadiusMiles] },
    };
  }
  return conditions;
}

/**
 * Bounds on start, including those implied by the end bounds: the decider rejects an end before the start, so
 * `end ≤ x` implies `start ≤ x` and `end < x` implies `start < x`. They match nothing more or less on valid
 * documents but let an end-only query scan a bounded part of the index (the memory adapter does the same).
 */
function startRange(q: EventListQuery): Document | undefined {
  return rangeOf({
    $gte: q.startFrom,
    $gt: q.startsAfter,
    $lt: lowest(q.startsBefore, q.endsBefore),
    $lte: q.endUntil,
  });
}

function endRange(q: EventListQuery): Document | undefined {
  return rangeOf({ $lte: q.endUntil, $lt: q.endsBefore, $gt: q.endsAfter });
}

/** Keeps only the present bounds: an `undefined` would reach the server as `null` and match nothing. */
function rangeOf(bounds: Record<string, string | undefined>): Document | undefined {
  const present = Object.entries(bounds).filter((entry): entry is [string, string] => entry[1] !== undefined);
  return present.length > 0 ? Object.fromEntries(present) : undefined;
}

function lowest(...values: (string | undefined)[]): string | undefined {
  const present = values.filter((v): v is string => v !== undefined);
  return present.length > 0 ? present.reduce((a, b) => (a < b ? a : b)) : undefined;
}

/**
 * A regular expression matching the term literally, in both PCRE (the server) and JavaScript (mingo, the tests):
 * metacharacters are escaped, and NUL is written `\x00` because the server refuses a pattern with an embedded NUL.
 * No `i` flag: the search text and the terms are already lower-cased, and a case-insensitive regex is slower.
 */
export function literalPattern(term: string): string {
  return term.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/\0/g, '\\x00');
}
