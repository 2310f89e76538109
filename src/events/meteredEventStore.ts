// An EventStore that counts and times appends into the service metrics; every other call passes through unchanged.
import type { Counter, Histogram } from 'prom-client';
import {
  AppendOutcomeUnknown,
  StoreUnavailable,
  WrongExpectedRevision,
  passingOverOf,
  streamCategory,
  type EventStore,
  type StreamAppend,
} from './eventStore.ts';

export interface AppendMetrics {
  readonly appendedEvents: Counter<'category'>;
  readonly appendFailures: Counter<'reason'>;
  readonly appendDuration: Histogram;
}

export function meteredEventStore(store: EventStore, metrics: AppendMetrics): EventStore {
  /** Times one append call, and counts its events by stream category or its failure by reason. */
  const metered = async <T>(
    appends: readonly Pick<StreamAppend, 'streamId' | 'events'>[],
    run: () => Promise<T>,
  ): Promise<T> => {
    const stopTimer = metrics.appendDuration.startTimer();
    try {
      const result = await run();
      for (const { streamId, events } of appends)
        metrics.appendedEvents.inc({ category: streamCategory(streamId) }, events.length);
      return result;
    } catch (error) {
      metrics.appendFailures.inc({ reason: failureReason(error) });
      throw error;
    } finally {
      stopTimer();
    }
  };
  return {
    append: (streamId, events, expected, options) =>
      metered([{ streamId, events }], () => store.append(streamId, events, expected, options)),
    appendToStreams: (appends, options) => metered(appends, () => store.appendToStreams(appends, options)),
    readStream: (streamId, options) => store.readStream(streamId, options),
    readAll: (options) => store.readAll(options),
    ...passingOverOf(store),
    subscribeToAll: (options) => store.subscribeToAll(options),
    headPosition: () => store.headPosition(),
    close: () => store.close(),
  };
}

function failureReason(error: unknown): string {
  if (error instanceof WrongExpectedRevision) return 'wrong_expected_revision';
  if (error instanceof StoreUnavailable) return 'store_unavailable';
  if (error instanceof AppendOutcomeUnknown) return 'outcome_unknown';
  return 'other';
}
