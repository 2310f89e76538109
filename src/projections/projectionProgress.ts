// How far the read model this process serves has got: for read-your-writes waits, readiness and the metrics.

export interface ProjectionProgress {
  /** Last global position the read model is known to reflect (-1n before any). */
  readonly appliedPosition: bigint;
  /** True once the read model reflects every event up to `position`; false when `timeoutMs` passed first. */
  waitFor(position: bigint, timeoutMs: number): Promise<boolean>;
}

interface Waiter {
  readonly position: bigint;
  readonly resolve: (reached: boolean) => void;
  readonly timer: NodeJS.Timeout;
}

/** The waiting part shared by the in-process runner and the checkpoint watcher of API instances. */
export class PositionWaiters {
  private readonly waiters = new Set<Waiter>();

  get size(): number {
    return this.waiters.size;
  }

  wait(position: bigint, timeoutMs: number): Promise<boolean> {
    return new Promise((resolve) => {
      const waiter: Waiter = {
        position,
        resolve,
        timer: setTimeout(() => {
          this.waiters.delete(waiter);
          resolve(false);
        }, timeoutMs),
      };
      this.waiters.add(waiter);
    });
  }

  /** Resolves every waiter whose position is reached. */
  release(applied: bigint): void {
    for (const waiter of this.waiters) {
      if (waiter.position > applied) continue;
      clearTimeout(waiter.timer);
      this.waiters.delete(waiter);
      waiter.resolve(true);
    }
  }
}
