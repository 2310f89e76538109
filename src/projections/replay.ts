// Replays the event store into a read model up to a given global position, in pages: for `cal verify` and rebuilds.
import type { EventStore } from '../events/eventStore.ts';
import type { ReadStore } from './readStore.ts';
import type { ProjectionHandler } from './projectionHandler.ts';
import { allProjections } from './allProjections.ts';
import { applyRecordedEvent, readModelCheckpoint } from './projectionStep.ts';

const defaultPageSize = 500;

export interface ReplayOptions {
  /**
   * Inclusive: the last global position to apply. Events after it are left alone even when they exist already, so
   * that the result matches a read model known to be at that position while writes go on. Omitted: the store's head
   * when the replay starts.
   */
  readonly upTo?: bigint;
  /** Exclusive: resumes after this position (a replay continued to a later position). Omitted: from the start. */
  readonly after?: bigint;
  readonly handlers?: readonly ProjectionHandler[];
  readonly pageSize?: number;
}

export interface ReplayResult {
  /** Position of the last event applied; `after` (or -1n) when none was. */
  readonly appliedPosition: bigint;
  readonly appliedEvents: number;
}

/**
 * Applies every event after `after` up to `upTo`, then stores the checkpoint, so that a ProjectionRunner started on
 * the same read store carries on from there. Ends early when the store holds nothing more: the caller compares
 * `appliedPosition` with the position it wanted.
 */
export async function replayInto(store: EventStore, readStore: ReadStore, options: ReplayOptions = {}): Promise<ReplayResult> {
  const upTo = options.upTo ?? (await store.headPosition());
  const handlers = options.handlers ?? allProjections;
  const pageSize = options.pageSize ?? defaultPageSize;
  let appliedPosition = options.after ?? -1n;
  let appliedEvents = 0;
  let more = appliedPosition < upTo;
  while (more) {
    const page = await store.readAll({ ...(appliedPosition >= 0n ? { after: appliedPosition } : {}), maxCount: pageSize });
    for (const recorded of page) {
      if (recorded.position > upTo) {
        more = false;
        break;
      }
      await applyRecordedEvent(recorded, handlers, readStore);
      appliedPosition = recorded.position;
      appliedEvents++;
    }
    if (page.length < pageSize || appliedPosition >= upTo) more = false;
  }
  if (appliedEvents > 0) await readStore.checkpoints.set(readModelCheckpoint, appliedPosition);
  return { appliedPosition, appliedEvents };
}
