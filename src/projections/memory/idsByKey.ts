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

  /** True when `key` holds no id but `id` (or none): a look-up that makes no array. */
  holdsOnly(key: K, id: number): boolean {
    const held = this.entries.get(key);
    return held === undefined || held === id;
  }

  /** The ids under `key`, in the order they were added. */
  get(key: K): number[] {
    const held = this.entries.get(key);
    return held === undefined ? [] : typeof held === 'number' ? [held] : [...held];
  }
}

/** What files an id under a language and a slug: an event document. */
export interface SlugOfId {
  readonly language: string;
  readonly slug: string;
  readonly id: number;
}

/**
 * Ids filed under a language and a slug (an event's slug is unique per language), as IdsByKey under
 * `language|slug` would file them, without making that key string for every document put: a replay or a snapshot
 * load puts hundreds of thousands, and each joined key was a string to make, hash and keep.
 */
export class IdsBySlug {
  private readonly byLanguage = new Map<string, IdsByKey<string>>();
  /** Filed by `addAllLater`, not yet in the maps from `filed` on: every other call files them first, in order. */
  private pending: readonly SlugOfId[] | undefined;
  private filed = 0;

  /**
   * `add` of each in turn, done at the first call that reads or changes the index, or at `settle`: a snapshot load
   * then spends no time hashing ~340k slugs before the service is ready (a tenth of its CPU at 1M store events).
   */
  addAllLater(items: readonly SlugOfId[]): void {
    this.settle();
    this.pending = items;
    this.filed = 0;
  }

  /** Files what `addAllLater` left pending, now. */
  settle(): void {
    this.settleSome(Infinity);
  }

  /** Files up to `count` more of what `addAllLater` left pending (a slice between two turns of the event loop). */
  settleSome(count: number): void {
    const items = this.pending;
    if (items === undefined) return;
    const end = Math.min(items.length, this.filed + count);
    for (let at = this.filed; at < end; at++) {
      const { language, slug, id } = items[at] as SlugOfId;
      this.addNow(language, slug, id);
    }
    this.filed = end;
    if (end === items.length) this.pending = undefined;
  }

  /** Whether some ids wait to be filed (`addAllLater`). */
  get unsettled(): boolean {
    return this.pending !== undefined;
  }

  add(language: string, slug: string, id: number): void {
    this.settle();
    this.addNow(language, slug, id);
  }

  delete(language: string, slug: string, id: number): void {
    this.settle();
    this.byLanguage.get(language)?.delete(slug, id);
  }

  /** The ids under the language and slug, in the order they were added. */
  get(language: string, slug: string): number[] {
    this.settle();
    return this.byLanguage.get(language)?.get(slug) ?? [];
  }

  private addNow(language: string, slug: string, id: number): void {
    let slugs = this.byLanguage.get(language);
    if (slugs === undefined) this.byLanguage.set(language, (slugs = new IdsByKey()));
    slugs.add(slug, id);
  }
}
