// Candidate sets for the memory event listing: the document slots an index names for one condition of a query, a
// superset of its matches, with their number (or a bound on it) known before they are walked.
import type { EventListQuery } from '../events/eventListQuery.ts';
import type { SlotMarks } from './slotMarks.ts';

export interface CandidateSource {
  /** How many slots `forEachSlot` visits at most. */
  readonly size: number;
  /** The query condition the candidates meet exactly, so that it needs no check; undefined for a superset. */
  readonly decides: keyof EventListQuery | undefined;
  /** Visits each candidate slot once. */
  forEachSlot(visit: (slot: number) => void): void;
}

/** Slots of a list that may repeat some or name unknown documents (`undefined`). */
export function listedSlots(
  slots: readonly (number | undefined)[],
  decides: CandidateSource['decides'],
): CandidateSource {
  const distinct = new Set(slots);
  distinct.delete(undefined);
  return { size: distinct.size, decides, forEachSlot: (visit) => distinct.forEach((slot) => visit(slot as number)) };
}

/** Entries `from .. to − 1` of a list of slots. */
export interface SlotRange {
  readonly slots: ArrayLike<number>;
  readonly from: number;
  readonly to: number;
}

/**
 * The union of several ranges of distinct slots, e.g. the documents linking any of the wanted items within a date
 * window: its size is bounded by the sum of theirs, and a document in several of them is visited once.
 */
export function unionOf(
  ranges: readonly SlotRange[],
  decides: CandidateSource['decides'],
  marks: SlotMarks,
  slots: number,
): CandidateSource {
  const size = ranges.reduce((sum, r) => sum + (r.to - r.from), 0);
  return {
    size,
    decides,
    forEachSlot: (visit) => {
      const once = ranges.length > 1;
      if (once) marks.begin(slots);
      for (const { slots: list, from, to } of ranges) {
        for (let i = from; i < to; i++) {
          const slot = list[i] as number;
          if (!once || marks.mark(slot)) visit(slot);
        }
      }
    },
  };
}
