// The events collection behind a write-behind batch: documents put or re-embedded kept in memory and read back
// (by id, and among the events linking an item), then one `writeBatch`.
import type { EventCollection, EventWriteBatch } from '../readStore.ts';
import type { EmbeddedLinks, EventDocument, LinkField } from '../events/eventDocument.ts';
import type { VenueLocations } from '../events/venueLocations.ts';
import { notAnswered } from './notAnswered.ts';

/** `put`: a new revision to store whole; otherwise only its embedded copies changed (`setEmbedded`). */
interface PendingEvent {
  readonly doc: EventDocument;
  readonly put: boolean;
}

export class BufferedEvents implements EventCollection {
  private readonly pending = new Map<number, PendingEvent>();

  constructor(
    private readonly inner: EventCollection,
    private readonly venueLocations: VenueLocations,
  ) {}

  async get(id: number): Promise<EventDocument | undefined> {
    return this.pending.get(id)?.doc ?? this.inner.get(id);
  }

  async put(doc: EventDocument): Promise<void> {
    const current = await this.get(doc.id);
    if (current && current.revision >= doc.revision) return;
    this.pending.set(doc.id, { doc, put: true });
  }

  /** A copy: the inner store's own document must not change before the flush (the memory store hands it out). */
  async setEmbedded(id: number, embedded: EmbeddedLinks): Promise<void> {
    const current = await this.get(id);
    if (!current) return;
    const doc = { ...current, embedded, venueLocations: this.venueLocations.of(embedded.venues) };
    this.pending.set(id, { doc, put: this.pending.get(id)?.put ?? false });
  }

  /** The inner store's answer with the batch's documents in place of its own, and those the batch made link. */
  async linking(field: LinkField, id: number): Promise<EventDocument[]> {
    const stored = (await this.inner.linking(field, id)).filter((doc) => !this.pending.has(doc.id));
    const batched = [...this.pending.values()].map((entry) => entry.doc).filter((doc) => doc[field].includes(id));
    return [...stored, ...batched];
  }

  async writeBatch(batch: EventWriteBatch): Promise<void> {
    for (const doc of batch.puts) await this.put(doc);
    for (const { id, embedded } of batch.embedded) await this.setEmbedded(id, embedded);
  }

  async flush(): Promise<void> {
    if (this.pending.size === 0) return;
    const entries = [...this.pending.values()];
    await this.inner.writeBatch({
      puts: entries.filter((entry) => entry.put).map((entry) => entry.doc),
      embedded: entries.filter((entry) => !entry.put).map(({ doc }) => ({ id: doc.id, embedded: doc.embedded })),
    });
  }

  clear(): void {
    this.pending.clear();
  }

  bySlug = () => notAnswered('events.bySlug');
  list = () => notAnswered('events.list');
  translationsOf = () => notAnswered('events.translationsOf');
  linkedIds = () => notAnswered('events.linkedIds');
  scheduledPublications = () => notAnswered('events.scheduledPublications');
}
