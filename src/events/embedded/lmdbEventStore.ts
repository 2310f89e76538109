// The embedded EventStore adapter: streams and the global order in one lmdb environment, durable and multi-process
// safe.
import { open } from 'lmdb';
import { ownerOnlyDirectory, ownerOnlyFilesIn } from './ownerOnlyFiles.ts';
import {
  NoStream,
  StoreUnavailable,
  WrongExpectedRevision,
  type AppendOptions,
  type AppendResult,
  type EventStore,
  type ExpectedRevision,
  type NewEvent,
  type ReadAllOptions,
  type ReadStreamOptions,
  type RecordedEvent,
  type StreamAppend,
  type SubscribeOptions,
  type Subscription,
} from '../eventStore.ts';
import {
  MAX_REVISION,
  LastPosition,
  openLayout,
  toRecordedEvent,
  toRecordedEventAsWritten,
  toStoredEvent,
  type LmdbLayout,
} from './lmdbLayout.ts';
import {
  startPollingSubscription,
  type PollingSettings,
  type PollingSubscription,
  type ReadItem,
} from './pollingSubscription.ts';
import { observeCommitFailure, retryingFailedCommit, tolerateUnreachableCommitFailures } from './lmdbCommitFailures.ts';
import { defaultMinFreeBytes, guardFreeSpace, type FreeSpaceGuard } from './freeSpaceGuard.ts';
import { DurablePosition } from './durablePosition.ts';
import { readEventsAfter, readPassingOver } from './lmdbRangeReads.ts';
import { assertAppendable, expectationHolds } from './appendChecks.ts';
import { mapSizeFor } from './mapSize.ts';

export interface LmdbEventStoreOptions {
  /** How often subscriptions look for events appended by another process (local appends wake them at once). */
  readonly pollIntervalMs?: number;
  /** Events read per catch-up step of a subscription. */
  readonly catchUpBatchSize?: number;
  /** Appends fail with StoreUnavailable while less than this is free on the store's disk (default 64 MiB; 0: never). */
  readonly minFreeBytes?: number;
  /** Told lmdb's error when a commit failed and its appends are run once more (`retryingFailedCommit`). */
  readonly onRetriedCommit?: (systemError: unknown) => void;
}

/** The port plus what only an lmdb store can tell: used by tests and benchmarks to observe commit grouping. */
export interface LmdbEventStore extends EventStore {
  /** lmdb's id of the last committed write transaction in this data dir; it grows by one per commit. */
  lastTransactionId(): number;
  /** Always there: the embedded store reads the types of the events it passes over alone. */
  readAllPassingOver(options: ReadAllOptions, upTo: bigint, types: ReadonlySet<string>): Promise<ReadItem[]>;
}

/** Either every part of an append was written, or one part's expectation failed and nothing was. */
type AppendOutcome =
  | { readonly ok: true; readonly written: readonly { readonly nextRevision: number; readonly position: number }[] }
  | { readonly ok: false; readonly failed: StreamAppend; readonly actual: number | undefined };

