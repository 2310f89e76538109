// How the embedded event store lays events out in lmdb: sub-database names, key shapes, the stored tuple.
import type { Database, DatabaseOptions, RootDatabase } from 'lmdb';
import { storedEventDecoder, type ValueDecoder } from './storedEventDecoder.ts';
import { storedEventSelector, type StoredEventSelector } from './storedEventTypeReader.ts';
import type { EventMetadata, NewEvent, RecordedEvent } from '../eventStore.ts';

/**
 * One event as stored under its global position. A tuple rather than an object so msgpack does not
 * repeat five property names per event; replay speed is dominated by decoding these.
 */
export type StoredEvent = readonly [
  streamId: string,
  revision: number,
  type: string,
  data: unknown,
  metadata: EventMetadata,
];

/** `[streamId, revision]`: ordered-binary sorts it by stream, then numerically by revision. */
export type StreamIndexKey = [string, number];

export interface LmdbLayout {
  readonly root: RootDatabase<unknown, string>;
  /** Global position → event: the $all order, read with one cursor for replays and subscriptions. */
  readonly events: Database<StoredEvent, number>;
  /** The same database read through the stored-event decoder: every read of events goes through this view. */
  readonly eventsView: Database<StoredEvent, number>;
  /**
   * The same database read whole for the types `selector.wanted` names and as their type alone for the others: a
   * replay passes most events over by their type and reads the rest in the same range.
   */
  readonly eventsSelected: Database<StoredEvent | string, number>;
  readonly selector: StoredEventSelector;
  /** [streamId, revision] → global position: reads one stream without scanning $all. */
  readonly streamIndex: Database<number, StreamIndexKey>;
  /** streamId → revision of its last event: the optimistic-concurrency check is one lookup. */
  readonly heads: Database<number, string>;
}

export function openLayout(root: RootDatabase<unknown, string>): LmdbLayout {
  const events = root.openDB<StoredEvent, number>('events', {});
  // lmdb takes a decoder object as `encoder` (its README documents it; its typings omit it). Values are still written
  // through `events`, and read by its own msgpack decoder wherever the view's decoder hands them over.
  const generic = (events as unknown as { decoder: ValueDecoder }).decoder;
  const whole = storedEventDecoder(generic);
  const selector = storedEventSelector(whole);
  return {
    root,
    events,
    eventsView: root.openDB<StoredEvent, number>('events', { encoder: whole } as DatabaseOptions),
    eventsSelected: root.openDB<StoredEvent | string, number>('events', { encoder: selector } as DatabaseOptions),
    selector,
    streamIndex: root.openDB<number, StreamIndexKey>('streamIndex', {}),
    heads: root.openDB<number, string>('heads', {}),
  };
}

/** Highest stream revision a key can hold: revisions are stored as doubles. */
export const MAX_REVISION = Number.MAX_SAFE_INTEGER;

/**
 * lmdb keys are limited to 1978 bytes and ordered-binary uses NUL as the array separator, so a stream id
 * that breaks either would fail half-way through a write or corrupt the index ordering.
 */
const MAX_STREAM_ID_BYTES = 1024;

export function assertStorableStreamId(streamId: string): void {
  if (streamId.length === 0) throw new RangeError('stream id must not be empty');
  if (streamId.includes('\u0000')) throw new RangeError('stream id must not contain NUL characters');
  if (Buffer.byteLength(streamId, 'utf8') > MAX_STREAM_ID_BYTES) {
    throw new RangeError(`stream id longer than ${MAX_STREAM_ID_BYTES} bytes`);
  }
}

export function toStoredEvent(streamId: string, revision: number, event: NewEvent): StoredEvent {
  return [streamId, revision, event.type, event.data, event.metadata];
}

export function toRecordedEvent(position: number, stored: StoredEvent): RecordedEvent {
  return {
    streamId: stored[0],
    revision: BigInt(stored[1]),
    position: BigInt(position),
    type: stored[2],
    data: stored[3],
    metadata: stored[4],
  };
}

/**
 * As `toRecordedEvent`, for an event read back in exactly the encoding the store writes (`asWritten`). A literal of
 * its own rather than a spread of the other: replay makes one per stored event, and other reads keep their shape.
 */
export function toRecordedEventAsWritten(position: number, stored: StoredEvent): RecordedEvent {
  return {
    streamId: stored[0],
    revision: BigInt(stored[1]),
    position: BigInt(position),
    type: stored[2],
    data: stored[3],
    metadata: stored[4],
    asWritten: true,
  };
}

/**
 * Position of the last event in $all, or -1 when empty; inside a write transaction it sees that transaction's writes.
 */
export function lastPosition(events: Database<StoredEvent, number>): number {
  for (const key of events.getKeys({ reverse: true, limit: 1 })) return key;
  return -1;
}

/**
 * `lastPosition` that remembers its last answer and checks it with two key lookups (the remembered position is there,
 * the next one is not) instead of opening a reverse cursor: 0.7–1.9 µs against 4–7.6 µs, and every append and every
 * wake of a subscription asks. Positions are dense (each append takes the last one plus one; nothing is ever removed),
 * so the check is exact: another process's appends, this transaction's own writes and a commit that failed after its
 * positions were remembered all fail it, and the cursor answers then. Never trusts the memory across transactions.
 */
export class LastPosition {
  private known = -1;

  constructor(private readonly events: Database<StoredEvent, number>) {}

  read(): number {
    const known = this.known;
    if (known >= 0 && this.events.doesExist(known) && !this.events.doesExist(known + 1)) return known;
    return (this.known = lastPosition(this.events));
  }

  /** An append of this process just wrote up to `position` (in its transaction, maybe not committed yet). */
  wrote(position: number): void {
    this.known = position;
  }
}
