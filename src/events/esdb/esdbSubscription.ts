// subscribeToAll on EventStoreDB: a catch-up subscription to $all without system events, one handler call at a time.
import {
  excludeSystemEvents,
  type AllStreamResolvedEvent,
  type AllStreamSubscription,
  type EventStoreDBClient,
} from '@eventstore/db-client';
import { StoreUnavailable, type SubscribeOptions, type Subscription } from '../eventStore.ts';
import { readPositionAfter, toPortError, toRecordedEvent } from './esdbMapping.ts';
import { caughtUpNotifier } from '../caughtUp.ts';

export interface EsdbSubscription extends Subscription {
  readonly ended: Promise<void>;
}

/** What `stop` shares with the running subscription. */
interface SubscriptionState {
  stopped: boolean;
  stream: AllStreamSubscription | undefined;
  /** The handler call in progress, its rejection swallowed: `stop` only waits for it to settle. */
  handling: Promise<unknown>;
}

export function subscribeToAllOnEsdb(
  client: EventStoreDBClient,
  options: SubscribeOptions,
  headPosition: () => Promise<bigint>,
): EsdbSubscription {
  const state: SubscriptionState = { stopped: false, stream: undefined, handling: Promise.resolve() };
  let reportFailure: (error: Error) => void = () => undefined;
  const failed = new Promise<Error>((resolve) => {
    reportFailure = resolve;
  });

  const ended = runSubscription(client, options, headPosition, state).catch((error: unknown) => {
    if (!state.stopped) reportFailure(toPortError(error));
  });

  return {
    failed,
    ended,
    stop: () => stopSubscription(state),
  };
}

/** Delivers events until stopped; rejects when the subscription ends by itself or the handler fails. */
async function runSubscription(
  client: EventStoreDBClient,
  options: SubscribeOptions,
  headPosition: () => Promise<bigint>,
  state: SubscriptionState,
): Promise<void> {
  // The client also emits 'caughtUp', but when the server's marker is transformed, possibly ahead of events
  // still buffered for the handler; comparing the positions passed with the head at start is exact.
  const headAtStart = await headPosition();
  const after = options.after;
  const noteProgress = caughtUpNotifier(headAtStart, options.onCaughtUp);
  noteProgress(after);
  if (state.stopped) return;
  const stream = client.subscribeToAll({ fromPosition: readPositionAfter(after), filter: excludeSystemEvents() });
  state.stream = stream;
  try {
    await deliverResolved(stream, options, state, after, noteProgress);
  } finally {
    await stream.unsubscribe().catch(() => undefined);
  }
  if (!state.stopped) throw new StoreUnavailable('EventStoreDB ended the $all subscription');
}

/** The part of the running subscription that `deliverResolved` needs. */
export interface DeliveryState {
  readonly stopped: boolean;
  handling: Promise<unknown>;
}

/**
 * Delivers the service's events among `records` strictly after `after`, one handler call at a time. Every record
 * passed counts toward catching up, delivered or not: `headPosition` may name a record the port does not expose (an
 * event another producer wrote without this service's envelope), and the head must be reached all the same.
 */
export async function deliverResolved(
  records: AsyncIterable<AllStreamResolvedEvent>,
  options: SubscribeOptions,
  state: DeliveryState,
  after: bigint | undefined,
  noteProgress: (after: bigint | undefined) => void,
): Promise<void> {
  // Async iteration pulls the next event only after the handler's promise settled: serial delivery with backpressure.
  for await (const resolved of records) {
    if (state.stopped) return;
    const position = resolved.event?.position?.commit ?? resolved.commitPosition;
    if (position !== undefined && after !== undefined && position <= after) continue;
    const event = toRecordedEvent(resolved);
    if (event !== undefined) {
      // The client pulls one event per handler call: nothing is read ahead beyond the gRPC stream's own window.
      options.onRead?.([event]);
      const call = Promise.resolve(options.onEvent(event));
      state.handling = call.catch(() => undefined);
      await call;
    }
    if (position === undefined) continue;
    after = position;
    noteProgress(after);
  }
}

async function stopSubscription(state: SubscriptionState): Promise<void> {
  state.stopped = true;
  if (state.stream !== undefined) {
    await state.stream.unsubscribe().catch(() => undefined);
    // Ends a for-await that is waiting for the next event, which a cancelled call may never send.
    state.stream.destroy();
  }
  await state.handling;
}
