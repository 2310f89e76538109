// A wrapper around the service's real event store that counts what the API reads from it: stream events, and the
// events subscriptions read ahead of their handlers (with what those handlers have taken so far).
import type { EventStore, RecordedEvent } from '../../../../src/events/eventStore.ts';
import { approximateBytes } from '../../../../src/events/approximateBytes.ts';

export interface ReadCounts {
  /** Events returned by readStream since the last reset. */
  streamEvents: number;
  /** Events subscriptions read from the store, and their approximate bytes. */
  subscriptionEvents: number;
  subscriptionBytes: number;
  /** Events handed to subscription handlers, and the approximate bytes of those. */
  handledEvents: number;
  handledBytes: number;
}

export interface CountingStore {
  readonly counts: ReadCounts;
  readonly wrap: (store: EventStore) => EventStore;
  reset(): void;
}

const sizeOf = (event: RecordedEvent): number =>
  approximateBytes([event.streamId, 0, event.type, event.data, event.metadata]);

export function countingStore(): CountingStore {
  const counts: ReadCounts = {
    streamEvents: 0,
    subscriptionEvents: 0,
    subscriptionBytes: 0,
    handledEvents: 0,
    handledBytes: 0,
  };
  return {
    counts,
    reset: () =>
      Object.assign(counts, {
        streamEvents: 0,
        subscriptionEvents: 0,
        subscriptionBytes: 0,
        handledEvents: 0,
        handledBytes: 0,
      }),
    wrap: (store) => ({
      append: (...args) => store.append(...args),
      appendToStreams: (...args) => store.appendToStreams(...args),
      readStream: async (streamId, options) => {
        const events = await store.readStream(streamId, options);
        counts.streamEvents += events.length;
        return events;
      },
      readAll: (options) => store.readAll(options),
      subscribeToAll: (options) =>
        store.subscribeToAll({
          ...options,
          onRead: (batch) => {
            counts.subscriptionEvents += batch.length;
            for (const event of batch) counts.subscriptionBytes += sizeOf(event);
            options.onRead?.(batch);
          },
          onEvent: (event) => {
            counts.handledEvents += 1;
            counts.handledBytes += sizeOf(event);
            return options.onEvent(event);
          },
        }),
      headPosition: () => store.headPosition(),
      close: () => store.close(),
    }),
  };
}
