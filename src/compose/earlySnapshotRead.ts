// Part of the composition root: the read-model snapshot's file read, started first thing (src/main.ts) so that it
// runs on libuv's thread pool while the main thread loads the service's modules, instead of after them.
import { join } from 'node:path';
import type { Config } from '../config/config.ts';
import { readSnapshotFile, snapshotFileName, type SnapshotFileRead } from '../projections/snapshot/snapshotFile.ts';

/** Where the embedded read model's snapshot lives; undefined where there is none (snapshots off, remote stores). */
export function embeddedSnapshotPath(config: Config): string | undefined {
  if (!config.readModelSnapshot || config.eventStoreUrl || config.mongoUrl) return undefined;
  return join(config.dataDir, snapshotFileName);
}

/** A read of the snapshot file begun before the start needs it; the start loads it only when the path is its own. */
export interface EarlySnapshotRead {
  readonly path: string;
  readonly read: Promise<SnapshotFileRead>;
}

export function readSnapshotEarly(config: Config): EarlySnapshotRead | undefined {
  const path = embeddedSnapshotPath(config);
  return path === undefined ? undefined : { path, read: readSnapshotFile(path) };
}
