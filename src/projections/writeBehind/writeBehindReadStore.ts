// A write-behind layer in front of a read store, for replays (docs/operations.md, rebuild): the documents a batch of
// events touches are kept in memory and read back by the projections, then written as one bulk write per collection.
import type { ReadStore } from '../readStore.ts';
import type { VenueLocations } from '../events/venueLocations.ts';
import type { VenueDocument } from '../venues/venueDocument.ts';
import type { OrganizerDocument } from '../organizers/organizerDocument.ts';
import { BufferedEvents } from './bufferedEvents.ts';
import { BufferedItems } from './bufferedItems.ts';
import { BufferedTerms } from './bufferedTerms.ts';
import { notAnswered } from './notAnswered.ts';

export interface WriteBehindReadStore extends ReadStore {
  /**
   * Writes what the batch holds and empties it. The order keeps term counts convergent when a write fails half-way
   * (the checkpoint then stays at the last flushed batch, and the replay from it first settles the marked counts):
   * term documents and the marks of the counts the batch changes go first, then venues, organizers and events, then
   * the counts, which clear the marks. Categories and tags are thus written twice in a batch that changes counts,
   * every other collection once.
   */
  flush(): Promise<void>;
}

/** `venueLocations`: the read model's memo, for the locations that follow embedded venues in a batched document. */
export function writeBehind(inner: ReadStore, venueLocations: VenueLocations): WriteBehindReadStore {
  const events = new BufferedEvents(inner.events, venueLocations);
  const venues = new BufferedItems<VenueDocument>(inner.venues, 'venues');
  const organizers = new BufferedItems<OrganizerDocument>(inner.organizers, 'organizers');
  const categories = new BufferedTerms(inner.categories, 'categories');
  const tags = new BufferedTerms(inner.tags, 'tags');
  const buffers = [events, venues, organizers, categories, tags];
  return {
    events,
    venues,
    organizers,
    categories,
    tags,
    checkpoints: inner.checkpoints,
    documents: () => ({ [Symbol.asyncIterator]: () => ({ next: () => notAnswered('documents') }) }),
    init: () => inner.init(),
    close: () => inner.close(),
    async flush() {
      for (const terms of [categories, tags]) await terms.flushDocuments();
      for (const items of [venues, organizers, events]) await items.flush();
      for (const terms of [categories, tags]) await terms.flushCounts();
      for (const buffer of buffers) buffer.clear();
    },
  };
}
