// Categories or tags behind a write-behind batch: documents, counts and stale marks kept in memory and read back,
// then written in two steps around the events (see writeBehindReadStore.ts for why).
import type { CountedTerm, TermCollection, TermWriteBatch } from '../terms/termCollection.ts';
import type { TermDocument } from '../terms/termDocument.ts';
import { notAnswered } from './notAnswered.ts';

export class BufferedTerms implements TermCollection {
  private readonly pending = new Map<number, TermDocument>();
  private readonly counts = new Map<number, number>();
  /** Marked in the batch (written with the documents, ahead of the events). */
  private readonly marked = new Set<number>();
  /** Whether the batch left a count marked (true) or cleared its mark (false); absent: as the inner store says. */
  private readonly stale = new Map<number, boolean>();

  constructor(
    private readonly inner: TermCollection,
    private readonly name: string,
  ) {}

  /** Deleted terms read as undefined, as the port says. */
  async get(id: number): Promise<CountedTerm | undefined> {
    const doc = this.pending.get(id);
    if (!doc) {
      const stored = await this.inner.get(id);
      return stored && { doc: stored.doc, count: this.counts.get(id) ?? stored.count };
    }
    if (doc.deleted) return undefined;
    return { doc, count: this.counts.get(id) ?? (await this.inner.get(id))?.count ?? 0 };
  }

  /**
   * The revision guard against what the batch holds or the live inner document. A deleted inner document reads as
   * missing, so its guard is left to the flush; the replay applies the deletion again after it anyway.
   */
  async put(doc: TermDocument): Promise<void> {
    const current = this.pending.get(doc.id) ?? (await this.inner.get(doc.id))?.doc;
    if (current && current.revision >= doc.revision) return;
    this.pending.set(doc.id, doc);
  }

  async setCount(id: number, count: number): Promise<void> {
    this.counts.set(id, count);
    this.stale.set(id, false);
  }

  /** Only live terms are marked, as in the adapters. */
  async markCountsStale(ids: readonly number[]): Promise<void> {
    for (const id of ids) {
      if (!(await this.get(id))) continue;
      this.marked.add(id);
      this.stale.set(id, true);
    }
  }

  async staleCounts(): Promise<number[]> {
    const stored = (await this.inner.staleCounts()).filter((id) => this.stale.get(id) !== false);
    const batched = [...this.stale].filter(([id, marked]) => marked && !stored.includes(id)).map(([id]) => id);
    return [...stored, ...batched];
  }

  async writeBatch(batch: TermWriteBatch): Promise<void> {
    for (const doc of batch.puts ?? []) await this.put(doc);
    await this.markCountsStale(batch.staleMarks ?? []);
    for (const { id, count } of batch.counts ?? []) await this.setCount(id, count);
  }

  /** The documents and the marks of the counts the batch changes: before the events are written. */
  async flushDocuments(): Promise<void> {
    if (this.pending.size === 0 && this.marked.size === 0) return;
    await this.inner.writeBatch({ puts: [...this.pending.values()], staleMarks: [...this.marked] });
  }

  /** The counts, which clear their marks: after the events are written. */
  async flushCounts(): Promise<void> {
    if (this.counts.size === 0) return;
    await this.inner.writeBatch({ counts: [...this.counts].map(([id, count]) => ({ id, count })) });
  }

  clear(): void {
    for (const part of [this.pending, this.counts, this.marked, this.stale]) part.clear();
  }

  bySlug = () => notAnswered(`${this.name}.bySlug`);
  byName = () => notAnswered(`${this.name}.byName`);
  descendants = () => notAnswered(`${this.name}.descendants`);
  children = () => notAnswered(`${this.name}.children`);
  list = () => notAnswered(`${this.name}.list`);
  translationsOf = () => notAnswered(`${this.name}.translationsOf`);
}
