// Values per (language, status) pair, the scopes the event collection partitions and numbers its documents by.

/**
 * A map keyed by language, then status: every put of a replay looks its scope up twice (its partition, its column
 * number), and a joined `language|status` key was a new string to build and hash each time.
 */
export class ScopeMap<V> {
  private readonly byLanguage = new Map<string, Map<string, V>>();
  private count = 0;

  /** Scopes held. */
  get size(): number {
    return this.count;
  }

  get(language: string, status: string): V | undefined {
    return this.byLanguage.get(language)?.get(status);
  }

  set(language: string, status: string, value: V): void {
    let byStatus = this.byLanguage.get(language);
    if (byStatus === undefined) this.byLanguage.set(language, (byStatus = new Map()));
    if (!byStatus.has(status)) this.count++;
    byStatus.set(status, value);
  }
}
