// Listable events of one language and status, kept sorted by (start, id), with counts that need no full scan.
import type { EventDocument } from '../events/eventDocument.ts';
import type { EventListQuery } from '../events/eventListQuery.ts';
import { wallClockSeconds } from '../../domain/localDateTime.ts';
import type { EventColumns } from './eventColumns.ts';
import { firstAfterKey, firstIndex, minOf, type StartRanges } from './startWindow.ts';

/** Above this many pending inserts, one sort-and-merge beats inserting each in place (a replay, a bulk import). */
const mergeThreshold = 64;

/**
 * Whether a listable document matches the query at hand, given its slot and the document (a check may read either:
 * the columns of the slot are a typed-array read, the document a walk into the heap).
 */
export type ListingCheck = (slot: number, doc: EventDocument) => boolean;

/**
 * Holds slots (see EventColumns), and beside them their documents in the same order: ordering and bounds read the
 * columns, and a scan whose checks need the documents reads them in order rather than through the slots.
 */
export class StartOrderedPartition {
  private slots: number[] = [];
  private docs: EventDocument[] = [];
  /** Inserts not yet in `slots`; settled before any read. */
  private readonly pending = new Set<number>();
  /**
   * Slots still in `slots` but removed since: their columns may have changed already, so `slots` is in order (and
   * searchable) only once they are gone. A replay changes documents many times between reads; each change then
   * costs a set entry rather than a walk through the array.
   */
  private readonly removed = new Set<number>();
  /**
   * The longest end − start seen (wall-clock seconds), so end bounds can be proven from start alone for most documents.
   */
  private maxSpan = 0;

  constructor(
    private readonly columns: EventColumns,
    private readonly startRanges: StartRanges,
  ) {}

  get size(): number {
    return this.slots.length + this.pending.size - this.removed.size;
  }

  /** The slot's columns and document must stay those inserted until it is removed (a document changed in place may). */
  insert(slot: number): void {
    this.pending.add(slot);
    this.maxSpan = Math.max(this.maxSpan, this.columns.endKey(slot) - this.columns.startKey(slot));
  }

  /** Before the slot's columns change. Right away when nothing else is pending (a write between reads), else lazily. */
  remove(slot: number): void {
    if (this.pending.delete(slot)) return;
    if (this.pending.size > 0 || this.removed.size > 0) {
      this.removed.add(slot);
      return;
    }
    const index = this.lowerBound(slot);
    if (this.slots[index] !== slot) return;
    this.slots.splice(index, 1);
    this.docs.splice(index, 1);
  }

  /** Documents whose start the start bounds of `q` admit: the most a scan of this partition visits for it. */
  windowSize(q: EventListQuery): number {
    this.settle();
    const [from, to] = this.window(q);
    return Math.max(0, to - from);
  }

  /**
   * Number of documents matching `q` (`matches` is its compiled form): from positions alone when only dates bound it,
   * else by checking the window.
   */
  count(q: EventListQuery, matches: ListingCheck): number {
    this.settle();
    const [from, to] = this.window(q);
    if (from >= to) return 0;
    if (!hasResidual(q)) return this.countEndBounded(q, matches, from, to);
    let total = 0;
    for (let i = from; i < to; i++) if (this.matchesAt(i, matches)) total++;
    return total;
  }

  /**
   * The matching documents' number and the first `keep` of their slots in listing order, in one pass over the window.
   */
  select(q: EventListQuery, matches: ListingCheck, keep: number): { total: number; first: number[] } {
    if (!hasResidual(q)) {
      const total = this.count(q, matches);
      return { total, first: this.first(q, matches, Math.min(keep, total)) };
    }
    this.settle();
    const [from, to] = this.window(q);
    const first: number[] = [];
    let total = 0;
    for (let i = from; i < to; i++) {
      if (!this.matchesAt(i, matches)) continue;
      if (total < keep) first.push(this.slots[i] as number);
      total++;
    }
    return { total, first };
  }

  /** The first `keep` matching slots in listing order. */
  private first(q: EventListQuery, matches: ListingCheck, keep: number): number[] {
    const [from, to] = this.window(q);
    const first: number[] = [];
    for (let i = from; i < to && first.length < keep; i++)
      if (this.matchesAt(i, matches)) first.push(this.slots[i] as number);
    return first;
  }

