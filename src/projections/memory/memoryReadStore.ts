// The embedded ReadStore: documents and checkpoints in process memory, rebuilt from the event store at start.
import type {
  CheckpointStore,
  CollectionNow,
  ReadModelCollection,
  ReadModelDocuments,
  ReadStore,
} from '../readStore.ts';
import type { ProjectionMemos } from '../projectionMemos.ts';
import type { EventDocument } from '../events/eventDocument.ts';
import { MemoryEventCollection } from './memoryEventCollection.ts';
import { createMemoryTermCollection } from './memoryTermCollection.ts';
import { createMemoryOrganizerCollection, createMemoryVenueCollection } from './memoryItemCollection.ts';
import { memoryProjectionTarget } from './memoryProjectionTarget.ts';

class MemoryCheckpoints implements CheckpointStore {
  private readonly positions = new Map<string, bigint>();
  async get(projection: string): Promise<bigint | undefined> {
    return this.positions.get(projection);
  }
  async set(projection: string, position: bigint): Promise<void> {
    this.positions.set(projection, position);
  }
}

type DocumentSources = { readonly [C in ReadModelCollection]: () => Iterable<ReadModelDocuments[C]> };

/**
 * Only microtasks separate two documents, and a projection applies each event within one macrotask, so a consumer
 * that awaits nothing else while it iterates sees the documents of one applied position.
 */
async function* asAsync<T>(documents: Iterable<T>): AsyncGenerator<T> {
  yield* documents;
}

/** Every collection's documents, taken in one synchronous step. */
export type DocumentsNow = { readonly [C in ReadModelCollection]: ReadModelDocuments[C][] };

/** The documents of one moment, which keep describing it while the projection goes on, until released. */
export interface HeldReadModel {
  readonly documents: DocumentsNow;
  /** An event as it was at that moment (events are the only documents changed in place: their embedded copies). */
  readonly originalOf: (doc: EventDocument) => EventDocument;
  readonly release: () => void;
}

export interface MemoryReadStore extends ReadStore {
  readonly events: MemoryEventCollection;
  /** The documents as they are now, taken without awaiting; release the view once done with it. */
  holdDocuments(): HeldReadModel;
}

/** A memory collection's `getNow` and `translationsOfNow` as `ReadStore.readsNow` names them. */
const readsNowOf = <D>(collection: {
  getNow(id: number): D | undefined;
  translationsOfNow(group: number): ReturnType<CollectionNow<D>['translationsOf']>;
  aloneInGroupNow(group: number, id: number): boolean;
}): CollectionNow<D> => ({
  get: (id) => collection.getNow(id),
  translationsOf: (group) => collection.translationsOfNow(group),
  aloneInGroup: (group, id) => collection.aloneInGroupNow(group, id),
});

export function createMemoryReadStore(memos: ProjectionMemos): MemoryReadStore {
  const events = new MemoryEventCollection(memos.venues);
  const categories = createMemoryTermCollection('category');
  const tags = createMemoryTermCollection('tag');
  const venues = createMemoryVenueCollection();
  const organizers = createMemoryOrganizerCollection();
  const sources: DocumentSources = {
    events: () => events.byAscendingId(),
    venues: () => venues.byAscendingId(),
    organizers: () => organizers.byAscendingId(),
    categories: () => categories.byAscendingId(),
    tags: () => tags.byAscendingId(),
  };
  return {
    events,
    categories,
    tags,
    venues,
    organizers,
    checkpoints: new MemoryCheckpoints(),
    projectionTarget: memoryProjectionTarget({ events, venues, organizers, categories, tags }),
    readsNow: {
      events: readsNowOf(events),
      venues: readsNowOf(venues),
      organizers: readsNowOf(organizers),
      categories: readsNowOf(categories),
      tags: readsNowOf(tags),
    },
    documents: (collection) => asAsync(sources[collection]()),
    eventsInIdOrder: sources.events,
    holdDocuments: () => {
      const held = events.holdAscending();
      const documents = {
        events: [...held.documents],
        // Venues and organizers are replaced, never changed; counted terms are made afresh with today's count.
        venues: [...sources.venues()],
        organizers: [...sources.organizers()],
        categories: [...sources.categories()],
        tags: [...sources.tags()],
      };
      return { documents, originalOf: held.originalOf, release: held.release };
    },
    init: async () => {},
    close: async () => {},
  };
}
