// Translation between the EventStore port and @eventstore/db-client: revisions, positions, events and errors.
import {
  ANY,
  CancelledError,
  DeadlineExceededError,
  NO_STREAM,
  NotLeaderError,
  STREAM_EXISTS,
  START,
  TimeoutError,
  UnavailableError,
  WrongExpectedVersionError,
  convertToCommandError,
  jsonEvent,
  type AllStreamResolvedEvent,
  type AppendExpectedRevision,
  type EventData,
  type JSONType,
  type ReadPosition,
  type ResolvedEvent,
} from '@eventstore/db-client';
import {
  AppendOutcomeUnknown,
  AnyRevision,
  NoStream,
  StoreUnavailable,
  StreamExists,
  WrongExpectedRevision,
  type EventMetadata,
  type ExpectedRevision,
  type NewEvent,
  type RecordedEvent,
} from '../eventStore.ts';

export function toEsdbExpectedRevision(expected: ExpectedRevision): AppendExpectedRevision {
  switch (expected) {
    case NoStream:
      return NO_STREAM;
    case StreamExists:
      return STREAM_EXISTS;
    case AnyRevision:
      return ANY;
    default:
      return expected;
  }
}

/**
 * Where to start reading $all so that `after` is the first event seen (reads are inclusive, subscriptions exclusive;
 * callers drop positions <= after either way). Since EventStoreDB 20 every event written through gRPC is its own
 * committed record whose commit and prepare positions are both its log position, so the commit position alone,
 * used for both, addresses it exactly.
 */
export function readPositionAfter(after: bigint | undefined): ReadPosition {
  return after === undefined || after < 0n ? START : { commit: after, prepare: after };
}

/** Events and streams whose names start with `$` belong to the server (stats, metadata, links, projections). */
export function isSystemEvent(streamId: string, type: string): boolean {
  return streamId.startsWith('$') || type.startsWith('$');
}

function asJsonData(data: unknown, type: string): JSONType {
  if (typeof data === 'string' || Array.isArray(data)) return data;
  if (typeof data === 'object' && data !== null) return data as Record<string, unknown>;
  throw new TypeError(`event ${type}: EventStoreDB JSON events need an object, array or string as data`);
}

/** `id`: the event's deterministic id (`eventIdOf`), the same on every attempt of one append. */
export function toEventData(event: NewEvent, id: string): EventData {
  return jsonEvent({ id, type: event.type, data: asJsonData(event.data, event.type), metadata: event.metadata });
}

function isEventMetadata(value: unknown): value is EventMetadata {
  if (typeof value !== 'object' || value === null || Array.isArray(value) || value instanceof Uint8Array) return false;
  return (
    'actor' in value &&
    typeof value.actor === 'string' &&
    'occurredAt' in value &&
    typeof value.occurredAt === 'string' &&
    'correlationId' in value &&
    typeof value.correlationId === 'string' &&
    'causationId' in value &&
    typeof value.causationId === 'string' &&
    'schemaVersion' in value &&
    typeof value.schemaVersion === 'number'
  );
}

/**
 * The port's view of a resolved event, or undefined for what the port does not expose: system events, bare links,
 * and events other writers put in the database without this service's envelope (they are not its domain events,
 * and one of them must not stop every subscription).
 */
export function toRecordedEvent(resolved: AllStreamResolvedEvent | ResolvedEvent): RecordedEvent | undefined {
  const event = resolved.event;
  if (event === undefined || isSystemEvent(event.streamId, event.type)) return undefined;
  const position = event.position?.commit ?? resolved.commitPosition;
  if (position === undefined) {
    throw new Error('EventStoreDB did not report event positions (version 22.6 or later is required)');
  }
  if (!isEventMetadata(event.metadata)) return undefined;
  return {
    streamId: event.streamId,
    revision: event.revision,
    position,
    type: event.type,
    data: event.data,
    metadata: event.metadata,
  };
}

function isUnavailability(error: unknown): boolean {
  // Most calls convert gRPC failures already, but not those raised while probing the server's capabilities.
  const converted = error instanceof Error ? convertToCommandError(error) : error;
  return (
    converted instanceof UnavailableError ||
    converted instanceof DeadlineExceededError ||
    converted instanceof TimeoutError ||
    converted instanceof CancelledError ||
    converted instanceof NotLeaderError ||
    // Raised by cluster discovery before any gRPC call is made.
    (converted instanceof Error && converted.message.startsWith('Failed to discover'))
  );
}

/** gRPC's UNAVAILABLE raised before the call left the client (no connection, channel closed): nothing was sent. */
const unavailableBeforeSending = /No connection established|Channel closed before call started/;

/**
 * Maps a failed append: one that timed out, was cancelled or lost its connection once sent may have reached the
 * server and committed, so it is `AppendOutcomeUnknown` (settled by `settleAppend`), never "nothing written".
 */
export function toAppendError(error: unknown, streamId: string, expected: ExpectedRevision): Error {
  const converted = error instanceof Error ? convertToCommandError(error) : error;
  if (
    converted instanceof DeadlineExceededError ||
    converted instanceof TimeoutError ||
    converted instanceof CancelledError ||
    (converted instanceof UnavailableError && !unavailableBeforeSending.test(converted.message))
  ) {
    const message = converted instanceof Error ? converted.message : String(converted);
    return new AppendOutcomeUnknown(`EventStoreDB append to ${streamId}: ${message}`, { cause: error });
  }
  return toPortError(error, streamId, expected);
}

/** Maps client failures onto the port's typed errors; anything else passes through unchanged. */
export function toPortError(error: unknown, streamId?: string, expected?: ExpectedRevision): Error {
  if (error instanceof WrongExpectedVersionError && streamId !== undefined && expected !== undefined) {
    const actual = error.actualVersion === NO_STREAM ? NoStream : error.actualVersion;
    return new WrongExpectedRevision(streamId, expected, actual);
  }
  if (isUnavailability(error)) {
    const message = error instanceof Error ? error.message : String(error);
    return new StoreUnavailable(`EventStoreDB unavailable: ${message}`, { cause: error });
  }
  return error instanceof Error ? error : new Error(String(error));
}
