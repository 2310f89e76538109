// A memo of a pure function by string key, bounded: readings that many first reads would repeat (a cost text, a
// local time in a zone) are worked out once, and memory stays bounded however many distinct keys come.

/** Past `capacity` keys the oldest go first; no bookkeeping on hits, which are the hot path. */
export class BoundedMemo<V> {
  private readonly known = new Map<string, V>();

  constructor(private readonly capacity: number) {}

  get size(): number {
    return this.known.size;
  }

  of(key: string, compute: () => V): V {
    let value = this.known.get(key);
    if (value === undefined) {
      value = compute();
      if (this.known.size >= this.capacity) this.known.delete(this.known.keys().next().value as string);
      this.known.set(key, value);
    }
    return value;
  }
}
