// Categories or tags of a unit of work: documents, counts and stale marks kept in memory and read back over what was
// loaded, then written in two steps around the events (see bufferedProjection.ts for why).
import type { CountedTerm, TermWriteBatch } from '../terms/termCollection.ts';
import type { TermDocument } from '../terms/termDocument.ts';
import type { ProjectedTerms } from '../projectionTarget.ts';
import type { LoadedDocuments, TermField } from './loadedDocuments.ts';
import type { UndoLog } from './undoLog.ts';

export class BufferedTerms implements ProjectedTerms {
  private readonly pending = new Map<number, TermDocument>();
  private readonly counts = new Map<number, number>();
  /** Marked in the unit (written with the documents, ahead of the events). */
  private readonly marked = new Map<number, true>();
  /** Whether the unit left a count marked (true) or cleared its mark (false); absent: as the inner store says. */
  private readonly stale = new Map<number, boolean>();

  constructor(
    private readonly field: TermField,
    private readonly loaded: LoadedDocuments,
    private readonly log: UndoLog,
  ) {}

  /** Deleted terms read as undefined, as the port says. */
  get(id: number): CountedTerm | undefined {
    const doc = this.pending.get(id);
    if (!doc) {
      const stored = this.loaded.term(this.field, id);
      return stored && { doc: stored.doc, count: this.counts.get(id) ?? stored.count };
    }
    if (doc.deleted) return undefined;
    return { doc, count: this.counts.get(id) ?? this.loaded.term(this.field, id)?.count ?? 0 };
  }

  document(id: number): TermDocument | undefined {
    return this.get(id)?.doc;
  }

  count(id: number): number {
    return this.get(id)?.count ?? 0;
  }

  /**
   * The revision guard against what the unit holds or the live inner document. A deleted inner document reads as
   * missing, so its guard is left to the flush (the port's `put` keeps deleted terms deleted).
   */
  put(doc: TermDocument): void {
    const current = this.pending.get(doc.id) ?? this.loaded.term(this.field, doc.id)?.doc;
    if (current && current.revision >= doc.revision) return;
    this.log.set(this.pending, doc.id, doc);
  }

  setCount(id: number, count: number): void {
    this.log.set(this.counts, id, count);
    this.log.set(this.stale, id, false);
  }

  /** Only live terms are marked, as in the adapters. */
  markCountsStale(ids: readonly number[]): void {
    for (const id of ids) {
      if (!this.get(id)) continue;
      this.log.set(this.marked, id, true);
      this.log.set(this.stale, id, true);
    }
  }

  staleCounts(): readonly number[] {
    const stored = this.loaded.staleCounts(this.field).filter((id) => this.stale.get(id) !== false);
    const batched = [...this.stale].filter(([id, marked]) => marked && !stored.includes(id)).map(([id]) => id);
    return [...stored, ...batched];
  }

  /** The documents and the marks of the counts the unit changes: written before the events. */
  documentWrites(): TermWriteBatch | undefined {
    if (this.pending.size === 0 && this.marked.size === 0) return undefined;
    return { puts: [...this.pending.values()], staleMarks: [...this.marked.keys()] };
  }

  /** The counts, which clear their marks: written after the events. */
  countWrites(): TermWriteBatch | undefined {
    if (this.counts.size === 0) return undefined;
    return { counts: [...this.counts].map(([id, count]) => ({ id, count })) };
  }

  get holdsWrites(): boolean {
    return this.pending.size > 0 || this.marked.size > 0 || this.counts.size > 0;
  }

  clear(): void {
    for (const part of [this.pending, this.counts, this.marked, this.stale]) part.clear();
  }
}
