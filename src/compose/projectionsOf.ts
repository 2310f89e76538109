// What keeps the read model current in each role (the composition root's part for projections).
import type { Logger } from 'pino';
import type { ServiceRole } from '../config/config.ts';
import { allProjections } from '../projections/allProjections.ts';
import { CheckpointWatcher } from '../projections/checkpointWatcher.ts';
import type { ProjectionMemos } from '../projections/projectionMemos.ts';
import type { ProjectionProgress } from '../projections/projectionProgress.ts';
import { ProjectionRunner } from '../projections/projectionRunner.ts';
import type { ReadStore } from '../projections/readStore.ts';
import { VersionFollowingRunner } from '../projections/versionFollowingRunner.ts';
import type { OpenedStores } from './openStores.ts';

export type RoleProjections = ReturnType<typeof projectionsOf>;

/**
 * What keeps the read model current in this role: a projection runner where the role projects (following the read
 * model version a blue-green rebuild switches to), else a watcher of the projector's checkpoint (the api role).
 */
export function projectionsOf(stores: OpenedStores, role: ServiceRole, memos: ProjectionMemos, logger: Logger) {
  const { readStore, versions } = stores;
  const watcher = role === 'api' ? new CheckpointWatcher(readStore.checkpoints) : undefined;
  const handlers = allProjections(memos);
  const runnerOn = (target: ReadStore) =>
    new ProjectionRunner(stores.store, target, handlers, {
      venueLocations: memos.venues,
      onFailure: (error, retryInMs) =>
        logger.error({ err: error, retryInMs }, 'projection subscription failed; resubscribing'),
      onCheckpointFailure: (error) =>
        logger.warn({ err: error }, 'projection checkpoint save failed; retrying when idle'),
    });
  // The runner writes one version's own collections, never through the switching view the API reads.
  const runner = watcher ? undefined : new VersionFollowingRunner(runnerOn, versions?.activeStore() ?? readStore);
  versions?.onSwitch((version, store) => {
    logger.info({ version }, 'read model switched to a rebuilt version');
    void runner
      ?.switchTo(store)
      .catch((error: unknown) => logger.error({ err: error }, 'could not restart the projection on the new version'));
  });
  return { watcher, runner, progress: (watcher ?? runner) as ProjectionProgress };
}
