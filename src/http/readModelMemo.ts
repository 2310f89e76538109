// Read-model lookups shared by the requests served while the read model stays at one position.

/**
 * Remembers lookups (translation groups, term counts) until the projection's applied position moves. The read model
 * changes only by applying events, which moves that position, so a remembered value is never older than the
 * position the request sees (with MongoDB, the checkpoint the API follows); a list page then spends no read-store
 * round trip on the dozens of groups and terms it shows, which reads repeat. Bounded: cleared at every position
 * change and whenever it holds `capacity` values.
 */
export class ReadModelMemo {
  private position: bigint | undefined;
  private readonly values = new Map<string, Promise<unknown>>();

  constructor(
    private readonly appliedPosition: () => bigint,
    private readonly capacity = 50_000,
  ) {}

  remembered<T>(key: string, load: () => Promise<T>): Promise<T> {
    const position = this.appliedPosition();
    if (position !== this.position || this.values.size >= this.capacity) {
      this.values.clear();
      this.position = position;
    }
    const known = this.values.get(key) as Promise<T> | undefined;
    if (known) return known;
    const loading = load();
    this.values.set(key, loading);
    // A failed lookup (the store unreachable) is not remembered.
    loading.catch(() => this.values.get(key) === loading && this.values.delete(key));
    return loading;
  }
}
