// Costs that many event documents hold with the same entries, shared instead of copied: a calendar repeats a few
// prices ("Free", "10"), and each document held its own cost object, its list and its texts (about 110 bytes) for
// every created event. The snapshot's loader shares them the same way (snapshotCodec.ts); the shared costs are
// frozen: nobody may change one for all.
import type { EventFacts } from '../../events/catalogue/calendarEvents.ts';

type StoredCost = NonNullable<EventFacts['cost']>;

/** Most distinct costs kept; past it, the table starts over (memory stays bounded on any data). */
const maxSharedCosts = 4_096;

/**
 * The key of a list of entries: a lone entry itself, unless it starts with `[`; any other list, its JSON (which
 * always starts with `[`), so that no lone text can name a longer list.
 */
function keyOf(entries: readonly string[]): string {
  const only = entries.length === 1 ? (entries[0] as string) : undefined;
  return only !== undefined && !only.startsWith('[') ? only : JSON.stringify(entries);
}

/** The shared costs of one read model; whoever builds documents owns one (docs/architecture.md §2). */
export class SharedCosts {
  private readonly byEntries = new Map<string, StoredCost>();

  constructor(private readonly maxCosts: number = maxSharedCosts) {}

  /** Distinct costs held now. */
  get size(): number {
    return this.byEntries.size;
  }

  /**
   * The shared cost with the entries of `cost`. `previous`, the cost the document held before, is kept as it is
   * when the event left it alone (the same object): an edit of other fields looks nothing up.
   */
  of(cost: StoredCost | null, previous?: StoredCost | null): StoredCost | null {
    if (cost === null || cost === previous) return cost;
    const key = keyOf(cost.entries);
    let shared = this.byEntries.get(key);
    if (shared === undefined) {
      if (this.byEntries.size >= this.maxCosts) this.byEntries.clear();
      shared = Object.freeze({ entries: Object.freeze(cost.entries.slice()) }) as StoredCost;
      this.byEntries.set(key, shared);
    }
    return shared;
  }
}