  private matchesAt(i: number, matches: ListingCheck): boolean {
    return matches(this.slots[i] as number, this.docs[i] as EventDocument);
  }

  /**
   * Counts when only end bounds remain beyond the start range. A document with `start ≤ bound − maxSpan` ends by the
   * bound, and one starting after an `ends_after` value ends after it; only documents near the bounds are checked.
   */
  private countEndBounded(q: EventListQuery, matches: ListingCheck, from: number, to: number): number {
    const endHigh = minOf(q.endUntil, q.endsBefore);
    const safeFrom =
      q.endsAfter === undefined ? from : Math.max(from, this.firstAfterKey(wallClockSeconds(q.endsAfter)));
    const safeTo =
      endHigh === undefined ? to : Math.min(to, this.firstAfterKey(wallClockSeconds(endHigh) - this.maxSpan - 1));
    let total = Math.max(0, safeTo - safeFrom);
    const check = (i: number) => this.matchesAt(i, matches) && total++;
    for (let i = from; i < Math.min(safeFrom, to); i++) check(i);
    for (let i = Math.max(safeTo, safeFrom, from); i < to; i++) check(i);
    return total;
  }

  private settle(): void {
    if (this.removed.size > 0) this.dropRemoved();
    if (this.pending.size === 0) return;
    if (this.pending.size <= mergeThreshold) {
      for (const slot of this.pending) {
        const index = this.lowerBound(slot);
        this.slots.splice(index, 0, slot);
        this.docs.splice(index, 0, this.columns.doc(slot));
      }
    } else {
      this.slots = mergeSorted(this.slots, [...this.pending].sort(this.columns.compare), this.columns.compare);
      this.docs = this.slots.map((slot) => this.columns.doc(slot));
    }
    this.pending.clear();
  }

  /** One pass that keeps what was not removed. */
  private dropRemoved(): void {
    const gone = new Uint8Array(this.columns.size);
    for (const slot of this.removed) gone[slot] = 1;
    let kept = 0;
    for (let i = 0; i < this.slots.length; i++) {
      const slot = this.slots[i] as number;
      if (gone[slot] === 1) continue;
      this.slots[kept] = slot;
      this.docs[kept] = this.docs[i] as EventDocument;
      kept++;
    }
    this.slots.length = kept;
    this.docs.length = kept;
    this.removed.clear();
  }

  /** Index range [from, to) of the documents whose start satisfies the start bounds of `q`. */
  private window(q: EventListQuery): [number, number] {
    return this.startRanges.window(q, this.slots.length, this.startKeyAt);
  }

  private readonly startKeyAt = (index: number): number => this.columns.startKey(this.slots[index] as number);

  private firstAfterKey(key: number): number {
    return firstAfterKey(this.slots.length, this.startKeyAt, key);
  }

  private lowerBound(slot: number): number {
    return firstIndex(this.slots.length, (i) => this.columns.compare(this.slots[i] as number, slot) >= 0);
  }
}

function mergeSorted(a: number[], b: number[], compare: (x: number, y: number) => number): number[] {
  const out = new Array<number>(a.length + b.length);
  let i = 0;
  let j = 0;
  let k = 0;
  while (i < a.length && j < b.length)
    out[k++] = compare(a[i] as number, b[j] as number) <= 0 ? (a[i++] as number) : (b[j++] as number);
  while (i < a.length) out[k++] = a[i++] as number;
  while (j < b.length) out[k++] = b[j++] as number;
  return out;
}

/** Filters other than language, status and dates: when present, every candidate is checked. */
export function hasResidual(q: EventListQuery): boolean {
  return (
    q.searchTerms !== undefined ||
    q.locks !== undefined ||
    q.onlyProtected === true ||
    q.featured !== undefined ||
    q.ids !== undefined ||
    q.categories !== undefined ||
    q.tags !== undefined ||
    q.venues !== undefined ||
    q.organizers !== undefined ||
    q.hasVenueCoordinates === true ||
    q.near !== undefined
  );
}
