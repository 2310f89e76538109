// The events of a unit of work: documents put or re-embedded kept in memory and read back (by id, and among the
// events linking an item) over what was loaded, then written as one `writeBatch`.
import type { EventWriteBatch } from '../readStore.ts';
import type { EmbeddedLinks, EventDocument, LinkField } from '../events/eventDocument.ts';
import type { VenueLocations } from '../events/venueLocations.ts';
import type { ProjectedEvents } from '../projectionTarget.ts';
import type { LoadedDocuments } from './loadedDocuments.ts';
import type { UndoLog } from './undoLog.ts';

/** `put`: a new revision to store whole; otherwise only its embedded copies changed (`setEmbedded`). */
interface PendingEvent {
  readonly doc: EventDocument;
  readonly put: boolean;
}

export class BufferedEvents implements ProjectedEvents {
  private readonly pending = new Map<number, PendingEvent>();

  constructor(
    private readonly loaded: LoadedDocuments,
    private readonly log: UndoLog,
    private readonly venueLocations: VenueLocations,
  ) {}

  get(id: number): EventDocument | undefined {
    return this.pending.get(id)?.doc ?? this.loaded.event(id);
  }

  put(doc: EventDocument): void {
    const current = this.get(doc.id);
    if (current && current.revision >= doc.revision) return;
    this.log.set(this.pending, doc.id, { doc, put: true });
  }

  /** A copy: the loaded document may be the inner store's own (the memory store hands it out). */
  setEmbedded(id: number, embedded: EmbeddedLinks): void {
    const current = this.get(id);
    if (!current) return;
    const doc = { ...current, embedded, venueLocations: this.venueLocations.of(embedded.venues) };
    this.log.set(this.pending, id, { doc, put: this.pending.get(id)?.put ?? false });
  }

  /** The loaded answer with the unit's documents in place of its own, and those the unit made link. */
  linking(field: LinkField, id: number): readonly EventDocument[] {
    const stored = this.loaded.linking(field, id).filter((doc) => !this.pending.has(doc.id));
    const batched = [...this.pending.values()].map((entry) => entry.doc).filter((doc) => doc[field].includes(id));
    return [...stored, ...batched];
  }

  /** What the flush writes; undefined when nothing. */
  writes(): EventWriteBatch | undefined {
    if (this.pending.size === 0) return undefined;
    const entries = [...this.pending.values()];
    return {
      puts: entries.filter((entry) => entry.put).map((entry) => entry.doc),
      embedded: entries.filter((entry) => !entry.put).map(({ doc }) => ({ id: doc.id, embedded: doc.embedded })),
    };
  }

  get holdsWrites(): boolean {
    return this.pending.size > 0;
  }

  clear(): void {
    this.pending.clear();
  }
}
