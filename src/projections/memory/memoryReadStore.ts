// The embedded ReadStore: documents and checkpoints in process memory, rebuilt from the event store at start.
import type { CheckpointStore, ReadStore } from '../readStore.ts';
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

export function createMemoryReadStore(): ReadStore {
  return {
    events: new MemoryEventCollection(),
    categories: createMemoryTermCollection('category'),
    tags: createMemoryTermCollection('tag'),
    venues: createMemoryVenueCollection(),
    organizers: createMemoryOrganizerCollection(),
    checkpoints: new MemoryCheckpoints(),
    init: async () => {},
    close: async () => {},
  };
}
