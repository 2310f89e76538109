// Runs the projectors: subscribes to $all from the stored checkpoint, applies each event, tracks progress, and
// resubscribes with backoff when the subscription drops (store restarted, network cut).
import type { EventStore, RecordedEvent, Subscription } from '../events/eventStore.ts';
import type { ReadStore } from './readStore.ts';
import type { ProjectionHandler } from './projectionHandler.ts';
import { handledTypes, readModelCheckpoint } from './projectionStep.ts';
import { PositionWaiters, type ProjectionProgress } from './projectionProgress.ts';
import { projectionDriver, type ProjectionDriver } from './projectionDriver.ts';
import { VenueLocations } from './events/venueLocations.ts';

export interface ProjectionRunnerOptions {
  /** Called when the subscription failed; the runner resubscribes after `retryInMs`. */
  readonly onFailure?: (error: Error, retryInMs: number) => void;
  /** A checkpoint is written after this many events at the latest (default 1000). */
  readonly checkpointEvery?: number;
  /**
   * Also written this long after the last event (default 50 ms): API processes of the distributed deployment wait on
   * the checkpoint for read-your-writes, so it must not lag a quiet projector by up to `checkpointEvery` events.
   */
  readonly checkpointIdleMs?: number;
  /**
   * Called when a checkpoint save failed; the save is tried again `checkpointIdleMs` later. The documents are already
   * written, so a lost save costs only a longer replay after a restart, never a wrong read model.
   */
  readonly onCheckpointFailure?: (error: Error) => void;
  /** Backoff between resubscriptions: doubles from `initialMs` up to `maxMs` (defaults 100 ms and 30 s). */
  readonly retry?: { readonly initialMs: number; readonly maxMs: number };
  /**
   * The read model's memo of venue locations (`ProjectionMemos.venues`), for the documents a read store without a
   * projection target re-embeds (projectionDriver.ts); omitted: a memo of the runner's own.
   */
  readonly venueLocations?: VenueLocations;
}

export class ProjectionRunner implements ProjectionProgress {
  private subscription: Subscription | undefined;
  private stopped = false;
  /** True from the start of an event's application to its end, while its documents are half-written. */
  private applying = false;
  private readonly pendingCaptures: { run: () => void; reject: (error: Error) => void }[] = [];
  private position = -1n;
  private savedPosition = -1n;
  /** Events applied since the last checkpoint save began. */
  private appliedSinceSave = 0;
  /** True until the current subscription's catch-up reaches the head it started from. */
  private catchingUp = true;
  /** Whether the counts left marked before this runner started are settled (see `apply`). */
  private countsSettled = false;
  private idleTimer: NodeJS.Timeout | undefined;
  private retryTimer: NodeJS.Timeout | undefined;
  private retryDelayMs: number;
  private saving: Promise<void> = Promise.resolve();
  private readonly waiters = new PositionWaiters();
  private resolveCaughtUp!: () => void;
  /** Resolves once the catch-up from the checkpoint reached the store's head. */
  readonly caughtUp = new Promise<void>((resolve) => (this.resolveCaughtUp = resolve));
  /** The handlers' event types, worked out once: every event is checked against them before it is decoded. */
  private readonly handledTypes: ReadonlySet<string> | undefined;
  private readonly driver: ProjectionDriver;

  constructor(
    private readonly store: EventStore,
    private readonly readStore: ReadStore,
    handlers: readonly ProjectionHandler[],
    private readonly options: ProjectionRunnerOptions = {},
  ) {
    this.retryDelayMs = options.retry?.initialMs ?? 100;
    this.handledTypes = handledTypes(handlers);
    this.driver = projectionDriver(readStore, handlers, options.venueLocations ?? new VenueLocations());
  }

  async start(): Promise<void> {
    const checkpoint = await this.readStore.checkpoints.get(readModelCheckpoint);
    this.position = this.savedPosition = checkpoint ?? -1n;
    this.subscribe();
  }

  /** Last global position applied to the read model. */
  get appliedPosition(): bigint {
    return this.position;
  }

  waitFor(position: bigint, timeoutMs: number): Promise<boolean> {
    return this.position >= position ? Promise.resolve(true) : this.waiters.wait(position, timeoutMs);
  }

  /**
   * Runs `capture` between two events, never inside one (a unit of work's flush awaits between its writes), with the
   * position its documents reflect: at once when no event is being applied, else as soon as the current one is.
   */
  atRest<T>(capture: (position: bigint) => T): Promise<T> {
    if (!this.applying) return Promise.resolve(capture(this.position));
    return new Promise<T>((resolve, reject) =>
      this.pendingCaptures.push({
        run: () => {
          try {
            resolve(capture(this.position));
          } catch (error) {
            reject(error instanceof Error ? error : new Error(String(error)));
          }
        },
        reject,
      }),
    );
  }

