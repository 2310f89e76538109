// Loading a stream into state and appending decided events with optimistic concurrency and bounded retry.
import { left, right, type Either } from 'fp-ts/lib/Either.js';
import {
  NoStream,
  StoreUnavailable,
  WrongExpectedRevision,
  type AppendResult,
  type EventStore,
  type NewEvent,
  type RecordedEvent,
  type StreamAppend,
} from '../events/eventStore.ts';
import { decodeDomainEvent, toNewEvent, type WriteContext } from '../events/catalogue/envelope.ts';
import type { DomainEvent } from '../events/catalogue/index.ts';
import type { CommandError, ResourceKind } from './errors.ts';
import { claimTaken } from './registries/claims.ts';

/** What a write appends after: the stream's revision, and its recorded events when the command read them all. */
export interface StreamBase {
  /** Revision of the last event, or `NoStream`; the expected revision of the next append. */
  readonly revision: bigint | typeof NoStream;
  /** The whole stream as read; absent when the state came from a kept state (only its tail was read). */
  readonly events?: readonly RecordedEvent[];
}

/** A stream read whole: its events are known. */
export interface WholeStream extends StreamBase {
  readonly events: readonly RecordedEvent[];
}

/** The base of a create: no stream yet. */
export const newStream: WholeStream = { revision: NoStream, events: [] };

export interface Loaded<S> extends StreamBase {
  readonly state: S;
}

export async function loadStream<S, E extends DomainEvent>(
  store: EventStore,
  streamId: string,
  initial: S,
  evolve: (state: S, event: E) => S,
  accepts: (event: DomainEvent) => event is E,
): Promise<Loaded<S> & WholeStream> {
  let state = initial;
  let revision: bigint | typeof NoStream = NoStream;
  const events = await store.readStream(streamId);
  for (const recorded of events) {
    const event = decodeDomainEvent(recorded);
    if (event && accepts(event)) state = evolve(state, event);
    revision = recorded.revision;
  }
  return { state, revision, events };
}

export interface Written {
  readonly revision: bigint;
  readonly position: bigint;
  /**
   * The stream as this write left it, known without reading it back: the events it decided on and the one it
   * appended. Absent after an append of several events, since the store reports the position of the last one only,
   * and after a write that decided on a kept state, which knows the stream's tail only.
   */
  readonly stream?: readonly RecordedEvent[];
}

/** The outcome of appending `events` after `base`, as the store recorded them. */
function written(base: StreamBase, streamId: string, events: readonly NewEvent[], result: AppendResult): Written {
  const [only] = events;
  const at = { revision: result.nextRevision, position: result.position };
  if (events.length !== 1 || only === undefined || base.events === undefined) return at;
  return { ...at, stream: [...base.events, { ...only, streamId, ...at }] };
}

/** One attempt's outcome: done, a business failure, or a lost race worth deciding again. */
export type Attempt<T> = Either<CommandError, T> | 'lost-race';

/**
 * Runs `attempt` until it does not lose a race, at most `maxAttempts` times. A caller-supplied `If-Match`
 * turns a lost race into 412 instead (the client decided on a state that is gone).
 */
export async function retryOnConflict<T>(
  resource: ResourceKind,
  attempt: () => Promise<Attempt<T>>,
  options: { readonly ifMatch?: bigint; readonly maxAttempts?: number } = {},
): Promise<Either<CommandError, T>> {
  const maxAttempts = options.maxAttempts ?? 8;
  for (let i = 0; i < maxAttempts; i++) {
    const outcome = await attempt();
    if (outcome !== 'lost-race') return outcome;
    if (options.ifMatch !== undefined) return left({ kind: 'precondition-failed' });
  }
  return left({ kind: 'write-conflict', resource });
}

/** Appends expecting the base's revision; a wrong expectation is a lost race, an unreachable store a failure. */
export async function appendEvents(
  store: EventStore,
  streamId: string,
  events: readonly DomainEvent[],
  base: StreamBase,
  ctx: WriteContext,
): Promise<Attempt<Written>> {
  const appended = events.map((e) => toNewEvent(e, ctx));
  try {
    return right(written(base, streamId, appended, await store.append(streamId, appended, base.revision)));
  } catch (error) {
    return failedAttempt(error);
  }
}

/**
 * Appends like `appendEvents`, after the claims the events need (a slug) and in the same store call, which the
 * embedded store commits as one. A wrong expectation of a claim stream means another owner claimed it meanwhile.
 */
export async function appendClaimed(
  store: EventStore,
  claims: readonly StreamAppend[],
  streamId: string,
  events: readonly DomainEvent[],
  base: StreamBase,
  ctx: WriteContext,
): Promise<Attempt<Written> | typeof claimTaken> {
  const appended = events.map((e) => toNewEvent(e, ctx));
  try {
    const results = await store.appendToStreams([...claims, { streamId, events: appended, expected: base.revision }]);
    return right(written(base, streamId, appended, results[claims.length] as AppendResult));
  } catch (error) {
    if (error instanceof WrongExpectedRevision && error.streamId !== streamId) return claimTaken;
    return failedAttempt(error);
  }
}

function failedAttempt(error: unknown): Attempt<never> {
  if (error instanceof WrongExpectedRevision) return 'lost-race';
  if (error instanceof StoreUnavailable) return left({ kind: 'store-unavailable' });
  throw error;
}

/**
 * Runs a registry step of a command (an id, a slug or name claim) whose store refusal must end the command as the
 * typed failure rather than an exception, so that the command still gives back what it claimed before.
 */
export async function registryStep<T>(
  step: () => Promise<T>,
): Promise<Either<{ readonly kind: 'store-unavailable' }, T>> {
  try {
    return right(await step());
  } catch (error) {
    if (error instanceof StoreUnavailable) return left({ kind: 'store-unavailable' });
    throw error;
  }
}

/** `If-Match` holds when it names the current revision. */
export function ifMatchHolds(ifMatch: bigint | undefined, revision: bigint | typeof NoStream): boolean {
  return ifMatch === undefined || revision === ifMatch;
}
