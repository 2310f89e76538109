// An EventStore that counts and times appends into the service metrics; every other call passes through unchanged.
import type { Counter, Histogram } from 'prom-client';
import { StoreUnavailable, WrongExpectedRevision, streamCategory, type EventStore } from './eventStore.ts';

export interface AppendMetrics {
  readonly appendedEvents: Counter<'category'>;
  readonly appendFailures: Counter<'reason'>;
  readonly appendDuration: Histogram;
}

export function meteredEventStore(store: EventStore, metrics: AppendMetrics): EventStore {
  return {
    async append(streamId, events, expected, options) {
      const stopTimer = metrics.appendDuration.startTimer();
      try {
        const result = await store.append(streamId, events, expected, options);
        metrics.appendedEvents.inc({ category: streamCategory(streamId) }, events.length);
        return result;
      } catch (error) {
        metrics.appendFailures.inc({ reason: failureReason(error) });
        throw error;
      } finally {
        stopTimer();
      }
    },
    readStream: (streamId, options) => store.readStream(streamId, options),
    readAll: (options) => store.readAll(options),
    subscribeToAll: (options) => store.subscribeToAll(options),
    headPosition: () => store.headPosition(),
    close: () => store.close(),
  };
}

function failureReason(error: unknown): string {
  if (error instanceof WrongExpectedRevision) return 'wrong_expected_revision';
  if (error instanceof StoreUnavailable) return 'store_unavailable';
  return 'other';
}
