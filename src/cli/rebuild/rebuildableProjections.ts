// The projections `cal rebuild` knows, by the name `--projection` takes; today the read model, as one whole.
import type { ProjectionHandler } from '../../projections/projectionHandler.ts';
import type { ProjectionMemos } from '../../projections/projectionMemos.ts';
import { allProjections } from '../../projections/allProjections.ts';
import { readModelCheckpoint } from '../../projections/projectionStep.ts';

export interface RebuildableProjection {
  /** Also the name of its checkpoint, and of its MongoDB version pointer. */
  readonly name: string;
  /** The handlers, with the memos of the read model they write. */
  readonly handlers: (memos: ProjectionMemos) => readonly ProjectionHandler[];
}

/**
 * One entry for every read-model collection: events embed copies of their venues, organizers and terms, and the link
 * handler refreshes those copies, so rebuilding one collection alone would leave the others' embedded copies stale.
 */
export const readModelProjection: RebuildableProjection = { name: readModelCheckpoint, handlers: allProjections };

export const rebuildableProjections: readonly RebuildableProjection[] = [readModelProjection];

export function rebuildableProjection(name: string): RebuildableProjection | undefined {
  return rebuildableProjections.find((projection) => projection.name === name);
}
