// What every command handler writes through: the store and the identity registries shared by all resources.
import type { EventStore } from '../events/eventStore.ts';
import { IdAllocator, type IdSource } from './registries/idAllocator.ts';
import { SlugRegistry } from './registries/slugRegistry.ts';
import { StreamLocks } from './streamLocks.ts';
import { StreamStates } from './streamStates.ts';
import type { ZoneClock } from '../domain/timeZone.ts';
import type { RecurrenceSettings } from './events/seriesPlanning.ts';

/**
 * The items a process writes again soon (an editor's session, an import's second pass) are few; a state is ~1–5 KB,
 * up to tens of KB for a series item with hundreds of planned occurrences, so at most a few tens of MB in all.
 */
export const postStatesCapacity = 1024;

export interface WriteDeps {
  readonly store: EventStore;
  /** `ids-post`: events, venues, organizers and images share this sequence (docs/api.md §1.4). */
  readonly postIds: IdSource;
  /** `ids-term`: categories and tags share this sequence. */
  readonly termIds: IdSource;
  readonly slugs: SlugRegistry;
  /** The process's one set of stream locks (see streamLocks.ts). */
  readonly locks: StreamLocks;
  /** The process's kept states of streams read again and again (see streamStates.ts). */
  readonly streamStates: StreamStates;
  /**
   * The folded states of the events, venues and organizers this process writes, kept apart from `streamStates` so that
   * a walk of updates over many items does not push out the few linked items every event write checks; fewer of them
   * (`postStatesCapacity`), since a series item's state holds its planned occurrences.
   */
  readonly postStates: StreamStates;
  /** The process's zone clock (its memos), for the dates commands read and settle into UTC. */
  readonly zones: ZoneClock;
  /** The horizon and maximum of recurring series (CAL_RECURRENCE_HORIZON_MONTHS, CAL_RECURRENCE_MAX_OCCURRENCES). */
  readonly recurrence: RecurrenceSettings;
}

/** A process's write deps over `store`: its id sequences, slug registry and stream locks, made once by a root. */
export function openWriteDeps(store: EventStore, zones: ZoneClock, recurrence: RecurrenceSettings): WriteDeps {
  return {
    store,
    postIds: new IdAllocator(store, 'ids-post'),
    termIds: new IdAllocator(store, 'ids-term'),
    slugs: new SlugRegistry(store),
    locks: new StreamLocks(),
    streamStates: new StreamStates(),
    postStates: new StreamStates(postStatesCapacity),
    zones,
    recurrence,
  };
}
