// Fault-injecting wrappers around the real adapters (the lmdb store, the memory read model): a call fails, times out,
// or does its work and then reports a failure, at chosen call numbers. The wrapped adapter does every real write, so
// what the code under test sees after a fault is exactly what a real store or database would hold.
import {
  AppendOutcomeUnknown,
  StoreUnavailable,
  type EventStore,
  type SubscribeOptions,
  type Subscription,
} from '../../src/events/eventStore.ts';
import type { CheckpointStore, ReadStore } from '../../src/projections/readStore.ts';

/**
 * `fail`: refused before any effect (a connection refused). `timeout`: no effect, but the caller cannot know that
 * (a deadline passed before the request reached the server). `commit-then-fail`: the work is done, then the call
 * reports a failure (the answer was lost, or the deadline passed after the commit).
 * `half-then-fail`: a bulk write does the first half of its operations, then fails (a connection lost mid-batch);
 * other calls treat it as `commit-then-fail`.
 */
export type Fault = 'fail' | 'timeout' | 'commit-then-fail' | 'half-then-fail';

/**
 * Which calls fail, counted from 1 over every wrapped call of one plan; with `only`, over the calls whose name
 * (`append to event-7`, `events.put`, `checkpoint read-model`) it matches, the others passing untouched.
 */
export class FaultPlan {
  private count = 0;
  readonly injected: Fault[] = [];
  private noteFault: () => void = () => undefined;
  /** Resolves at the first fault injected. */
  readonly faulted = new Promise<void>((resolve) => (this.noteFault = resolve));

  constructor(
    private readonly faults: ReadonlyMap<number, Fault> = new Map(),
    private readonly only?: RegExp,
  ) {}

  /** One fault at the k-th call. */
  static at(call: number, fault: Fault, only?: RegExp): FaultPlan {
    return new FaultPlan(new Map([[call, fault]]), only);
  }

  /** The same fault at every call from `first` on. */
  static from(first: number, fault: Fault, only?: RegExp): FaultPlan {
    return new FaultPlan(new Map(Array.from({ length: 10_000 }, (_, i) => [first + i, fault] as const)), only);
  }

  get calls(): number {
    return this.count;
  }

  /** Runs `work` through the plan; `what` names the call in the injected error. */
  async run<T>(what: string, work: () => Promise<T>, half: () => Promise<unknown> = work): Promise<T> {
    if (this.only && !this.only.test(what)) return work();
    const fault = this.faults.get(++this.count);
    if (fault === undefined) return work();
    this.injected.push(fault);
    this.noteFault();
    if (fault === 'fail') throw new StoreUnavailable(`injected: ${what} refused`);
    if (fault === 'timeout') throw new AppendOutcomeUnknown(`injected: ${what} timed out`);
    await (fault === 'half-then-fail' ? half() : work());
    throw new AppendOutcomeUnknown(`injected: ${what} committed, then its answer was lost`);
  }
}

/** The real store with its appends (single and multi-stream) run through the plan; reads and subscriptions as is. */
export function faultyAppends(store: EventStore, plan: FaultPlan): EventStore {
  return {
    append: (streamId, events, expected, options) =>
      plan.run(`append to ${streamId}`, () => store.append(streamId, events, expected, options)),
    appendToStreams: (appends, options) =>
      plan.run(`append to streams ${appends.map((append) => append.streamId).join(' ')}`, () =>
        store.appendToStreams(appends, options),
      ),
    readStream: store.readStream.bind(store),
    readAll: store.readAll.bind(store),
    headPosition: store.headPosition.bind(store),
    subscribeToAll: store.subscribeToAll.bind(store),
    close: store.close.bind(store),
  };
}

/** The real store, whose first `failures` subscriptions fail at once, as when EventStoreDB is unreachable. */
export function failingSubscriptions(
  store: EventStore,
  failures: number,
): { store: EventStore; readonly subscriptions: number } {
  let subscriptions = 0;
  const wrapped: EventStore = {
    ...faultyAppends(store, new FaultPlan()),
    subscribeToAll(options: SubscribeOptions): Subscription {
      subscriptions++;
      if (subscriptions > failures) return store.subscribeToAll(options);
      return { failed: Promise.resolve(new StoreUnavailable('connection refused')), stop: async () => {} };
    },
  };
  return {
    store: wrapped,
    get subscriptions() {
      return subscriptions;
    },
  };
}

