// The folded states of streams the write side reads again and again, mostly without writing them (the venues,
// organizers and terms each event write links, checked after its commit), each kept at the revision it was folded to:
// a load reads and folds only the events after that revision, so the store stays the one source of truth (other
// processes' appends included) and a kept state costs one key lookup (nothing after it) instead of the whole stream.
import { NoStream, type EventStore } from '../events/eventStore.ts';
import { decodeDomainEvent } from '../events/catalogue/envelope.ts';
import type { DomainEvent } from '../events/catalogue/index.ts';
import { OldestFirst } from '../domain/boundedMemo.ts';

/** A fold of one kind of stream; its name tells kept states apart when two folds read the same stream. */
export interface StreamFold<S, E extends DomainEvent> {
  readonly name: string;
  readonly initial: S;
  evolve(state: S, event: E): S;
  accepts(event: DomainEvent): event is E;
}

export interface FoldedStream<S> {
  readonly state: S;
  /** Revision of the last event folded, or `NoStream`. */
  readonly revision: bigint | typeof NoStream;
}

interface Kept {
  readonly state: unknown;
  readonly revision: bigint;
}

/** About 4,000 small states: the items a calendar links most, not every stream the process ever read. */
const defaultCapacity = 4096;

/** One per process, made by the composition root with the other write dependencies (`openWriteDeps`). */
export class StreamStates {
  /** In least recently used order: a state is moved to the end whenever it is kept again. */
  private readonly kept = new Map<string, Kept>();
  private readonly leastRecentFirst = new OldestFirst(this.kept);

  constructor(private readonly capacity = defaultCapacity) {}

  /** The stream's state now: the kept state with the events after it folded in, or the whole stream folded. */
  async load<S, E extends DomainEvent>(
    store: EventStore,
    streamId: string,
    fold: StreamFold<S, E>,
  ): Promise<FoldedStream<S>> {
    const key = `${fold.name} ${streamId}`;
    const kept = this.kept.get(key);
    let state = kept ? (kept.state as S) : fold.initial;
    let revision: bigint | typeof NoStream = kept ? kept.revision : NoStream;
    const tail = await store.readStream(streamId, kept ? { fromRevision: kept.revision + 1n } : {});
    for (const recorded of tail) {
      const event = decodeDomainEvent(recorded);
      if (event && fold.accepts(event)) state = fold.evolve(state, event);
      revision = recorded.revision;
    }
    if (revision !== NoStream) this.keep(key, { state, revision });
    return { state, revision };
  }

  /** How many states are kept. */
  get size(): number {
    return this.kept.size;
  }

  private keep(key: string, next: Kept): void {
    const kept = this.kept.get(key);
    // Two loads of one stream may end in any order: the state of the later revision stays.
    if (kept && kept.revision > next.revision) return;
    this.kept.delete(key);
    this.kept.set(key, next);
    if (this.kept.size > this.capacity) this.leastRecentFirst.dropOldest();
  }
}
