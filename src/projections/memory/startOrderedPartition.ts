// Listable events of one language and status, kept sorted by (start, id), with counts that need no full scan.
import type { EventDocument } from '../events/eventDocument.ts';
import type { EventListQuery } from '../events/eventListQuery.ts';
import { compareByStart, compileEventQuery } from '../events/matchesEventQuery.ts';
import { wallClockSeconds } from '../../domain/localDateTime.ts';

/** Conditions that bound `start` directly, in index form: [lowest, highest] with inclusiveness. */
interface StartRange {
  readonly low: string | undefined;
  readonly lowInclusive: boolean;
  readonly high: string | undefined;
  readonly highInclusive: boolean;
}

/** Above this many pending inserts, one sort-and-merge beats inserting each in place (a replay, a bulk import). */
const mergeThreshold = 64;

export class StartOrderedPartition {
  private docs: EventDocument[] = [];
  /** Inserts not yet in `docs`; settled before any read or removal. */
  private pending: EventDocument[] = [];
  /** The longest end − start seen (wall-clock seconds), so end bounds can be proven from start alone for most documents. */
  private maxSpan = 0;

  get size(): number {
    return this.docs.length + this.pending.length;
  }

  insert(doc: EventDocument): void {
    this.pending.push(doc);
    this.maxSpan = Math.max(this.maxSpan, doc.endKey - doc.startKey);
  }

  remove(doc: EventDocument): void {
    this.settle();
    const index = this.lowerBound(doc);
    if (this.docs[index]?.id === doc.id) this.docs.splice(index, 1);
  }

  /** Number of documents matching `q` (language and status are this partition's; hidden ones are never here). */
  count(q: EventListQuery): number {
    this.settle();
    const [from, to] = this.window(q);
    if (from >= to) return 0;
    if (!hasResidual(q)) return this.countEndBounded(q, from, to);
    const matches = compileEventQuery(q);
    let total = 0;
    for (let i = from; i < to; i++) if (matches(this.docs[i] as EventDocument)) total++;
    return total;
  }

  /** Matching documents in listing order, lazily, for merging pages across partitions. */
  *matching(q: EventListQuery): Generator<EventDocument> {
    this.settle();
    const [from, to] = this.window(q);
    const matches = compileEventQuery(q);
    for (let i = from; i < to; i++) {
      const doc = this.docs[i] as EventDocument;
      if (matches(doc)) yield doc;
    }
  }

  /**
   * Counts when only end bounds remain beyond the start range. A document with `start ≤ bound − maxSpan` ends by the
   * bound, and one starting after an `ends_after` value ends after it; only documents near the bounds are checked.
   */
  private countEndBounded(q: EventListQuery, from: number, to: number): number {
    const endHigh = minOf(q.endUntil, q.endsBefore);
    const safeFrom = q.endsAfter === undefined ? from : Math.max(from, this.firstAfter(q.endsAfter));
    const safeTo = endHigh === undefined ? to : Math.min(to, this.firstAfterKey(wallClockSeconds(endHigh) - this.maxSpan - 1));
    let total = Math.max(0, safeTo - safeFrom);
    const matches = compileEventQuery(q);
    const check = (i: number) => matches(this.docs[i] as EventDocument) && total++;
    for (let i = from; i < Math.min(safeFrom, to); i++) check(i);
    for (let i = Math.max(safeTo, safeFrom, from); i < to; i++) check(i);
    return total;
  }

  private settle(): void {
    if (this.pending.length === 0) return;
    if (this.pending.length <= mergeThreshold) {
      for (const doc of this.pending) this.docs.splice(this.lowerBound(doc), 0, doc);
    } else {
      this.docs = mergeSorted(this.docs, this.pending.sort(compareByStart));
    }
    this.pending = [];
  }

  /** Index range [from, to) of the documents whose start satisfies the start bounds of `q`. */
  private window(q: EventListQuery): [number, number] {
    const range = startRange(q);
    const from = range.low === undefined ? 0 : range.lowInclusive ? this.firstAtOrAfter(range.low) : this.firstAfter(range.low);
    const to = range.high === undefined ? this.docs.length : range.highInclusive ? this.firstAfter(range.high) : this.firstAtOrAfter(range.high);
    return [from, to];
  }

  private firstAtOrAfter(start: string): number {
    const key = wallClockSeconds(start);
    return this.search((doc) => doc.startKey >= key);
  }

  private firstAfter(start: string): number {
    return this.firstAfterKey(wallClockSeconds(start));
  }

  private firstAfterKey(key: number): number {
    return this.search((doc) => doc.startKey > key);
  }

  private lowerBound(doc: EventDocument): number {
    return this.search((other) => compareByStart(other, doc) >= 0);
  }

  /** First index whose document satisfies a predicate that is monotone in listing order. */
  private search(satisfied: (doc: EventDocument) => boolean): number {
    let low = 0;
    let high = this.docs.length;
    while (low < high) {
      const mid = (low + high) >>> 1;
      if (satisfied(this.docs[mid] as EventDocument)) high = mid;
      else low = mid + 1;
    }
    return low;
  }
}

function mergeSorted(a: EventDocument[], b: EventDocument[]): EventDocument[] {
  const out = new Array<EventDocument>(a.length + b.length);
  let i = 0;
  let j = 0;
  let k = 0;
  while (i < a.length && j < b.length) out[k++] = compareByStart(a[i] as EventDocument, b[j] as EventDocument) <= 0 ? (a[i++] as EventDocument) : (b[j++] as EventDocument);
  while (i < a.length) out[k++] = a[i++] as EventDocument;
  while (j < b.length) out[k++] = b[j++] as EventDocument;
  return out;
}

/** Filters other than language, status and dates: when present, every candidate is checked. */
function hasResidual(q: EventListQuery): boolean {
  return (
    q.searchTerms !== undefined || q.withoutPassword === true || q.featured !== undefined || q.ids !== undefined ||
    q.categories !== undefined || q.tags !== undefined || q.venues !== undefined || q.organizers !== undefined ||
    q.hasVenueCoordinates === true || q.near !== undefined
  );
}

/** Start bounds, including those implied by end bounds (an event cannot start after it ends). */
function startRange(q: EventListQuery): StartRange {
  const lowInclusive = q.startsAfter === undefined || (q.startFrom !== undefined && q.startFrom > q.startsAfter);
  const low = maxOf(q.startFrom, q.startsAfter);
  const inclusiveHigh = minOf(q.endUntil);
  const exclusiveHigh = minOf(q.startsBefore, q.endsBefore);
  if (exclusiveHigh !== undefined && (inclusiveHigh === undefined || exclusiveHigh <= inclusiveHigh)) {
    return { low, lowInclusive, high: exclusiveHigh, highInclusive: false };
  }
  return { low, lowInclusive, high: inclusiveHigh, highInclusive: true };
}

function minOf(...values: (string | undefined)[]): string | undefined {
  return values.reduce<string | undefined>((a, b) => (b === undefined ? a : a === undefined || b < a ? b : a), undefined);
}

function maxOf(...values: (string | undefined)[]): string | undefined {
  return values.reduce<string | undefined>((a, b) => (b === undefined ? a : a === undefined || b > a ? b : a), undefined);
}
