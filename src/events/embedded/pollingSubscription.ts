// A catch-up-then-live subscription over a store that can be read synchronously from a position and nudged on change.
import type { RecordedEvent, SubscribeOptions, Subscription } from '../eventStore.ts';
import { caughtUpNotifier } from '../caughtUp.ts';

export interface PolledSource {
  /**
   * Up to `limit` events strictly after `after` (from the start when undefined) and at most `upTo`, in global order;
   * with `maxBytes`, no more once the events read reach that many bytes (approximateBytes), but at least one.
   */
  readAfter(after: bigint | undefined, limit: number, upTo: bigint, maxBytes?: number): RecordedEvent[];
  /**
   * As `readAfter` without `maxBytes`, but an event whose type is not in `types` is given as its position alone,
   * without decoding its data and metadata.
   */
  readPassingOver?(after: bigint | undefined, limit: number, upTo: bigint, types: ReadonlySet<string>): ReadItem[];
  /** Global position of the last event, or -1n when empty. */
  head(): bigint;
  /**
   * Position of the last event known to be on disk (-1n: none). Events after it are visible to readers but may not be
   * flushed yet; a crash or power cut could still take them back, so no subscriber may see them.
   */
  durableHead(): Promise<bigint>;
}

/** An event read, or the position of one passed over by its type. */
export type ReadItem = RecordedEvent | bigint;

export interface PollingSettings {
  readonly batchSize: number;
  /** Upper bound on how late an event appended by another process is noticed. */
  readonly pollIntervalMs: number;
}

/** A subscription plus the hook its store calls after a local append, so live delivery does not wait for a poll. */
export interface PollingSubscription extends Subscription {
  wake(): void;
  /** Resolves when the delivery loop has ended, for whatever reason. */
  readonly ended: Promise<void>;
}

export function startPollingSubscription(
  source: PolledSource,
  options: SubscribeOptions,
  settings: PollingSettings,
): PollingSubscription {
  let stopped = false;
  // Set by wake() at any time; cleared right before each read, so a wake that arrives while handlers
  // run is not lost and the loop re-reads instead of sleeping for a full poll interval.
  let changed = false;
  let interruptWait: (() => void) | undefined;
  let reportFailure: (error: Error) => void = () => undefined;
  const failed = new Promise<Error>((resolve) => {
    reportFailure = resolve;
  });

  const wake = (): void => {
    changed = true;
    interruptWait?.();
  };

  const waitForChange = (): Promise<void> =>
    new Promise<void>((resolve) => {
      const done = (): void => {
        clearTimeout(timer);
        interruptWait = undefined;
        resolve();
      };
      const timer = setTimeout(done, settings.pollIntervalMs);
      interruptWait = done;
    });

  const run = async (): Promise<void> => {
    // Handlers must never run before subscribeToAll() has returned the subscription they may want to stop.
    await Promise.resolve();
    let after = options.after;
    const headAtStart = source.head();
    const noteProgress = caughtUpNotifier(headAtStart, options.onCaughtUp);
    noteProgress(after);
    while (!stopped) {
      changed = false;
      const durable = await source.durableHead();
      if (stopped) return;
      const batch = readBatch(source, options, after, settings.batchSize, durable);
      // Indexed: an iterator per batch item would be garbage in a resumable (async) function.
      for (let i = 0; i < batch.length; i++) {
        const item = batch[i] as ReadItem;
        if (stopped) return;
        // Awaited only when the handler returned a promise: a replay into memory applies most events in the calling
        // turn, and an await of nothing would still cost each of them a turn of the microtask queue.
        const handling = typeof item === 'bigint' ? options.onPassedOver?.(item) : options.onEvent(item);
        if (handling) await handling;
        after = typeof item === 'bigint' ? item : item.position;
        noteProgress(after);
      }
      if (batch.length === settings.batchSize || (options.readAheadBytes !== undefined && batch.length > 0)) {
        // A long catch-up must not starve the event loop (HTTP, timers) nor pin one lmdb read snapshot.
        await new Promise<void>((resolve) => setImmediate(resolve));
      } else if (!changed && !stopped) {
        await waitForChange();
      }
    }
  };

  const ended = run().catch((error: unknown) => {
    if (!stopped) reportFailure(error instanceof Error ? error : new Error(String(error)));
  });

  return {
    failed,
    ended,
    wake,
    async stop(): Promise<void> {
      stopped = true;
      interruptWait?.();
      await ended;
    },
  };
}

/** The next batch, passing events over by type when the subscriber asked for that and the source can. */
function readBatch(
  source: PolledSource,
  options: SubscribeOptions,
  after: bigint | undefined,
  limit: number,
  upTo: bigint,
): readonly ReadItem[] {
  const { types, onPassedOver, readAheadBytes } = options;
  if (types && onPassedOver && readAheadBytes === undefined && source.readPassingOver) {
    const items = source.readPassingOver(after, limit, upTo, types);
    if (options.onRead && items.length > 0) options.onRead(items.filter((item) => typeof item !== 'bigint'));
    return items;
  }
  const batch = source.readAfter(after, limit, upTo, readAheadBytes);
  if (batch.length > 0) options.onRead?.(batch);
  return batch;
}
