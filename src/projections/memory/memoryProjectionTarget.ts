// The memory read model as the projectors' target: its collections' own synchronous methods, so that a replay or the
// live projection applies an event in one turn, without a promise per read or write.
import type { ProjectedItems, ProjectedTerms, ProjectionTarget } from '../projectionTarget.ts';
import type { ItemDocument } from '../posts/itemDocument.ts';
import type { VenueDocument } from '../venues/venueDocument.ts';
import type { OrganizerDocument } from '../organizers/organizerDocument.ts';
import type { MemoryEventCollection } from './memoryEventCollection.ts';
import type { MemoryItemCollection } from './memoryItemCollection.ts';
import type { MemoryTermCollection } from './memoryTermCollection.ts';

export interface MemoryCollections {
  readonly events: MemoryEventCollection;
  readonly venues: MemoryItemCollection<VenueDocument>;
  readonly organizers: MemoryItemCollection<OrganizerDocument>;
  readonly categories: MemoryTermCollection;
  readonly tags: MemoryTermCollection;
}

const itemsOf = <D extends ItemDocument>(items: MemoryItemCollection<D>): ProjectedItems<D> => ({
  get: (id) => items.getNow(id),
  put: (doc) => items.putNow(doc),
});

const termsOf = (terms: MemoryTermCollection): ProjectedTerms => ({
  get: (id) => terms.getNow(id),
  document: (id) => terms.documentNow(id),
  count: (id) => terms.countNow(id),
  put: (doc) => terms.putNow(doc),
  setCount: (id, count) => terms.setCountNow(id, count),
  markCountsStale: (ids) => terms.markCountsStaleNow(ids),
  staleCounts: () => terms.staleCountsNow(),
});

export function memoryProjectionTarget(collections: MemoryCollections): ProjectionTarget {
  const { events } = collections;
  return {
    events: {
      get: (id) => events.getNow(id),
      put: (doc) => events.putNow(doc),
      linking: (field, id) => events.linkingNow(field, id),
      setEmbedded: (id, embedded) => events.setEmbeddedNow(id, embedded),
    },
    venues: itemsOf(collections.venues),
    organizers: itemsOf(collections.organizers),
    categories: termsOf(collections.categories),
    tags: termsOf(collections.tags),
  };
}
