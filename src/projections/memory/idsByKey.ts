// Ids filed under keys where nearly every key holds a single id (slugs, translation groups).

/**
 * A Set costs about 200 bytes even with one member, and these indexes hold a key per document: tens of MB per 100k
 * events. A key's single id is kept as a plain number, a Set only from its second id on. The ids of a key keep the
 * order a Set would give them.
 */
export class IdsByKey<K> {
  private readonly entries = new Map<K, number | Set<number>>();

  add(key: K, id: number): void {
    const held = this.entries.get(key);
    if (held === undefined) this.entries.set(key, id);
    else if (typeof held !== 'number') held.add(id);
    else if (held !== id) this.entries.set(key, new Set([held, id]));
  }

  delete(key: K, id: number): void {
    const held = this.entries.get(key);
    if (held === id) {
      this.entries.delete(key);
    } else if (typeof held === 'object' && held.delete(id) && held.size === 1) {
      this.entries.set(key, held.values().next().value as number);
    }
  }

  /** The ids under `key`, in the order they were added. */
  get(key: K): number[] {
    const held = this.entries.get(key);
    return held === undefined ? [] : typeof held === 'number' ? [held] : [...held];
  }
}
