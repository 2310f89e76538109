// Loading a stream into state and appending decided events with optimistic concurrency and bounded retry.
import { left, right, type Either } from 'fp-ts/lib/Either.js';
import { NoStream, StoreUnavailable, WrongExpectedRevision, type AppendResult, type EventStore } from '../events/eventStore.ts';
import { decodeDomainEvent, toNewEvent, type WriteContext } from '../events/catalogue/envelope.ts';
import type { DomainEvent } from '../events/catalogue/index.ts';
import type { CommandError, ResourceKind } from './errors.ts';

export interface Loaded<S> {
  readonly state: S;
  /** Revision of the last event, or `NoStream`; the expected revision of the next append. */
  readonly revision: bigint | typeof NoStream;
}

export async function loadStream<S, E extends DomainEvent>(
  store: EventStore,
  streamId: string,
  initial: S,
  evolve: (state: S, event: E) => S,
  accepts: (event: DomainEvent) => event is E,
): Promise<Loaded<S>> {
  let state = initial;
  let revision: bigint | typeof NoStream = NoStream;
  for (const recorded of await store.readStream(streamId)) {
    const event = decodeDomainEvent(recorded);
    if (event && accepts(event)) state = evolve(state, event);
    revision = recorded.revision;
  }
  return { state, revision };
}

export interface Written {
  readonly revision: bigint;
  readonly position: bigint;
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

/** Appends with the expected revision; a wrong expectation is a lost race, an unreachable store a failure. */
export async function appendEvents(
  store: EventStore,
  streamId: string,
  events: readonly DomainEvent[],
  expected: bigint | typeof NoStream,
  ctx: WriteContext,
): Promise<Attempt<Written>> {
  try {
    const result: AppendResult = await store.append(streamId, events.map((e) => toNewEvent(e, ctx)), expected);
    return right({ revision: result.nextRevision, position: result.position });
  } catch (error) {
    if (error instanceof WrongExpectedRevision) return 'lost-race';
    if (error instanceof StoreUnavailable) return left({ kind: 'store-unavailable' });
    throw error;
  }
}

/**
 * Runs a registry step of a command (an id, a slug or name claim) whose store refusal must end the command as the
 * typed failure rather than an exception, so that the command still gives back what it claimed before.
 */
export async function registryStep<T>(step: () => Promise<T>): Promise<Either<{ readonly kind: 'store-unavailable' }, T>> {
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
