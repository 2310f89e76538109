// Venues or organizers behind a write-behind batch: puts kept in memory and read back, then one `putMany`.
import type { VenueCollection } from '../venues/venueCollection.ts';
import type { OrganizerCollection } from '../organizers/organizerCollection.ts';
import type { VenueDocument } from '../venues/venueDocument.ts';
import type { OrganizerDocument } from '../organizers/organizerDocument.ts';
import { notAnswered } from './notAnswered.ts';

type ItemCollection<D> = D extends VenueDocument ? VenueCollection : OrganizerCollection;

export class BufferedItems<D extends VenueDocument | OrganizerDocument> {
  private readonly pending = new Map<number, D>();

  constructor(
    private readonly inner: ItemCollection<D>,
    private readonly name: string,
  ) {}

  async get(id: number): Promise<D | undefined> {
    return this.pending.get(id) ?? ((await this.inner.get(id)) as D | undefined);
  }

  /** The revision guard of the port, against what the batch holds or else the inner store. */
  async put(doc: D): Promise<void> {
    const current = await this.get(doc.id);
    if (current && current.revision >= doc.revision) return;
    this.pending.set(doc.id, doc);
  }

  async putMany(docs: readonly D[]): Promise<void> {
    for (const doc of docs) await this.put(doc);
  }

  async flush(): Promise<void> {
    if (this.pending.size > 0)
      await (this.inner.putMany as (docs: readonly D[]) => Promise<void>)([...this.pending.values()]);
  }

  clear(): void {
    this.pending.clear();
  }

  bySlug = () => notAnswered(`${this.name}.bySlug`);
  list = () => notAnswered(`${this.name}.list`);
  translationsOf = () => notAnswered(`${this.name}.translationsOf`);
  findDuplicate = () => notAnswered(`${this.name}.findDuplicate`);
  scheduledPublications = () => notAnswered(`${this.name}.scheduledPublications`);
}
