// subscribeToAll on EventStoreDB: a catch-up subscription to $all without system events, one handler call at a time.
import { excludeSystemEvents, type AllStreamSubscription, type EventStoreDBClient } from '@eventstore/db-client';
import { StoreUnavailable, type SubscribeOptions, type Subscription } from '../eventStore.ts';
import { readPositionAfter, toPortError, toRecordedEvent } from './esdbMapping.ts';
import { caughtUpNotifier } from '../caughtUp.ts';

export interface EsdbSubscription extends Subscription {
  readonly ended: Promise<void>;
}

export function subscribeToAllOnEsdb(
  client: EventStoreDBClient,
  options: SubscribeOptions,
  headPosition: () => Promise<bigint>,
): EsdbSubscription {
  let stopped = false;
  let stream: AllStreamSubscription | undefined;
  let handling: Promise<unknown> = Promise.resolve();
  let reportFailure: (error: Error) => void = () => undefined;
  const failed = new Promise<Error>((resolve) => {
    reportFailure = resolve;
  });

  const run = async (): Promise<void> => {
    // The client also emits 'caughtUp', but when the server's marker is transformed, possibly ahead of events
    // still buffered for the handler; comparing delivered positions with the head at start is exact.
    const headAtStart = await headPosition();
    let after = options.after;
    const noteProgress = caughtUpNotifier(headAtStart, options.onCaughtUp);
    noteProgress(after);
    if (stopped) return;
    stream = client.subscribeToAll({ fromPosition: readPositionAfter(after), filter: excludeSystemEvents() });
    try {
      // Async iteration pulls the next event only after the handler's promise settled: serial delivery with backpressure.
      for await (const resolved of stream) {
        if (stopped) return;
        const event = toRecordedEvent(resolved);
        if (event === undefined || (after !== undefined && event.position <= after)) continue;
        // The client pulls one event per handler call: nothing is read ahead beyond the gRPC stream's own window.
        options.onRead?.([event]);
        const call = Promise.resolve(options.onEvent(event));
        handling = call.catch(() => undefined);
        await call;
        after = event.position;
        noteProgress(after);
      }
    } finally {
      await stream.unsubscribe().catch(() => undefined);
    }
    if (!stopped) throw new StoreUnavailable('EventStoreDB ended the $all subscription');
  };

  const ended = run().catch((error: unknown) => {
    if (!stopped) reportFailure(toPortError(error));
  });

  return {
    failed,
    ended,
    async stop(): Promise<void> {
      stopped = true;
      if (stream !== undefined) {
        await stream.unsubscribe().catch(() => undefined);
        // Ends a for-await that is waiting for the next event, which a cancelled call may never send.
        stream.destroy();
      }
      await handling;
    },
  };
}