export async function openLmdbEventStore(path: string, options: LmdbEventStoreOptions = {}): Promise<LmdbEventStore> {
  tolerateUnreachableCommitFailures();
  // Default sync settings on purpose: no noSync/noMetaSync, so every commit is fsynced (see append()).
  ownerOnlyDirectory(path);
  const root = open<unknown, string>(path, { mapSize: mapSizeFor(path) });
  ownerOnlyFilesIn(path);
  const settings = { pollIntervalMs: options.pollIntervalMs ?? 100, batchSize: options.catchUpBatchSize ?? 1000 };
  return new LmdbStore(
    openLayout(root),
    settings,
    guardFreeSpace(path, { minFreeBytes: options.minFreeBytes ?? defaultMinFreeBytes }),
    options.onRetriedCommit,
  );
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

class LmdbStore implements LmdbEventStore {
  private readonly subscriptions = new Set<PollingSubscription>();
  private readonly durable: DurablePosition;
  private readonly last: LastPosition;
  private closed = false;

  constructor(
    private readonly db: LmdbLayout,
    private readonly settings: PollingSettings,
    private readonly freeSpace: FreeSpaceGuard,
    private readonly onRetriedCommit?: (systemError: unknown) => void,
  ) {
    this.last = new LastPosition(db.events);
    this.durable = new DurablePosition(db.root, () => this.last.read());
  }

  async append(
    streamId: string,
    events: readonly NewEvent[],
    expected: ExpectedRevision,
    options: AppendOptions = {},
  ): Promise<AppendResult> {
    const [result] = await this.appendToStreams([{ streamId, events, expected }], options);
    return result as AppendResult;
  }

  async appendToStreams(appends: readonly StreamAppend[], options: AppendOptions = {}): Promise<AppendResult[]> {
    assertAppendable(appends);
    const durable = options.durable !== false;
    let outcome: AppendOutcome;
    let flushedUpTo: number | undefined;
    if (durable) this.durable.beginAppend();
    try {
      this.freeSpace.assertRoom();
      // lmdb runs every transaction callback queued in one event turn inside ONE write transaction and
      // commit, so concurrent appends are grouped without JS-side queueing. A child transaction keeps each
      // append all-or-nothing: if this callback throws, only its own writes are rolled back. A commit lmdb reports as
      // failed wrote nothing and is tried once more (lmdbCommitFailures.ts says when lmdb fails one that can succeed).
      outcome = await retryingFailedCommit(
        () => this.db.root.childTransaction(() => this.appendInTransaction(appends)),
        this.onRetriedCommit,
      );
      // Durability: commits are fsynced (default settings), but with overlappingSync (lmdb's default
      // except on Windows) the transaction promise resolves once the commit is visible and the fsync
      // finishes afterwards. `flushed` resolves once every commit made so far by this process is on disk,
      // so an append is acknowledged only when a crash or power loss can no longer undo it.
      if (outcome.ok && durable) {
        await this.db.root.flushed;
        flushedUpTo = Math.max(...outcome.written.map((written) => written.position));
      }
    } catch (error) {
      // A failed commit is aborted whole, and a throwing callback rolls back its child transaction:
      // either way nothing of this append was written. (`flushed` never rejects, but after a failed commit it may
      // never resolve either: lmdb-js handles failed commits badly, which is why the free-space guard refuses first.)
      observeCommitFailure(error);
      const streams = appends.map((append) => append.streamId).join(', ');
      throw new StoreUnavailable(`lmdb append to ${streams} failed: ${messageOf(error)}`, { cause: error });
    } finally {
      if (durable) this.durable.endAppend(flushedUpTo);
    }
    if (!outcome.ok) {
      const actual = outcome.actual === undefined ? NoStream : BigInt(outcome.actual);
      throw new WrongExpectedRevision(outcome.failed.streamId, outcome.failed.expected, actual);
    }
    for (const subscription of this.subscriptions) subscription.wake();
    return outcome.written.map((written) => ({
      nextRevision: BigInt(written.nextRevision),
      position: BigInt(written.position),
    }));
  }

  /**
   * Runs inside lmdb's write transaction, which holds the environment's write lock across processes:
   * the head revision and the last global position are read here (the position remembered from the last append is
   * checked against the store first, `LastPosition`), so a CLI process appending to the same data dir can neither
   * duplicate a position nor slip past the revision check.
   */
  private appendInTransaction(appends: readonly StreamAppend[]): AppendOutcome {
    // Every expectation is checked before anything is written: a failed one leaves nothing to roll back.
    const heads = appends.map((append) => this.db.heads.get(append.streamId));
    const failed = appends.findIndex((append, index) => !expectationHolds(append.expected, heads[index]));
    if (failed >= 0) return { ok: false, failed: appends[failed] as StreamAppend, actual: heads[failed] };
    let position = this.last.read();
    const written = appends.map(({ streamId, events }, index) => {
      let revision = heads[index] ?? -1;
      for (const event of events) {
        position += 1;
        revision += 1;
        this.db.events.put(position, toStoredEvent(streamId, revision, event));
        this.db.streamIndex.put([streamId, revision], position);
      }
      this.db.heads.put(streamId, revision);
      return { nextRevision: revision, position };
    });
    this.last.wrote(position);
    return { ok: true, written };
  }

  async readStream(streamId: string, options: ReadStreamOptions = {}): Promise<RecordedEvent[]> {
    const from = options.fromRevision ?? 0n;
    if (options.maxCount !== undefined && options.maxCount <= 0) return [];
    if (from > BigInt(MAX_REVISION)) return [];
    // Revisions are dense, so a stream with no key at `from` has nothing from there on: the read of a kept state's
    // tail (mostly empty: the links every event write checks) is one key lookup, not a range (1–1.4 µs vs 2.4–4.8).
    if (from > 0n && !this.db.streamIndex.doesExist([streamId, Number(from)])) return [];
    const result: RecordedEvent[] = [];
    // Index and events are read in the same synchronous turn, hence from the same lmdb snapshot.
    const range = this.db.streamIndex.getRange({
      start: [streamId, from < 0n ? 0 : Number(from)],
      end: [streamId, MAX_REVISION],
      limit: options.maxCount,
    });
    const { whole } = this.db.selector;
    for (const { value: position } of range) {
      const stored = this.db.eventsView.get(position);
      if (stored === undefined) continue;
      // Read whole within the store's own encoding (the view's decoder says so of the value it just decoded): the
      // write deciding on this stream need not check it against the catalogue again, as a replay need not.
      result.push(
        whole.lastWithinSubset ? toRecordedEventAsWritten(position, stored) : toRecordedEvent(position, stored),
      );
    }
    return result;
  }

  async readAll(options: ReadAllOptions = {}): Promise<RecordedEvent[]> {
    if (options.maxCount !== undefined && options.maxCount <= 0) return [];
    return readEventsAfter(this.db, options.after, options.maxCount);
  }

  async readAllPassingOver(options: ReadAllOptions, upTo: bigint, types: ReadonlySet<string>): Promise<ReadItem[]> {
    if (options.maxCount !== undefined && options.maxCount <= 0) return [];
    return readPassingOver(this.db, options.after, options.maxCount, upTo, types);
  }

  subscribeToAll(options: SubscribeOptions): Subscription {
    if (this.closed) throw new Error('the event store is closed');
    const subscription = startPollingSubscription(
      {
        readAfter: (after, limit, upTo, maxBytes) => readEventsAfter(this.db, after, limit, upTo, maxBytes),
        readPassingOver: (after, limit, upTo, types) => readPassingOver(this.db, after, limit, upTo, types),
        head: () => BigInt(this.last.read()),
        // Only flushed events: a subscriber (the change feed, the projections) never sees one a crash could take back.
        durableHead: async () => BigInt(await this.durable.head()),
      },
      options,
      this.settings,
    );
    this.subscriptions.add(subscription);
    void subscription.ended.then(() => this.subscriptions.delete(subscription));
    return subscription;
  }

  async headPosition(): Promise<bigint> {
    return BigInt(this.last.read());
  }

  lastTransactionId(): number {
    const stats: unknown = this.db.root.getStats();
    if (typeof stats === 'object' && stats !== null && 'lastTxnId' in stats && typeof stats.lastTxnId === 'number') {
      return stats.lastTxnId;
    }
    throw new Error('lmdb did not report lastTxnId');
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await Promise.all([...this.subscriptions].map((subscription) => subscription.stop()));
    // lmdb's close waits for queued writes to commit first.
    await this.db.root.close();
  }
}
