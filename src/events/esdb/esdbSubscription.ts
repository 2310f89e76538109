// subscribeToAll on EventStoreDB: a catch-up subscription to $all without system events, one handler call at a time.
import { excludeSystemEvents, type AllStreamSubscription, type EventStoreDBClient } from '@eventstore/db-client';
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
  // still buffered for the handler; comparing delivered positions with the head at start is exact.
  const headAtStart = await headPosition();
  let after = options.after;
  const noteProgress = caughtUpNotifier(headAtStart, options.onCaughtUp);
  noteProgress(after);
  if (state.stopped) return;
  const stream = client.subscribeToAll({ fromPosition: readPositionAfter(after), filter: excludeSystemEvents() });
  state.stream = stream;
  try {
    // Async iteration pulls the next event only after the handler's promise settled: serial delivery with
    // backpressure.
    for await (const resolved of stream) {
      if (state.stopped) return;
      const event = toRecordedEvent(resolved);
      if (event === undefined || (after !== undefined && event.position <= after)) continue;
      // The client pulls one event per handler call: nothing is read ahead beyond the gRPC stream's own window.
      options.onRead?.([event]);
      const call = Promise.resolve(options.onEvent(event));
      state.handling = call.catch(() => undefined);
      await call;
      after = event.position;
      noteProgress(after);
    }
  } finally {
    await stream.unsubscribe().catch(() => undefined);
  }
  if (!state.stopped) throw new StoreUnavailable('EventStoreDB ended the $all subscription');
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
