// Opens the configured stores: the embedded lmdb store and in-process read model, or EventStoreDB and the versioned
// MongoDB read model.
import type { Logger } from 'pino';
import type { Config } from '../config/config.ts';
import { ownerOnlyDirectory } from '../events/embedded/ownerOnlyFiles.ts';
import type { EventStore } from '../events/eventStore.ts';
import { openLmdbEventStore } from '../events/embedded/lmdbEventStore.ts';
import type { ReadStore } from '../projections/readStore.ts';
import type { MemoryReadStore } from '../projections/memory/memoryReadStore.ts';
import type { SnapshotLoad } from '../projections/snapshot/readModelSnapshot.ts';
import type { ProjectionMemos } from '../projections/projectionMemos.ts';
import type { VersionedMongoReadModel } from '../projections/mongo/versionedMongoReadModel.ts';
import { openMemoryReadModel, snapshotTarget, type SnapshotTarget } from './embeddedReadModel.ts';
import type { EarlySnapshotRead } from './earlySnapshotRead.ts';
import type { FailureLog } from '../http/auth/failureLog.ts';

export interface OpenedStores {
  readonly store: EventStore;
  /** What the API reads: with MongoDB, whichever version of the read model is active. */
  readonly readStore: ReadStore;
  /** MongoDB only: the versions a blue-green rebuild switches between. */
  readonly versions?: VersionedMongoReadModel;
  /** Embedded with snapshots on: where the read model is saved at close. */
  readonly snapshot?: SnapshotTarget;
  readonly snapshotLoad?: SnapshotLoad;
  /** Embedded: the in-memory read model itself (background snapshots read it without awaiting). */
  readonly memory?: MemoryReadStore;
  /** MongoDB only: the failed-login log every API instance shares (embedded, each process keeps its own). */
  readonly loginFailures?: FailureLog;
  /** MongoDB only: the same for failed unlocks of item passwords. */
  readonly unlockFailures?: FailureLog;
}
/**
 * Opens the configured stores; unset URLs mean the embedded lmdb store and in-process read models. `memos`: those
 * of the read model's projection (the memory read model's own, embedded); `early`: the snapshot file's read, begun
 * by the caller before it loaded the service's modules.
 * The EventStoreDB and MongoDB adapters are imported only when configured: their clients took ~0.3 s of CPU to load
 * at every start of the embedded default, which uses neither.
 */
export async function openStores(
  config: Config,
  memos: ProjectionMemos,
  logger: Logger,
  early?: EarlySnapshotRead,
): Promise<OpenedStores> {
  let store: EventStore;
  if (config.eventStoreUrl) {
    const { connectEsdbEventStore } = await import('../events/esdb/esdbEventStore.ts');
    store = connectEsdbEventStore(config.eventStoreUrl);
  } else {
    ownerOnlyDirectory(config.dataDir);
    store = await openLmdbEventStore(`${config.dataDir}/events`, {
      minFreeBytes: config.minFreeDiskMb * 1024 * 1024,
      onRetriedCommit: (systemError) =>
        logger.warn({ err: systemError }, 'an lmdb commit failed and its appends were run once more'),
    });
  }
  if (!config.mongoUrl)
    return { store, ...(await openMemoryReadModel(store, snapshotTarget(config, logger), memos, logger, early)) };
  const [{ openVersionedMongoReadModel }, { openMongoFailureLog, failedUnlocksCollection }] = await Promise.all([
    import('../projections/mongo/versionedMongoReadModel.ts'),
    import('../http/auth/mongoFailureLog.ts'),
  ]);
  const versions = await openVersionedMongoReadModel(config.mongoUrl, {
    onPollFailure: (error) =>
      logger.warn({ err: error }, 'could not read the active read-model version; keeping the current one'),
  });
  await versions.activeStore().init();
  const loginFailures = await openMongoFailureLog(versions.db, config.authFailureWindowSeconds * 1000);
  const unlockWindowMs = config.unlockFailureWindowSeconds * 1000;
  const unlockFailures = await openMongoFailureLog(versions.db, unlockWindowMs, failedUnlocksCollection);
  return { store, readStore: versions.readStore, versions, loginFailures, unlockFailures };
}
