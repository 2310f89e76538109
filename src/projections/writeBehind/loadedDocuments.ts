// What a unit of work read from its asynchronous read store, kept so that a step reads it in the calling turn. A read
// of something not loaded yet answers "absent" and is noted as a miss: the step is then taken back, the misses are
// loaded together (one round trip each, all at once), and the step runs again (bufferedProjection.ts).
import type { ReadStore } from '../readStore.ts';
import type { EventDocument, LinkField } from '../events/eventDocument.ts';
import type { VenueDocument } from '../venues/venueDocument.ts';
import type { OrganizerDocument } from '../organizers/organizerDocument.ts';
import type { CountedTerm } from '../terms/termCollection.ts';

export type TermField = 'categories' | 'tags';

const noDocuments: readonly EventDocument[] = Object.freeze([]);
const noIds: readonly number[] = Object.freeze([]);

export class LoadedDocuments {
  private readonly events = new Map<number, EventDocument | undefined>();
  private readonly linkingEvents = new Map<string, readonly EventDocument[]>();
  private readonly venues = new Map<number, VenueDocument | undefined>();
  private readonly organizers = new Map<number, OrganizerDocument | undefined>();
  private readonly terms: { readonly [F in TermField]: Map<number, CountedTerm | undefined> } = {
    categories: new Map(),
    tags: new Map(),
  };
  private readonly stale = new Map<TermField, readonly number[]>();
  private readonly misses = new Map<string, () => Promise<void>>();

  constructor(private readonly inner: ReadStore) {}

  event(id: number): EventDocument | undefined {
    return this.known(this.events, `event ${id}`, id, undefined, () => this.inner.events.get(id));
  }

  linking(field: LinkField, id: number): readonly EventDocument[] {
    const key = `${field} ${id}`;
    return this.known(this.linkingEvents, `linking ${key}`, key, noDocuments, () =>
      this.inner.events.linking(field, id),
    );
  }

  venue(id: number): VenueDocument | undefined {
    return this.known(this.venues, `venue ${id}`, id, undefined, () => this.inner.venues.get(id));
  }

  organizer(id: number): OrganizerDocument | undefined {
    return this.known(this.organizers, `organizer ${id}`, id, undefined, () => this.inner.organizers.get(id));
  }

  /** Deleted terms read as undefined, as the port says. */
  term(field: TermField, id: number): CountedTerm | undefined {
    return this.known(this.terms[field], `${field} ${id}`, id, undefined, () => this.inner[field].get(id));
  }

  staleCounts(field: TermField): readonly number[] {
    return this.known(this.stale, `stale ${field}`, field, noIds, () => this.inner[field].staleCounts());
  }

  /** Whether a read since the last load found something not loaded. */
  get missed(): boolean {
    return this.misses.size > 0;
  }

  /** Loads every miss, all at once. */
  async loadMisses(): Promise<void> {
    const loads = [...this.misses.values()];
    this.misses.clear();
    await Promise.all(loads.map((load) => load()));
  }

  clear(): void {
    for (const loaded of [this.events, this.linkingEvents, this.venues, this.organizers, this.stale]) loaded.clear();
    this.terms.categories.clear();
    this.terms.tags.clear();
    this.misses.clear();
  }

  private known<K, V>(loaded: Map<K, V>, miss: string, key: K, absent: V, load: () => Promise<V>): V {
    if (loaded.has(key)) return loaded.get(key) as V;
    if (!this.misses.has(miss)) this.misses.set(miss, async () => void loaded.set(key, await load()));
    return absent;
  }
}
