// The stretch of a start-ordered list that a query's date bounds leave: every bound on the start, and the end bounds
// too (an event cannot start after it ends), found by binary search.
import type { EventListQuery } from '../events/eventListQuery.ts';
import { wallClockSeconds } from '../../domain/localDateTime.ts';

/** Conditions that bound `start` directly, in key form: [lowest, highest] with inclusiveness. */
interface StartKeyRange {
  readonly low: number | undefined;
  readonly lowInclusive: boolean;
  readonly high: number | undefined;
  readonly highInclusive: boolean;
}

/**
 * Each query's start range, worked out once however many lists it is looked up in (one per status, one per linked
 * item). One per event collection, which hands it to its partitions and link index; queries are its keys, weakly.
 */
export class StartRanges {
  private readonly byQuery = new WeakMap<EventListQuery, StartKeyRange>();

  /**
   * Index range [from, to) of a list of `length` entries in ascending start order (`startKeyAt(i)` is entry i's start
   * key) whose start satisfies the start bounds of `q`.
   */
  window(q: EventListQuery, length: number, startKeyAt: (index: number) => number): [number, number] {
    let range = this.byQuery.get(q);
    if (!range) this.byQuery.set(q, (range = startKeyRange(q)));
    const { low, lowInclusive, high, highInclusive } = range;
    const from =
      low === undefined
        ? 0
        : firstIndex(length, lowInclusive ? (i) => startKeyAt(i) >= low : (i) => startKeyAt(i) > low);
    const to =
      high === undefined
        ? length
        : firstIndex(length, highInclusive ? (i) => startKeyAt(i) > high : (i) => startKeyAt(i) >= high);
    return [from, Math.max(from, to)];
  }
}

/** The first entry whose start key exceeds `key`. */
export function firstAfterKey(length: number, startKeyAt: (index: number) => number, key: number): number {
  return firstIndex(length, (i) => startKeyAt(i) > key);
}

/** First index in [0, length) that satisfies a predicate monotone in the index; `length` when none does. */
export function firstIndex(length: number, satisfied: (index: number) => boolean): number {
  let low = 0;
  let high = length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if (satisfied(mid)) high = mid;
    else low = mid + 1;
  }
  return low;
}

/** Start bounds, including those implied by end bounds (an event cannot start after it ends). */
function startKeyRange(q: EventListQuery): StartKeyRange {
  const key = (value: string | undefined) => (value === undefined ? undefined : wallClockSeconds(value));
  const lowInclusive = q.startsAfter === undefined || (q.startFrom !== undefined && q.startFrom > q.startsAfter);
  const low = key(maxOf(q.startFrom, q.startsAfter));
  const inclusiveHigh = minOf(q.endUntil);
  const exclusiveHigh = minOf(q.startsBefore, q.endsBefore);
  if (exclusiveHigh !== undefined && (inclusiveHigh === undefined || exclusiveHigh <= inclusiveHigh)) {
    return { low, lowInclusive, high: key(exclusiveHigh), highInclusive: false };
  }
  return { low, lowInclusive, high: key(inclusiveHigh), highInclusive: true };
}

export function minOf(...values: (string | undefined)[]): string | undefined {
  return values.reduce<string | undefined>(
    (a, b) => (b === undefined ? a : a === undefined || b < a ? b : a),
    undefined,
  );
}

function maxOf(...values: (string | undefined)[]): string | undefined {
  return values.reduce<string | undefined>(
    (a, b) => (b === undefined ? a : a === undefined || b > a ? b : a),
    undefined,
  );
}
