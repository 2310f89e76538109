// Settles the outcome of an append that timed out or was cancelled: such an append may have committed, so it is never
// taken for "no effect". Adapters whose appends can end that way (EventStoreDB) run them through `settleAppend`.
import { isDeepStrictEqual } from 'node:util';
import {
  AppendOutcomeUnknown,
  NoStream,
  WrongExpectedRevision,
  type AppendResult,
  type ExpectedRevision,
  type NewEvent,
  type ReadStreamOptions,
  type RecordedEvent,
} from './eventStore.ts';

export interface AppendToSettle {
  readonly streamId: string;
  readonly events: readonly NewEvent[];
  readonly expected: ExpectedRevision;
  /** One attempt of the append; the adapter gives the same events the same ids on every attempt. */
  readonly attempt: () => Promise<AppendResult>;
  readonly readStream: (streamId: string, options?: ReadStreamOptions) => Promise<RecordedEvent[]>;
  /** Attempts after the first one whose outcome was unknown (default 2). */
  readonly retries?: number;
}

/**
 * Resolves once the events are in the stream exactly once, or rejects with what is known: a definite refusal passes
 * through unchanged (WrongExpectedRevision, StoreUnavailable: nothing written); `AppendOutcomeUnknown` only when
 * neither the retries nor a read back could tell. A retry appends the same events with the same ids, which a server
 * that deduplicates by event id (EventStoreDB) accepts once; a store that does not (or a conflict on the expected
 * revision) answers WrongExpectedRevision, and the read back decides whether the first attempt wrote them.
 */
export async function settleAppend(append: AppendToSettle): Promise<AppendResult> {
  let unknown: AppendOutcomeUnknown | undefined;
  for (let attempt = 0; attempt <= (append.retries ?? 2); attempt++) {
    try {
      return await append.attempt();
    } catch (error) {
      if (unknown === undefined && !(error instanceof AppendOutcomeUnknown)) throw error;
      if (error instanceof WrongExpectedRevision) return (await appendedEarlier(append)) ?? Promise.reject(error);
      if (error instanceof AppendOutcomeUnknown) unknown = error;
      // Read back before retrying: an append expecting any revision is not refused by a store that does not dedupe.
      const found = await appendedEarlier(append).catch(() => undefined);
      if (found) return found;
    }
  }
  throw unknown ?? new AppendOutcomeUnknown(`append to ${append.streamId}: outcome unknown`);
}

/** The result of the append if its events are in the stream where the expectation put them. */
async function appendedEarlier(append: AppendToSettle): Promise<AppendResult | undefined> {
  const { expected, events } = append;
  const fromRevision = typeof expected === 'bigint' ? expected + 1n : expected === NoStream ? 0n : undefined;
  const stored = await append.readStream(append.streamId, fromRevision === undefined ? {} : { fromRevision });
  const wanted = events.map(comparable);
  // With a bigint or "no stream" expectation the events can only be the first ones read; else anywhere in the stream.
  const starts = fromRevision === undefined ? stored.length - wanted.length + 1 : Math.min(1, stored.length);
  for (let start = 0; start < starts; start++) {
    const run = stored.slice(start, start + wanted.length);
    if (run.length === wanted.length && run.every((event, i) => isDeepStrictEqual(comparable(event), wanted[i]))) {
      const last = run[run.length - 1] as RecordedEvent;
      return { nextRevision: last.revision, position: last.position };
    }
  }
  return undefined;
}

/** Type, data and metadata as JSON would carry them: the store's round trip may drop undefined fields. */
function comparable(event: NewEvent): unknown {
  return JSON.parse(JSON.stringify({ type: event.type, data: event.data, metadata: event.metadata })) as unknown;
}
