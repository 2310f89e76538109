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

/**
 * Ids filed under a language and a slug (an event's slug is unique per language), as IdsByKey under
 * `language|slug` would file them, without making that key string for every document put: a replay or a snapshot
 * load puts hundreds of thousands, and each joined key was a string to make, hash and keep.
 */
export class IdsBySlug {
  private readonly byLanguage = new Map<string, IdsByKey<string>>();

  add(language: string, slug: string, id: number): void {
    let slugs = this.byLanguage.get(language);
    if (slugs === undefined) this.byLanguage.set(language, (slugs = new IdsByKey()));
    slugs.add(slug, id);
  }

  delete(language: string, slug: string, id: number): void {
    this.byLanguage.get(language)?.delete(slug, id);
  }

  /** The ids under the language and slug, in the order they were added. */
  get(language: string, slug: string): number[] {
    return this.byLanguage.get(language)?.get(slug) ?? [];
  }
}
