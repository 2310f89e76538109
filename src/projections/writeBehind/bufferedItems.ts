// Venues or organizers of a unit of work: puts kept in memory and read back over what was loaded, then one `putMany`.
import type { ProjectedItems } from '../projectionTarget.ts';
import type { UndoLog } from './undoLog.ts';

export class BufferedItems<D extends { readonly id: number; readonly revision: number }> implements ProjectedItems<D> {
  private readonly pending = new Map<number, D>();

  /** `loaded`: the inner store's document as loaded (bufferedProjection.ts). */
  constructor(
    private readonly loaded: (id: number) => D | undefined,
    private readonly log: UndoLog,
  ) {}

  get(id: number): D | undefined {
    return this.pending.get(id) ?? this.loaded(id);
  }

  /** The revision guard of the port, against what the unit holds or else the inner store. */
  put(doc: D): void {
    const current = this.get(doc.id);
    if (current && current.revision >= doc.revision) return;
    this.log.set(this.pending, doc.id, doc);
  }

  /** What the flush writes; undefined when nothing. */
  writes(): D[] | undefined {
    return this.pending.size === 0 ? undefined : [...this.pending.values()];
  }

  get holdsWrites(): boolean {
    return this.pending.size > 0;
  }

  clear(): void {
    this.pending.clear();
  }
}
