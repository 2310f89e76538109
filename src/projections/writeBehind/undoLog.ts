// The changes a projection step made to a unit of work's pending writes, so that a step run before everything it
// reads was loaded can be taken back whole and run again (bufferedProjection.ts).

export class UndoLog {
  private readonly undos: (() => void)[] = [];

  /** Sets `key` in `map`, noting how to take it back. */
  set<K, V>(map: Map<K, V>, key: K, value: V): void {
    if (map.has(key)) {
      const before = map.get(key) as V;
      this.undos.push(() => map.set(key, before));
    } else {
      this.undos.push(() => map.delete(key));
    }
    map.set(key, value);
  }

  /** Takes back every change since the last `keep`, the latest first. */
  rollBack(): void {
    for (let i = this.undos.length - 1; i >= 0; i--) (this.undos[i] as () => void)();
    this.undos.length = 0;
  }

  /** The changes so far stay. */
  keep(): void {
    this.undos.length = 0;
  }
}
