// The EventStore port: append-only streams with optimistic concurrency, one global order, and subscriptions.
// Adapters: `embedded/lmdbEventStore.ts` (default) and `esdb/esdbEventStore.ts` (EventStoreDB/KurrentDB).

/** What the writer believes about the stream's current state before appending. */
export const NoStream = 'no_stream' as const;
export const StreamExists = 'stream_exists' as const;
export const AnyRevision = 'any' as const;
/** A bigint is the exact revision of the stream's last event (the first event has revision 0n). */
export type ExpectedRevision = typeof NoStream | typeof StreamExists | typeof AnyRevision | bigint;

export interface EventMetadata {
  readonly actor: string;
  readonly occurredAt: string;
  readonly correlationId: string;
  readonly causationId: string;
  readonly schemaVersion: number;
  readonly [extra: string]: unknown;
}

export interface NewEvent {
  readonly type: string;
  readonly data: unknown;
  readonly metadata: EventMetadata;
}

export interface RecordedEvent extends NewEvent {
  readonly streamId: string;
  /** Position within the stream, from 0n. */
  readonly revision: bigint;
  /** Position in the store's global order ($all); strictly increasing, not necessarily dense. */
  readonly position: bigint;
  /**
   * Set by the embedded store's replay reads only, on an event read back in exactly the encoding the store writes: its
   * data was built by the service's typed deciders and written through the store, so a replay takes it as its
   * catalogue type at the current schema version without checking it again (`decodeDomainEvent`). Absent: checked.
   */
  readonly asWritten?: true;
}

export interface AppendResult {
  /** Revision of the last event written; the stream's new current revision. */
  readonly nextRevision: bigint;
  /** Global position of the last event written. */
  readonly position: bigint;
}

/** Typed failure of an append whose expectation did not hold. */
export class WrongExpectedRevision extends Error {
  override readonly name = 'WrongExpectedRevision';
  constructor(
    readonly streamId: string,
    readonly expected: ExpectedRevision,
    /** The stream's actual revision, or `NoStream` when it does not exist. */
    readonly actual: bigint | typeof NoStream,
  ) {
    super(`stream ${streamId}: expected ${String(expected)}, actual ${String(actual)}`);
  }
}

/** The store cannot be reached or refuses writes (disk full, server down); the write had no effect. */
export class StoreUnavailable extends Error {
  override readonly name = 'StoreUnavailable';
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
  }
}

/**
 * An append whose outcome is not known: it timed out or was cancelled after it may have reached the store, so it may
 * have committed. Nothing that depends on it not being written (giving back a slug it claimed) may be undone; the
 * outcome is settled by reading back or by appending the same events again (`settleAppend`).
 */
export class AppendOutcomeUnknown extends Error {
  override readonly name = 'AppendOutcomeUnknown';
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
  }
}

export interface AppendOptions {
  /**
   * Default true: resolves once the events are durable. False: resolves once they are visible to readers, for
   * bookkeeping (id blocks, slug claims) that only matters through a later durable append of the same writer; a
   * store commits in order, so that later append being durable makes this one durable too.
   */
  readonly durable?: boolean;
}

/** One stream's part of an append to several streams. */
export interface StreamAppend {
  readonly streamId: string;
  readonly events: readonly NewEvent[];
  readonly expected: ExpectedRevision;
}

export interface ReadStreamOptions {
  readonly fromRevision?: bigint;
  readonly maxCount?: number;
}

export interface ReadAllOptions {
  /** Exclusive: events strictly after this position. Omitted: from the beginning. */
  readonly after?: bigint;
  readonly maxCount?: number;
}

export interface Subscription {
  /** Stops delivery; resolves once no handler call is running. */
  stop(): Promise<void>;
  /** Resolves when the subscription ends by itself with an error (never on stop()). */
  readonly failed: Promise<Error>;
}

export interface SubscribeOptions {
  /** Exclusive: deliver events strictly after this position. Omitted: from the beginning. */
  readonly after?: bigint;
  /** Called for each event in global order; the next one waits for the returned promise. */
  readonly onEvent: (event: RecordedEvent) => Promise<void> | void;
  /** Called once the catch-up reached the head at the time it started (may be called again never). */
  readonly onCaughtUp?: () => void;
  /**
   * At most about this many bytes of decoded events (approximateBytes) are read ahead of the handler; at least one
   * event is always read. Omitted: the adapter's own batches (the embedded store reads up to 1,000 events at a time).
   * A consumer that waits for a slow client (the change feed) sets it, so a stalled client holds little memory.
   */
  readonly readAheadBytes?: number;
  /** Observes each batch of events as the adapter reads it from the store, before their delivery to `onEvent`. */
  readonly onRead?: (events: readonly RecordedEvent[]) => void;
  /**
   * With `onPassedOver`: the only types the subscriber needs in `onEvent`. An adapter may then pass an event of
   * another type over without decoding it, and hand its position to `onPassedOver` instead, in the same order and
   * with the same waiting as `onEvent`; an adapter may also deliver such events to `onEvent` as usual.
   */
  readonly types?: ReadonlySet<string>;
  readonly onPassedOver?: (position: bigint) => Promise<void> | void;
}

export interface EventStore {
  append(
    streamId: string,
    events: readonly NewEvent[],
    expected: ExpectedRevision,
    options?: AppendOptions,
  ): Promise<AppendResult>;
  /**
   * Appends to several distinct streams in the order given, each with its own expectation; resolves with one result
   * per append, in that order. The embedded store commits them in one transaction: all or nothing, one commit for a
   * write and its bookkeeping (a create and its slug claim). EventStoreDB has no multi-stream transaction and appends
   * them one after another: a failure leaves the appends before it written, so bookkeeping goes first and the caller
   * gives it back when a later append fails. Either way nothing after a failed append is written.
   */
  appendToStreams(appends: readonly StreamAppend[], options?: AppendOptions): Promise<AppendResult[]>;
  /** Events of one stream in revision order; an unknown stream reads as empty. */
  readStream(streamId: string, options?: ReadStreamOptions): Promise<RecordedEvent[]>;
  /** Events of all streams in global order. */
  readAll(options?: ReadAllOptions): Promise<RecordedEvent[]>;
  /**
   * As `readAll` up to `upTo` (inclusive), but an event whose type is not in `types` is given as its position alone,
   * undecoded: a replay passes most stored events over by their type. Optional; without it a reader uses `readAll`.
   */
  readAllPassingOver?(
    options: ReadAllOptions,
    upTo: bigint,
    types: ReadonlySet<string>,
  ): Promise<(RecordedEvent | bigint)[]>;
  /** Catch-up from a position, then live, in global order, one event at a time. */
  subscribeToAll(options: SubscribeOptions): Subscription;
  /** Global position of the last event in the store, or -1n when empty. */
  headPosition(): Promise<bigint>;
  close(): Promise<void>;
}

/** The category of a stream: the text before its first `-` (`event-7` → `event`). */
export function streamCategory(streamId: string): string {
  const dash = streamId.indexOf('-');
  return dash < 0 ? streamId : streamId.slice(0, dash);
}

/** A wrapper's `readAllPassingOver`: the wrapped store's, when it has one (spread into the wrapper). */
export function passingOverOf(store: EventStore): Pick<EventStore, 'readAllPassingOver'> {
  const read = store.readAllPassingOver?.bind(store);
  return read ? { readAllPassingOver: read } : {};
}
