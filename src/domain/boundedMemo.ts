// A memo of a pure function by string key, bounded: readings that many first reads would repeat (a cost text, a
// local time in a zone) are worked out once, and memory stays bounded however many distinct keys come.

/**
 * Drops a Map's oldest entries in insertion order, each in constant time. A Map keeps a deleted entry's slot until it
 * grows again, and `map.keys().next()` walks every such slot from the start: dropping the oldest that way took as many
 * steps as entries were dropped before (~11 µs each at 20,000 entries), so a walk over more keys than a table holds
 * (every first read of a calendar's events) paid that on each miss. One iterator kept across drops passes each slot
 * once; a Map's iterator follows it through deletions, additions and growth.
 */
export class OldestFirst<K> {
  private iterator: Iterator<K>;

  constructor(private readonly map: Map<K, unknown>) {
    this.iterator = map.keys();
  }

  /** Deletes the map's oldest key; nothing when it is empty. */
  dropOldest(): void {
    let next = this.iterator.next();
    // A finished iterator stays finished, even once keys are added again.
    if (next.done === true) {
      this.iterator = this.map.keys();
      next = this.iterator.next();
    }
    if (next.done !== true) this.map.delete(next.value);
  }
}

/** Past `capacity` keys the oldest go first; no bookkeeping on hits, which are the hot path. */
export class BoundedMemo<V> {
  private readonly known = new Map<string, V>();
  private readonly oldestFirst = new OldestFirst(this.known);

  constructor(private readonly capacity: number) {}

  get size(): number {
    return this.known.size;
  }

  of(key: string, compute: () => V): V {
    let value = this.known.get(key);
    if (value === undefined) {
      value = compute();
      if (this.known.size >= this.capacity) this.oldestFirst.dropOldest();
      this.known.set(key, value);
    }
    return value;
  }
}
