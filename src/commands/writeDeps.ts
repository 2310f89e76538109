// What every command handler writes through: the store and the identity registries shared by all resources.
import type { EventStore } from '../events/eventStore.ts';
import type { IdAllocator } from './registries/idAllocator.ts';
import type { SlugRegistry } from './registries/slugRegistry.ts';

export interface WriteDeps {
  readonly store: EventStore;
  /** `ids-post`: events, venues, organizers and images share this sequence (docs/api.md §1.4). */
  readonly postIds: IdAllocator;
  /** `ids-term`: categories and tags share this sequence. */
  readonly termIds: IdAllocator;
  readonly slugs: SlugRegistry;
}
