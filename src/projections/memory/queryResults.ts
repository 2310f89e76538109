// The full, ordered matches of recent list queries on one in-process collection, until the collection changes.

/**
 * Repeated list reads (every page of `/categories`, the same filter read by many clients) then cost one key lookup
 * instead of a scan and a sort. Any change to the collection forgets everything, so a result is never older than the
 * collection it is read from. Bounded: at `capacity` different queries it starts afresh.
 */
export class QueryResults<T> {
  private results = new Map<string, readonly T[]>();

  constructor(private readonly capacity = 256) {}

  /** The matches of the query `key` stands for, computed by `match` when not remembered. */
  of(key: string, match: () => readonly T[]): readonly T[] {
    let found = this.results.get(key);
    if (!found) {
      if (this.results.size >= this.capacity) this.results = new Map();
      this.results.set(key, (found = match()));
    }
    return found;
  }

  /** Called on every change to the collection. */
  forget(): void {
    if (this.results.size > 0) this.results = new Map();
  }
}
