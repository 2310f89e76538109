// Part of the composition root: read-model snapshots written in the background while the service runs, so that a
// crash restarts from the last one plus the events stored since, and a graceful stop has little or nothing to write.
import type { Logger } from 'pino';
import type { EventStore } from '../events/eventStore.ts';
import type { HeldReadModel, MemoryReadStore } from '../projections/memory/memoryReadStore.ts';
import type { ProjectionRunner } from '../projections/projectionRunner.ts';
import {
  writeReadModelSnapshot,
  type ReadModelView,
  type SnapshotSave,
} from '../projections/snapshot/readModelSnapshot.ts';
import { writeFileAtomicallyInBackground } from '../projections/snapshot/snapshotFile.ts';
import type { SnapshotTarget } from './embeddedReadModel.ts';
import type { OpenedStores } from './openStores.ts';

/**
 * A stop leaves at most this many store positions after the last snapshot for the next start to apply (well under a
 * second of replay); a longer tail is written at the stop instead.
 */
export const stopTailLimit = 20_000n;

export interface PeriodicSnapshotOptions {
  readonly target: SnapshotTarget;
  readonly store: EventStore;
  readonly readStore: MemoryReadStore;
  /** The runner now applying events (the consistent moments come from it). */
  readonly runner: () => ProjectionRunner | undefined;
  /** 0: none in the background, only at the stop. */
  readonly intervalMs: number;
  /** The position of the snapshot the start loaded, if any. */
  readonly loadedPosition: bigint | undefined;
  readonly logger: Logger;
  /** Events encoded per event-loop turn (default: the codec's frame size). */
  readonly eventsPerFrame?: number;
}

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

export class PeriodicSnapshots {
  private timer: NodeJS.Timeout | undefined;
  private writing: Promise<SnapshotSave | undefined> | undefined;
  private stopping = false;
  private abandoned = false;
  /** Waiting for a moment between two events, which a projection stuck half-way through one never gives. */
  private capturing = false;
  /** The position of the last complete snapshot on disk, this process's or the one it loaded. */
  private savedPosition: bigint | undefined;

  constructor(private readonly options: PeriodicSnapshotOptions) {
    this.savedPosition = options.loadedPosition;
  }

  start(): void {
    if (this.options.intervalMs <= 0) return;
    // A start that replayed a long tail writes at once: a crash before the first interval would replay it again.
    const applied = this.options.runner()?.appliedPosition ?? -1n;
    if (applied - (this.savedPosition ?? -1n) > stopTailLimit) void this.writeNow();
    this.timer = setInterval(() => void this.writeNow(), this.options.intervalMs);
    this.timer.unref();
  }

  get lastSavedPosition(): bigint | undefined {
    return this.savedPosition;
  }

  /**
   * Writes a snapshot of the read model as it is at the next moment between two events, encoding it a slice per
   * event-loop turn; one write at a time (a call during a write awaits that one). Failures are logged, never thrown.
   */
  writeNow(): Promise<SnapshotSave | undefined> {
    this.writing ??= this.writeInBackground().finally(() => (this.writing = undefined));
    return this.writing;
  }

  private async writeInBackground(): Promise<SnapshotSave | undefined> {
    const { target, readStore, runner, logger } = this.options;
    const current = runner();
    if (!current || this.stopping || current.appliedPosition === this.savedPosition) return undefined;
    const startedAt = performance.now();
    try {
      this.capturing = true;
      // Cleared by the capture itself (synchronously), or by its refusal.
      const held = await current
        .atRest((position) => {
          this.capturing = false;
          return { position, ...readStore.holdDocuments() };
        })
        .finally(() => (this.capturing = false));
      return await this.write(held, startedAt).finally(held.release);
    } catch (error) {
      // Abandoned at the stop, or the capture refused by a projection that stopped mid-event: nothing to report.
      if (!this.abandoned)
        logger.error({ err: error, path: target.path }, 'could not write the background read-model snapshot');
      return undefined;
    }
  }

  /** The held view encoded a slice per event-loop turn, then written off the event loop. */
  private async write(view: ReadModelView & HeldReadModel, startedAt: number): Promise<SnapshotSave> {
    const { target, store, logger } = this.options;
    const capturedMs = Math.round(performance.now() - startedAt);
    const saved = await writeReadModelSnapshot(target.path, store, view, target.fingerprint, {
      betweenSlices: async () => {
        // Stopping: the rest is encoded at once, the stop waiting for it being cheaper than a whole new snapshot.
        if (!this.stopping) await nextTurn();
        if (this.abandoned) throw new Error('the service is stopping');
      },
      write: async (path, parts) => {
        if (this.abandoned) throw new Error('the service is stopping');
        await writeFileAtomicallyInBackground(path, parts);
      },
      originalOf: view.originalOf,
      ...(this.options.eventsPerFrame ? { eventsPerFrame: this.options.eventsPerFrame } : {}),
    });
    if (saved.kind === 'saved') this.savedPosition = saved.position;
    const ms = Math.round(performance.now() - startedAt);
    logger.info({ ...saved, position: String(view.position), capturedMs, ms }, 'background read-model snapshot');
    return saved;
  }

  /**
   * Before the projection stops: no new background write; one under way is finished without yielding, one still
   * waiting for its moment is abandoned (it may wait for an event that failed half-way, which only the projection's
   * stop ends; the stop's own write must not race it for the file either).
   */
  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.stopping = true;
    if (this.capturing) this.abandoned = true;
    else await this.writing;
  }

  /**
   * After the projection stopped: whether the stop still has to write a snapshot. Not when the last one is at the
   * applied position, nor when the events after it are few enough for the next start to apply at once.
   */
  needsWriteAtStop(appliedPosition: bigint): boolean {
    if (this.savedPosition === undefined) return true;
    if (this.savedPosition === appliedPosition) return false;
    return this.options.intervalMs <= 0 || appliedPosition - this.savedPosition > stopTailLimit;
  }
}

/** Background snapshots where this process keeps an embedded read model with snapshots on, and projects into it. */
export function periodicSnapshotsOf(
  stores: OpenedStores,
  following: { readonly runner: ProjectionRunner | undefined } | undefined,
  intervalSeconds: number,
  logger: Logger,
): PeriodicSnapshots | undefined {
  const { snapshot, memory, snapshotLoad } = stores;
  if (!snapshot || !memory || !following) return undefined;
  return new PeriodicSnapshots({
    target: snapshot,
    store: stores.store,
    readStore: memory,
    runner: () => following.runner,
    intervalMs: intervalSeconds * 1000,
    loadedPosition: snapshotLoad?.kind === 'loaded' ? snapshotLoad.position : undefined,
    logger,
  });
}
