// The projection progress of an API instance in the distributed deployment: the projector's checkpoint in MongoDB,
// polled only while a write waits on it (read-your-writes across processes).
import type { CheckpointStore } from './readStore.ts';
import { readModelCheckpoint } from './projectionStep.ts';
import { PositionWaiters, type ProjectionProgress } from './projectionProgress.ts';

export class CheckpointWatcher implements ProjectionProgress {
  private position = -1n;
  private polling = false;
  private readonly waiters = new PositionWaiters();

  constructor(
    private readonly checkpoints: CheckpointStore,
    private readonly pollIntervalMs = 20,
  ) {}

  /**
   * Reads the checkpoint now; also what the readiness probe and the metrics use. It is the checkpoint of the version
   * being read, taken as it is: after a blue-green switch it may be lower than the old version's, and a write must
   * then wait until the version it will be read from has it.
   */
  async refresh(): Promise<bigint> {
    this.position = (await this.checkpoints.get(readModelCheckpoint)) ?? -1n;
    this.waiters.release(this.position);
    return this.position;
  }

  get appliedPosition(): bigint {
    return this.position;
  }

  /** Always reads the checkpoint first: the position remembered may be that of a version no longer read. */
  waitFor(position: bigint, timeoutMs: number): Promise<boolean> {
    const reached = this.waiters.wait(position, timeoutMs);
    void this.poll();
    return reached;
  }

  /** One poller for every waiting write; it stops when none waits. A failed read is retried at the next tick. */
  private async poll(): Promise<void> {
    if (this.polling) return;
    this.polling = true;
    try {
      while (this.waiters.size > 0) {
        await this.refresh().catch(() => undefined);
        if (this.waiters.size > 0) await new Promise((resolve) => setTimeout(resolve, this.pollIntervalMs));
      }
    } finally {
      this.polling = false;
    }
  }
}
