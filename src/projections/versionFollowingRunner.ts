// Keeps the projection running on the read model's active version: after a blue-green rebuild switched versions, the
// runner on the old set stops and a new one continues the new set from that set's own checkpoint.
import type { ReadStore } from './readStore.ts';
import type { ProjectionRunner } from './projectionRunner.ts';
import type { ProjectionProgress } from './projectionProgress.ts';

export class VersionFollowingRunner implements ProjectionProgress {
  private active: ProjectionRunner;
  private switching: Promise<void> = Promise.resolve();

  constructor(
    private readonly runnerOn: (store: ReadStore) => ProjectionRunner,
    initial: ReadStore,
  ) {
    this.active = runnerOn(initial);
  }

  /** The runner now applying events. */
  get runner(): ProjectionRunner {
    return this.active;
  }

  get appliedPosition(): bigint {
    return this.active.appliedPosition;
  }

  waitFor(position: bigint, timeoutMs: number): Promise<boolean> {
    return this.active.waitFor(position, timeoutMs);
  }

  /** Starts the first runner and resolves once it caught up with the store. */
  async start(): Promise<void> {
    await this.active.start();
    await this.active.caughtUp;
  }

  /** Switches one after another; the old runner has saved its checkpoint (in the old set) before the new one starts. */
  switchTo(store: ReadStore): Promise<void> {
    this.switching = this.switching.then(async () => {
      await this.active.stop();
      this.active = this.runnerOn(store);
      await this.active.start();
    });
    return this.switching;
  }

  async stop(): Promise<void> {
    await this.switching;
    await this.active.stop();
  }
}
