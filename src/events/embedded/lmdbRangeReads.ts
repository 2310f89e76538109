// The embedded store's range reads in store order (readAll, the subscription's batches, replay's passing over): each
// in one synchronous turn, hence from one lmdb snapshot.
import { approximateBytes } from '../approximateBytes.ts';
import type { RecordedEvent } from '../eventStore.ts';
import { toRecordedEvent, toRecordedEventAsWritten, type LmdbLayout } from './lmdbLayout.ts';
import type { ReadItem } from './pollingSubscription.ts';

/** The events after `after` (at most `limit`, up to `upTo`), or, with `maxBytes`, until about that many bytes. */
export function readEventsAfter(
  db: LmdbLayout,
  after: bigint | undefined,
  limit: number | undefined,
  upTo?: bigint,
  maxBytes?: number,
): RecordedEvent[] {
  const result: RecordedEvent[] = [];
  // Positions are integers, so "strictly after p" is the key range starting at p + 1 (and "at most q" ends at q + 1).
  const start = after === undefined ? 0 : Number(after) + 1;
  const end = upTo === undefined ? undefined : Number(upTo) + 1;
  const bounds = end === undefined ? {} : { end };
  if (maxBytes === undefined) {
    for (const { key, value } of db.eventsView.getRange({ start, ...bounds, limit }))
      result.push(toRecordedEvent(key, value));
    return result;
  }
  // One event per range, each range read to its end: leaving an lmdb range iterator early was seen to let a
  // subscriber deliver a commit another process had not flushed yet (test/crash/durableChangeFeed.test.ts).
  let bytes = 0;
  let next = start;
  while (bytes < maxBytes && (limit === undefined || result.length < limit)) {
    let found = false;
    for (const { key, value } of db.eventsView.getRange({ start: next, ...bounds, limit: 1 })) {
      result.push(toRecordedEvent(key, value));
      bytes += approximateBytes(value);
      next = key + 1;
      found = true;
    }
    if (!found) break;
  }
  return result;
}

/**
 * One range read in store order, in one synchronous turn (hence one lmdb snapshot): the selector decodes the events
 * of the wanted types whole and gives the others' types alone, which pass over as their positions.
 */
export function readPassingOver(
  db: LmdbLayout,
  after: bigint | undefined,
  limit: number | undefined,
  upTo: bigint,
  types: ReadonlySet<string>,
): ReadItem[] {
  const result: ReadItem[] = [];
  const start = after === undefined ? 0 : Number(after) + 1;
  db.selector.wanted = types;
  try {
    for (const { key, value } of db.eventsSelected.getRange({ start, end: Number(upTo) + 1, limit })) {
      // A value outside the type reader's subset comes whole whatever its type.
      const passed = typeof value === 'string' || !Array.isArray(value) || !types.has(value[2]);
      // Read whole within the store's own encoding: a replay need not check it against the catalogue again.
      if (passed) result.push(BigInt(key));
      else if (db.selector.whole.lastWithinSubset) result.push(toRecordedEventAsWritten(key, value));
      else result.push(toRecordedEvent(key, value));
    }
  } finally {
    db.selector.wanted = undefined;
  }
  return result;
}
