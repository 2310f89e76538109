// Start-up costs: the service started on an empty data directory (its baseline RSS), and restarted on a store seeded
// with the mode's number of stored events (1M in full mode), timed until it listens, is ready, and is caught up.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openLmdbEventStore } from '../src/events/embedded/lmdbEventStore.ts';
import type { BenchMode } from './benchMode.ts';
import { seed } from './seed.ts';
import { startServiceProcess, type StartTimes } from './serviceProcess.ts';

export interface StartMeasurement {
  readonly storeEvents: number;
  readonly calendarEvents: number;
  readonly times: StartTimes;
  /** RSS of the service once caught up, in MB. */
  readonly rssMegabytes: number;
}

export interface RestartMeasurement extends StartMeasurement {
  readonly seedSeconds: number;
  readonly seedEventsPerSecond: number;
}

async function startOnce(nodeFlags: readonly string[], dataDir: string, deadlineMs: number): Promise<Pick<StartMeasurement, 'times' | 'rssMegabytes'>> {
  const service = await startServiceProcess(nodeFlags, dataDir, deadlineMs);
  try {
    return { times: service.times, rssMegabytes: service.rssMegabytes() };
  } finally {
    await service.stop();
  }
}

export async function measureEmptyStart(nodeFlags: readonly string[], mode: BenchMode): Promise<StartMeasurement> {
  const dir = mkdtempSync(join(tmpdir(), 'cal-bench-empty-'));
  try {
    return { storeEvents: 0, calendarEvents: 0, ...(await startOnce(nodeFlags, dir, mode.startDeadlineMs)) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export async function measureRestart(nodeFlags: readonly string[], mode: BenchMode, now: Date): Promise<RestartMeasurement> {
  const dir = mkdtempSync(join(tmpdir(), 'cal-bench-restart-'));
  try {
    const store = await openLmdbEventStore(join(dir, 'events'));
    const startedAt = performance.now();
    const seeded = await seed(store, mode.restartShape, now, mode.restartStoreEvents);
    const seedSeconds = (performance.now() - startedAt) / 1000;
    await store.close();
    const started = await startOnce(nodeFlags, dir, mode.startDeadlineMs);
    return {
      storeEvents: seeded.storeEvents,
      calendarEvents: seeded.calendarEvents,
      seedSeconds,
      seedEventsPerSecond: seeded.storeEvents / seedSeconds,
      ...started,
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
