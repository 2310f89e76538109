// Blue-green rebuild of the MongoDB read model: build the next version beside the active one, catch up, switch.
import type { Db } from 'mongodb';
import type { EventStore } from '../../events/eventStore.ts';
import type { ProjectionHandler } from '../projectionHandler.ts';
import {
  replayInto,
  replayPastCheckpoint,
  replayUntilCaughtUp,
  type ReplayProgress,
  type ReplayResult,
  type WriteBehindOptions,
} from '../replay.ts';
import { mongoReadStoreOn } from './mongoReadStore.ts';
import { allocateReadModelVersion, dropReadModelVersion, switchActiveReadModelVersion } from './readModelPointer.ts';

export interface BlueGreenRebuildOptions {
  readonly handlers: readonly ProjectionHandler[];
  readonly pageSize?: number;
  /** Batches the writes into the new version: one bulk write per collection per batch (see replayInto). */
  readonly writeBehind?: WriteBehindOptions;
  /** A catch-up pass applying fewer events than this ends the catch-up (see replayUntilCaughtUp). */
  readonly catchUpThreshold?: number;
  readonly now?: () => Date;
  /** Once the version is chosen, before any document is written. */
  readonly onPlan?: (plan: { readonly from: number; readonly to: number }) => void;
  /** The full replay's progress. */
  readonly onProgress?: (progress: ReplayProgress) => void;
  /** Each catch-up pass after the full replay; the next pass waits for it. */
  readonly onCatchUpPass?: (pass: number, result: ReplayResult) => void | Promise<void>;
}

export interface BlueGreenRebuildResult {
  readonly previousVersion: number;
  readonly version: number;
  readonly appliedPosition: bigint;
  readonly appliedEvents: number;
  readonly catchUpPasses: number;
}

/**
 * The active version goes on serving reads and taking its projector's writes throughout; the switch is one update of
 * the pointer, which running processes follow (versionedMongoReadModel), made only once the new version holds at
 * least what the active one's checkpoint says (else the rebuild fails with RebuildBehindActive and drops it). Events
 * after the last pass are applied by the projector restarted on the new version from its checkpoint. The old
 * version's collections stay for a rollback; a failed rebuild drops its own partial version, which nothing reads.
 */
export async function rebuildIntoNextVersion(
  store: EventStore,
  db: Db,
  options: BlueGreenRebuildOptions,
): Promise<BlueGreenRebuildResult> {
  const { version, active } = await allocateReadModelVersion(db);
  options.onPlan?.({ from: active, to: version });
  const target = mongoReadStoreOn(db, version);
  const replay = { handlers: options.handlers, pageSize: options.pageSize, writeBehind: options.writeBehind };
  let built: ReplayResult & { readonly passes: number };
  try {
    // The version was allocated to this rebuild alone; anything under its names is a leftover made by hand.
    await dropReadModelVersion(db, version);
    await target.init();
    const full = await replayInto(store, target, { ...replay, onProgress: options.onProgress });
    const caughtUp = await replayUntilCaughtUp(store, target, {
      ...replay,
      after: full.appliedPosition,
      threshold: options.catchUpThreshold,
      onPass: options.onCatchUpPass,
    });
    // Never switch to a version behind the active one: readers would see the read model go back in time.
    const past = await replayPastCheckpoint(store, target, mongoReadStoreOn(db, active).checkpoints, {
      ...replay,
      after: caughtUp.appliedPosition,
    });
    built = {
      appliedPosition: past.appliedPosition,
      appliedEvents: full.appliedEvents + caughtUp.appliedEvents + past.appliedEvents,
      passes: caughtUp.passes + past.passes,
    };
  } catch (error) {
    await dropReadModelVersion(db, version).catch(() => undefined);
    throw error;
  }
  await switchActiveReadModelVersion(db, { from: active, to: version, at: (options.now ?? (() => new Date()))() });
  return {
    previousVersion: active,
    version,
    appliedPosition: built.appliedPosition,
    appliedEvents: built.appliedEvents,
    catchUpPasses: built.passes,
  };
}
