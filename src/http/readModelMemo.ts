// Read-model lookups shared by the requests served while the read model stays at one position.

/**
 * Remembers lookups (translations, term counts) until the projection's applied position moves. The read model
 * changes only by applying events, which moves that position, so a remembered value is never older than the
 * position the request sees (with MongoDB, the checkpoint the API follows); a list page then spends no read-store
 * round trip on the dozens of groups and terms it shows, which reads repeat. Values sit in tables (keyed by number
 * where they can be, so that a lookup builds no key text). Bounded: every table starts afresh at a position change
 * and whenever it holds its capacity.
 */
export class ReadModelMemo {
  private position: bigint | undefined;
  private tables = new Map<string, Map<unknown, unknown>>();

  constructor(
    private readonly appliedPosition: () => bigint,
    private readonly capacity = 50_000,
  ) {}

  /**
   * The table `name` at the current position. Take it before reading what goes into it: once the position moves the
   * memo starts new tables, so a value read across that move lands in a table no later request sees.
   */
  table<T, K = number>(name: string, capacity = this.capacity): Map<K, T> {
    const position = this.appliedPosition();
    if (position !== this.position) {
      this.tables = new Map();
      this.position = position;
    }
    let table = this.tables.get(name);
    if (!table || table.size >= capacity) {
      table = new Map();
      this.tables.set(name, table);
    }
    return table as Map<K, T>;
  }
}
