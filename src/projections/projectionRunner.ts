// Runs the projectors: subscribes to $all from the stored checkpoint, applies each event, tracks progress.
import type { EventStore, RecordedEvent, Subscription } from '../events/eventStore.ts';
import type { ReadStore } from './readStore.ts';
import type { ProjectionHandler } from './projectionHandler.ts';
import { applyRecordedEvent, readModelCheckpoint } from './projectionStep.ts';

/** Checkpoints are written every this many events, at catch-up and on stop; revision guards make replays harmless. */
const checkpointEvery = 1000;

export class ProjectionRunner {
  private subscription: Subscription | undefined;
  private position = -1n;
  private savedPosition = -1n;
  private readonly waiters: { position: bigint; resolve: () => void }[] = [];
  private resolveCaughtUp!: () => void;
  /** Resolves once the catch-up from the checkpoint reached the store's head. */
  readonly caughtUp = new Promise<void>((resolve) => (this.resolveCaughtUp = resolve));

  constructor(
    private readonly store: EventStore,
    private readonly readStore: ReadStore,
    private readonly handlers: readonly ProjectionHandler[],
    private readonly onFailure: (error: Error) => void = () => {},
  ) {}

  async start(): Promise<void> {
    const checkpoint = await this.readStore.checkpoints.get(readModelCheckpoint);
    this.position = this.savedPosition = checkpoint ?? -1n;
    this.subscription = this.store.subscribeToAll({
      ...(checkpoint !== undefined ? { after: checkpoint } : {}),
      onEvent: (event) => this.apply(event),
      onCaughtUp: () => {
        void this.saveCheckpoint();
        this.resolveCaughtUp();
      },
    });
    void this.subscription.failed.then(this.onFailure);
  }

  /** Last global position applied to the read model. */
  get appliedPosition(): bigint {
    return this.position;
  }

  /** Resolves once the read model reflects every event up to `position` (read-your-writes). */
  waitFor(position: bigint): Promise<void> {
    if (this.position >= position) return Promise.resolve();
    return new Promise((resolve) => this.waiters.push({ position, resolve }));
  }

  async stop(): Promise<void> {
    await this.subscription?.stop();
    await this.saveCheckpoint();
  }

  private async apply(recorded: RecordedEvent): Promise<void> {
    await applyRecordedEvent(recorded, this.handlers, this.readStore);
    this.position = recorded.position;
    if (this.position - this.savedPosition >= checkpointEvery) await this.saveCheckpoint();
    this.release();
  }

  private release(): void {
    for (let i = this.waiters.length - 1; i >= 0; i--) {
      const waiter = this.waiters[i] as { position: bigint; resolve: () => void };
      if (waiter.position <= this.position) {
        this.waiters.splice(i, 1);
        waiter.resolve();
      }
    }
  }

  private async saveCheckpoint(): Promise<void> {
    if (this.position === this.savedPosition) return;
    const position = this.position;
    await this.readStore.checkpoints.set(readModelCheckpoint, position);
    this.savedPosition = position;
  }
}
