// Start-up costs: the service started on an empty data directory (its baseline RSS), and on a store seeded with the
// mode's number of stored events (1M in full mode): a cold start (full replay), a graceful stop (which writes the
// read-model snapshot), and a restart (snapshot plus the events after it), timed until it listens, is ready, and is
// caught up.
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
  /** Size of the snapshot that stop wrote (0: none). */
  readonly snapshotBytes: number;
}

type StartReading = Pick<StartMeasurement, 'times' | 'rssMegabytes' | 'anonymousRssMegabytes'>;

/** Started, measured, and stopped gracefully (SIGTERM), with the time the stop took. */
async function startOnce(
  nodeFlags: readonly string[],
  dataDir: string,
  deadlineMs: number,
): Promise<StartReading & { stopSeconds: number }> {
  const service = await startServiceProcess(nodeFlags, dataDir, deadlineMs);
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
    const { stopSeconds, ...coldStart } = await startOnce(nodeFlags, dir, mode.startDeadlineMs);
    const snapshotBytes = sizeOf(join(dir, snapshotFileName));
    const { stopSeconds: _, ...restarted } = await startOnce(nodeFlags, dir, mode.startDeadlineMs);
    return {
      storeEvents: seeded.storeEvents,
      calendarEvents: seeded.calendarEvents,
      seedSeconds,
      seedEventsPerSecond: seeded.storeEvents / seedSeconds,
      coldStart,
      stopSeconds,
      snapshotBytes,
      ...restarted,
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
