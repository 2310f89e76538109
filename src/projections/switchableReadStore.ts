// A ReadStore that forwards every call to a delegate that can be swapped, for processes following a blue-green switch.
import type { CheckpointStore, EventCollection, ReadStore } from './readStore.ts';
import type { TermCollection } from './terms/termCollection.ts';
import type { VenueCollection } from './venues/venueCollection.ts';
import type { OrganizerCollection } from './organizers/organizerCollection.ts';

export interface SwitchableReadStore {
  /** Resolves the delegate at every call, so a reference kept by a route or projector follows a switch. */
  readonly readStore: ReadStore;
  current(): ReadStore;
  /** Calls from now on go to `store`; calls already running finish on the one they started on. */
  switchTo(store: ReadStore): void;
}

export interface SwitchableReadStoreOptions {
  /** What closing `readStore` does; default: close the current delegate. */
  readonly close?: () => Promise<void>;
}

/** Every method name of a port, each required: a method added to the port fails to compile here until forwarded. */
type MethodNames<T> = { readonly [K in keyof T]-?: true };

const eventMethods: MethodNames<EventCollection> = {
  get: true,
  bySlug: true,
  list: true,
  put: true,
  translationsOf: true,
  linking: true,
  linkedIds: true,
  setEmbedded: true,
  writeBatch: true,
  scheduledPublications: true,
};
const venueMethods: MethodNames<VenueCollection> = {
  get: true,
  bySlug: true,
  list: true,
  put: true,
  putMany: true,
  translationsOf: true,
  findDuplicate: true,
  scheduledPublications: true,
};
const organizerMethods: MethodNames<OrganizerCollection> = {
  get: true,
  bySlug: true,
  list: true,
  put: true,
  putMany: true,
  translationsOf: true,
  findDuplicate: true,
  scheduledPublications: true,
};
const termMethods: MethodNames<TermCollection> = {
  get: true,
  bySlug: true,
  byName: true,
  descendants: true,
  children: true,
  list: true,
  put: true,
  translationsOf: true,
  setCount: true,
  markCountsStale: true,
  staleCounts: true,
  writeBatch: true,
};
const checkpointMethods: MethodNames<CheckpointStore> = { get: true, set: true };

type AnyMethod = (...args: unknown[]) => unknown;

/** An object whose methods look the target up at call time, never at creation or property access. */
function forwarding<T extends object>(target: () => T, methods: MethodNames<T>): T {
  const forwarder: Record<string, AnyMethod> = {};
  for (const name of Object.keys(methods)) {
    forwarder[name] = (...args) => {
      const resolved = target() as Record<string, AnyMethod>;
      return (resolved[name] as AnyMethod).apply(resolved, args);
    };
  }
  return forwarder as T;
}

export function switchableReadStore(initial: ReadStore, options: SwitchableReadStoreOptions = {}): SwitchableReadStore {
  let current = initial;
  const readStore: ReadStore = {
    events: forwarding(() => current.events, eventMethods),
    venues: forwarding(() => current.venues, venueMethods),
    organizers: forwarding(() => current.organizers, organizerMethods),
    categories: forwarding(() => current.categories, termMethods),
    tags: forwarding(() => current.tags, termMethods),
    checkpoints: forwarding(() => current.checkpoints, checkpointMethods),
    documents: (collection) => current.documents(collection),
    init: () => current.init(),
    close: options.close ?? (() => current.close()),
  };
  return {
    readStore,
    current: () => current,
    switchTo: (store) => {
      current = store;
    },
  };
}