  private runPendingCaptures(): void {
    // Checked first: most events find none, and `splice` would make an array for each.
    if (this.pendingCaptures.length > 0) for (const capture of this.pendingCaptures.splice(0)) capture.run();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.retryTimer);
    clearTimeout(this.idleTimer);
    this.idleTimer = undefined;
    await this.subscription?.stop();
    // Left half-applied by a failed write: no consistent moment is coming any more.
    for (const capture of this.pendingCaptures.splice(0)) capture.reject(new Error('the projection stopped mid-event'));
    await this.saveCheckpoint();
  }

  /** From the last applied position: events are applied once per subscription, and replays are harmless anyway. */
  private subscribe(): void {
    this.catchingUp = true;
    const subscription = this.store.subscribeToAll({
      ...(this.position >= 0n ? { after: this.position } : {}),
      onEvent: (event) => this.apply(event),
      // Events of types no handler takes are not even decoded (the embedded store reads their types alone).
      ...(this.handledTypes ? { types: this.handledTypes, onPassedOver: (position) => this.applied(position) } : {}),
      onCaughtUp: () => {
        this.catchingUp = false;
        this.retryDelayMs = this.options.retry?.initialMs ?? 100;
        void this.saveCheckpoint();
        this.resolveCaughtUp();
      },
    });
    this.subscription = subscription;
    void subscription.failed.then((error) => this.resubscribeLater(error));
  }

  private resubscribeLater(error: Error): void {
    if (this.stopped) return;
    const delay = this.retryDelayMs;
    this.retryDelayMs = Math.min(delay * 2, this.options.retry?.maxMs ?? 30_000);
    this.options.onFailure?.(error, delay);
    this.retryTimer = setTimeout(() => {
      if (this.stopped) return;
      // A store that refuses at once (closed, unreachable) counts as one more failed attempt, never as a crash.
      try {
        this.subscribe();
      } catch (failure) {
        this.resubscribeLater(failure instanceof Error ? failure : new Error(String(failure)));
      }
    }, delay);
  }

  /**
   * Before the first event, counts left marked by a batched rebuild whose flush failed half-way are derived from the
   * documents: that flush may have written a later event and not an earlier one, and the earlier one, applied again,
   * would move a stale count by one and clear its mark (the write-behind replay's first step too, replay.ts). A
   * failure fails the subscription like any failed write, and the next one settles again.
   */
  private apply(recorded: RecordedEvent): Promise<void> | void {
    if (!this.countsSettled) return this.settleCountsThenApply(recorded);
    // Most events are applied in the calling turn (the memory read model, and every event passed over): they go
    // through without a promise. A failure is still a rejection, as from an async function: some subscriptions wrap
    // the call in Promise.resolve. While an event's writes are under way the read model is between two positions:
    // `applying` holds snapshot captures back (atRest), and stays set after a failed event, whose writes may be half
    // done.
    try {
      const applying = this.driver.apply(recorded);
      const written = applying ? applying.then(() => this.driver.flush()) : this.driver.flush();
      if (!written) return this.applied(recorded.position);
      this.applying = true;
      return written.then(
        () => {
          this.applying = false;
          return this.applied(recorded.position);
        },
        (error: unknown) => this.failed(error),
      );
    } catch (error) {
      return this.failed(error);
    }
  }

  /** What a failed event left unwritten is forgotten: the subscription fails, and the event comes again. */
  private failed(error: unknown): Promise<never> {
    this.applying = true;
    this.driver.discard();
    return Promise.reject(error instanceof Error ? error : new Error(String(error)));
  }

  private async settleCountsThenApply(recorded: RecordedEvent): Promise<void> {
    this.applying = true;
    try {
      await this.driver.settleCounts();
      await this.driver.flush();
    } catch (error) {
      return this.failed(error);
    }
    this.countsSettled = true;
    this.applying = false;
    await this.apply(recorded);
  }

  /** The event's writes are done (or it had none): its position is the read model's, and its waiters are let go. */
  private applied(position: bigint): Promise<void> | void {
    this.position = position;
    this.runPendingCaptures();
    if (++this.appliedSinceSave >= (this.options.checkpointEvery ?? 1000)) {
      return this.saveCheckpoint().then(() => this.waiters.release(position));
    }
    // A catch-up saves when it ends (onCaughtUp); an idle timer per event would only cost it time.
    if (!this.catchingUp) this.saveWhenIdle();
    this.waiters.release(position);
  }

  private saveWhenIdle(): void {
    if (this.idleTimer) {
      this.idleTimer.refresh();
      return;
    }
    this.idleTimer = setTimeout(() => {
      this.idleTimer = undefined;
      void this.saveCheckpoint();
    }, this.options.checkpointIdleMs ?? 50);
  }

  /**
   * Saves run one after another, so that a slower earlier save never overwrites a later position. A failed save never
   * rejects: the chain must go on (a rejected link would fail every later save, so the checkpoint would never move
   * again and API processes waiting on it would time out on every write); it is reported and tried again when idle.
   */
  private saveCheckpoint(): Promise<void> {
    this.appliedSinceSave = 0;
    this.saving = this.saving.then(async () => {
      if (this.position === this.savedPosition) return;
      const position = this.position;
      try {
        await this.readStore.checkpoints.set(readModelCheckpoint, position);
        this.savedPosition = position;
      } catch (error) {
        this.options.onCheckpointFailure?.(error instanceof Error ? error : new Error(String(error)));
        if (!this.stopped) this.saveWhenIdle();
      }
    });
    return this.saving;
  }
}
