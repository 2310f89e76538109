// The embedded ReadStore: documents and checkpoints in process memory, rebuilt from the event store at start.
import type { CheckpointStore, ReadModelCollection, ReadModelDocuments, ReadStore } from '../readStore.ts';
import type { ProjectionMemos } from '../projectionMemos.ts';
import { MemoryEventCollection } from './memoryEventCollection.ts';
import { createMemoryTermCollection } from './memoryTermCollection.ts';
import { createMemoryOrganizerCollection, createMemoryVenueCollection } from './memoryItemCollection.ts';

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

export function createMemoryReadStore(memos: ProjectionMemos): ReadStore {
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
    documents: (collection) => asAsync(sources[collection]()),
    init: async () => {},
    close: async () => {},
  };
}
