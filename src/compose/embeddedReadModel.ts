// Part of the composition root: the embedded deployment's in-memory read model and its snapshot as the service uses
// them: where the snapshot lives, loading it into a fresh memory read model at start, saving it at close (the
// background writes are periodicSnapshots.ts). Failures are
// logged, never fatal: the store is the truth.
import type { Logger } from 'pino';
import type { Config } from '../config/config.ts';
import type { EventStore } from '../events/eventStore.ts';
import type { ReadStore } from '../projections/readStore.ts';
import type { MemoryReadStore } from '../projections/memory/memoryReadStore.ts';
import type { ProjectionMemos } from '../projections/projectionMemos.ts';
import { createMemoryReadStore } from '../projections/memory/memoryReadStore.ts';
import {
  loadReadModelSnapshot,
  saveReadModelSnapshot,
  type SnapshotLoad,
} from '../projections/snapshot/readModelSnapshot.ts';
import { codeFingerprint } from '../projections/snapshot/codeFingerprint.ts';
import { embeddedSnapshotPath, type EarlySnapshotRead } from './earlySnapshotRead.ts';
import { withLoadHeapGrowth } from './loadHeapGrowth.ts';

/** The code does not change while the process runs: one fingerprint serves every start in it. */
let runningFingerprint: string | undefined;

export interface SnapshotTarget {
  readonly path: string;
  readonly fingerprint: string;
}

/** The lmdb store with the in-memory read model, snapshots on: the file and the running code's fingerprint. */
export function snapshotTarget(config: Config, logger: Logger): SnapshotTarget | undefined {
  const path = embeddedSnapshotPath(config);
  if (path === undefined) return undefined;
  try {
    return { path, fingerprint: (runningFingerprint ??= codeFingerprint()) };
  } catch (error) {
    logger.warn({ err: error }, 'cannot fingerprint the projection code: read-model snapshots are off');
    return undefined;
  }
}

/**
 * A fresh memory read model, filled from the snapshot when it is usable: a snapshot never stops a start. `memos`: the
 * ones its projection runs with; `early`: the file's read when the start began it (used when its path is the target's).
 */
export async function openMemoryReadModel(
  store: EventStore,
  target: SnapshotTarget | undefined,
  memos: ProjectionMemos,
  logger: Logger,
  early?: EarlySnapshotRead,
) {
  const readStore = createMemoryReadStore(memos);
  if (!target) return { readStore, memory: readStore };
  const startedAt = performance.now();
  let snapshotLoad: SnapshotLoad;
  try {
    const read = early?.path === target.path ? early.read : undefined;
    snapshotLoad = await withLoadHeapGrowth(() =>
      loadReadModelSnapshot(target.path, store, readStore, target.fingerprint, read),
    );
  } catch (error) {
    logger.warn(
      { err: error, path: target.path },
      'read-model snapshot failed to load: replaying the whole event store',
    );
    const fresh = createMemoryReadStore(memos);
    return {
      readStore: fresh,
      memory: fresh,
      snapshot: target,
      snapshotLoad: { kind: 'ignored', reason: String(error) } as const,
    };
  }
  if (snapshotLoad.kind === 'ignored')
    logger.warn(
      { path: target.path, reason: snapshotLoad.reason },
      'read-model snapshot ignored: replaying the whole event store',
    );
  if (snapshotLoad.kind === 'loaded') {
    const { position, documents, bytes, phases } = snapshotLoad;
    const ms = Math.round(performance.now() - startedAt);
    logger.info(
      { position: String(position), documents, bytes, ms, phases },
      'read model loaded from its snapshot: applying the events written since',
    );
  }
  return { readStore, memory: readStore, snapshot: target, snapshotLoad };
}

/** After the projection stopped, before the stores close; a failure leaves the previous file and is only logged. */
export async function saveSnapshot(
  target: SnapshotTarget,
  store: EventStore,
  readStore: ReadStore,
  logger: Logger,
): Promise<void> {
  const startedAt = performance.now();
  try {
    const saved = await saveReadModelSnapshot(target.path, store, readStore, target.fingerprint);
    const ms = Math.round(performance.now() - startedAt);
    if (saved.kind === 'saved')
      logger.info(
        { position: String(saved.position), documents: saved.documents, bytes: saved.bytes, ms },
        'read-model snapshot saved',
      );
    else logger.info({ reason: saved.reason }, 'no read-model snapshot saved');
  } catch (error) {
    logger.error(
      { err: error, path: target.path },
      'could not save the read-model snapshot; the next start replays from the previous one or the start',
    );
  }
}

/**
 * A snapshot load leaves the slug and link indexes to be built at their first use (which waits for what is left of
 * them); once the service serves they are built `slice` documents per turn of the event loop (a few milliseconds
 * each), so that requests, `/ready` included, are answered in between.
 */
export function settleIndexesSoon(memory: MemoryReadStore | undefined, delayMs = 100, slice = 5000): void {
  if (!memory?.events.unsettledIndexes) return;
  const step = () => {
    memory.events.settleIndexes(slice);
    if (memory.events.unsettledIndexes) setImmediate(step).unref();
  };
  setTimeout(step, delayMs).unref();
}
