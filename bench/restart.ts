// Start-up costs: the service started on an empty data directory (its baseline RSS), and on a store seeded with the
// mode's number of stored events (1M in full mode): a cold start (full replay, then its background snapshot), a
// graceful stop (little or nothing left to write), a restart, and a start after a SIGKILL, each timed until it
// listens, is ready, and is caught up.
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openLmdbEventStore } from '../src/events/embedded/lmdbEventStore.ts';
import type { BenchMode } from './benchMode.ts';
import { seed } from './seed.ts';
import { startServiceProcess, type StartTimes } from './serviceProcess.ts';
import { snapshotFileName } from '../src/projections/snapshot/readModelSnapshot.ts';

export interface StartMeasurement {
  readonly storeEvents: number;
  readonly calendarEvents: number;
  readonly times: StartTimes;
  /** RSS of the service once caught up, in MB. */
  readonly rssMegabytes: number;
  /** Its anonymous part (without the mapped store file and binaries), in MB. */
  readonly anonymousRssMegabytes: number;
}

/** `times` and `rssMegabytes` are the restart's: what an operator waits for after a deploy or a reboot. */
export interface RestartMeasurement extends StartMeasurement {
  readonly seedSeconds: number;
  readonly seedEventsPerSecond: number;
  /** The first start on the seeded store: no snapshot yet, a full replay. */
  readonly coldStart: StartReading;
  /** SIGTERM to exit of the cold-started service: draining, and writing the read-model snapshot. */
  readonly stopSeconds: number;
  /** Size of the snapshot on disk after that stop (0: none). */
  readonly snapshotBytes: number;
  /** From the cold start's readiness until the background snapshot it starts at once was on disk. */
  readonly backgroundSnapshotSeconds?: number;
  /** Started on the data directory of a service killed with SIGKILL (the last periodic snapshot plus the tail). */
  readonly afterKill?: StartReading;
}

type StartReading = Pick<StartMeasurement, 'times' | 'rssMegabytes' | 'anonymousRssMegabytes'>;

/**
 * Seconds between background snapshots for the services of this measurement: short, so that the cold start's first
 * one (which a store with a short replay leaves to the interval, 60 s by default) is on disk within a second or two.
 * The caller's own value wins: `CAL_READ_MODEL_SNAPSHOT_INTERVAL=0` measures stops that write the whole snapshot.
 */
export const restartSnapshotInterval = (env: NodeJS.ProcessEnv = process.env): string =>
  env.CAL_READ_MODEL_SNAPSHOT_INTERVAL ?? '1';

/** Polls (no timing asserted) until the snapshot file's modification time moves past `after`. */
async function snapshotWrittenAfter(path: string, after: number, deadlineMs: number): Promise<void> {
  const deadline = performance.now() + deadlineMs;
  while (modifiedAt(path) <= after) {
    if (performance.now() > deadline) throw new Error('no background snapshot was written');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const modifiedAt = (path: string): number => {
  try {
    return statSync(path).mtimeMs;
  } catch {
    return 0;
  }
};

/**
 * Started, measured, and stopped gracefully (SIGTERM) or killed, with the time the stop took. `beforeStop`: waits for
 * what a service running for a while would have done (its background snapshot).
 */
async function startOnce(
  nodeFlags: readonly string[],
  dataDir: string,
  deadlineMs: number,
  beforeStop: () => Promise<void> = async () => {},
  kill = false,
): Promise<StartReading & { stopSeconds: number }> {
  const service = await startServiceProcess(nodeFlags, dataDir, deadlineMs, {
    CAL_READ_MODEL_SNAPSHOT_INTERVAL: restartSnapshotInterval(),
  });
  await beforeStop();
  if (kill) {
    await service.kill();
    return { times: service.times, rssMegabytes: 0, anonymousRssMegabytes: 0, stopSeconds: 0 };
  }
  let memory: Omit<StartReading, 'times'>;
  try {
    memory = { rssMegabytes: service.rssMegabytes(), anonymousRssMegabytes: service.anonymousRssMegabytes() };
  } catch (error) {
    await service.stop();
    throw error;
  }
  const stoppingAt = performance.now();
  await service.stop();
  return { times: service.times, ...memory, stopSeconds: (performance.now() - stoppingAt) / 1000 };
}

const sizeOf = (path: string): number => {
  try {
    return statSync(path).size;
  } catch {
    return 0;
  }
};

export async function measureEmptyStart(nodeFlags: readonly string[], mode: BenchMode): Promise<StartMeasurement> {
  const dir = mkdtempSync(join(tmpdir(), 'cal-bench-empty-'));
  try {
    const { stopSeconds: _, ...started } = await startOnce(nodeFlags, dir, mode.startDeadlineMs);
    return { storeEvents: 0, calendarEvents: 0, ...started };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export async function measureRestart(
  nodeFlags: readonly string[],
  mode: BenchMode,
  now: Date,
): Promise<RestartMeasurement> {
  const dir = mkdtempSync(join(tmpdir(), 'cal-bench-restart-'));
  try {
    const store = await openLmdbEventStore(join(dir, 'events'));
    const startedAt = performance.now();
    const seeded = await seed(store, mode.restartShape, now, mode.restartStoreEvents);
    const seedSeconds = (performance.now() - startedAt) / 1000;
    await store.close();
    const path = join(dir, snapshotFileName);
    let backgroundSnapshotSeconds = 0;
    const backgroundSnapshot = async () => {
      const readyAt = performance.now();
      // With CAL_READ_MODEL_SNAPSHOT_INTERVAL=0 there is none to wait for (the stop writes it).
      if (restartSnapshotInterval() !== '0') await snapshotWrittenAfter(path, 0, mode.startDeadlineMs);
      backgroundSnapshotSeconds = (performance.now() - readyAt) / 1000;
    };
    const { stopSeconds, ...coldStart } = await startOnce(nodeFlags, dir, mode.startDeadlineMs, backgroundSnapshot);
    const snapshotBytes = sizeOf(path);
    const { stopSeconds: _, ...restarted } = await startOnce(nodeFlags, dir, mode.startDeadlineMs);
    // Killed once it runs (its snapshot is the one the restart above loaded), then started again.
    await startOnce(nodeFlags, dir, mode.startDeadlineMs, async () => {}, true);
    const { stopSeconds: __, ...afterKill } = await startOnce(nodeFlags, dir, mode.startDeadlineMs);
    return {
      storeEvents: seeded.storeEvents,
      calendarEvents: seeded.calendarEvents,
      seedSeconds,
      seedEventsPerSecond: seeded.storeEvents / seedSeconds,
      coldStart,
      stopSeconds,
      snapshotBytes,
      backgroundSnapshotSeconds,
      afterKill,
      ...restarted,
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