/** Checkpoint saves run through the plan; reads as is. */
export function faultyCheckpoints(checkpoints: CheckpointStore, plan: FaultPlan): CheckpointStore {
  return {
    get: (name) => checkpoints.get(name),
    set: (name, position) => plan.run(`checkpoint ${name}`, () => checkpoints.set(name, position)),
  };
}

/** Methods of the read model's collections that write. */
const writeMethods = new Set(['put', 'setEmbedded', 'setCount', 'markCountsStale', 'putMany', 'writeBatch']);

const bulkMethods = new Set(['putMany', 'writeBatch']);

const firstHalf = <T>(items: readonly T[] | undefined): T[] =>
  (items ?? []).slice(0, Math.ceil((items ?? []).length / 2));

/** The first half of each part of a bulk write's argument (`putMany` documents, `writeBatch` parts). */
function halfOf(argument: unknown): unknown {
  if (Array.isArray(argument)) return firstHalf(argument);
  return Object.fromEntries(
    Object.entries(argument as Record<string, readonly unknown[]>).map(([part, items]) => [part, firstHalf(items)]),
  );
}

/** A collection whose writing methods run through the plan. */
function faultyCollection<C extends object>(collection: C, name: string, plan: FaultPlan): C {
  return new Proxy(collection, {
    get(target, property, receiver) {
      const value: unknown = Reflect.get(target, property, receiver);
      if (typeof value !== 'function') return value;
      const method = value as (...args: unknown[]) => Promise<unknown>;
      if (typeof property !== 'string' || !writeMethods.has(property)) return method.bind(target);
      return (...args: unknown[]) =>
        plan.run(
          `${name}.${property}`,
          () => method.apply(target, args),
          () => method.apply(target, bulkMethods.has(property) ? [halfOf(args[0])] : args),
        );
    },
  });
}

/** The real read model with every write (documents, counts, checkpoints) run through one plan. */
export function faultyReadStore(readStore: ReadStore, plan: FaultPlan): ReadStore {
  return {
    ...readStore,
    // Every write through the port, where the plan sees it: the projections drive the port through a unit of work.
    projectionTarget: undefined,
    // Reads too: the read routes then take the port's asynchronous path, as on MongoDB.
    readsNow: undefined,
    documents: readStore.documents.bind(readStore),
    init: readStore.init.bind(readStore),
    close: readStore.close.bind(readStore),
    events: faultyCollection(readStore.events, 'events', plan),
    venues: faultyCollection(readStore.venues, 'venues', plan),
    organizers: faultyCollection(readStore.organizers, 'organizers', plan),
    categories: faultyCollection(readStore.categories, 'categories', plan),
    tags: faultyCollection(readStore.tags, 'tags', plan),
    checkpoints: faultyCheckpoints(readStore.checkpoints, plan),
  };
}

/** No fault: every call a turn of the event loop later, as on a remote store. */
class TurnTakingPlan extends FaultPlan {
  override async run<T>(_what: string, work: () => Promise<T>): Promise<T> {
    await new Promise<void>((resolve) => setImmediate(resolve));
    return work();
  }
}

/**
 * The real read model through its port alone, each write a turn of the event loop later: the projections then write
 * through a unit of work whose flush spans several turns.
 */
export function writesTakingTurns(readStore: ReadStore): ReadStore {
  return faultyReadStore(readStore, new TurnTakingPlan());
}

/** Collects the unhandled rejections of the process while `work` runs, for tests that must show there are none. */
export async function unhandledRejectionsDuring(work: () => Promise<void>): Promise<unknown[]> {
  const seen: unknown[] = [];
  const listener = (reason: unknown) => seen.push(reason);
  process.on('unhandledRejection', listener);
  try {
    await work();
    // A rejection is reported after the microtasks of the turn that left it unhandled.
    await new Promise((resolve) => setTimeout(resolve, 20));
  } finally {
    process.off('unhandledRejection', listener);
  }
  return seen;
}
