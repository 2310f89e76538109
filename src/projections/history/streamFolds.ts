// Folds a stream up to a point reading no further than that point: forward in bounded chunks from the nearest state
// the fold cache remembers, so `as_of` and history pages cost what they show, not the whole stream.
import type { EventStore, RecordedEvent } from '../../events/eventStore.ts';
import type { DocumentFold } from './documentFold.ts';
import { FoldCache, emptyState, type FoldTarget, type FoldedState } from './foldCache.ts';
import { foldPointOf, isWithin, secondOf, type FoldPoint } from './foldPoint.ts';

export interface StreamFolds {
  readonly store: EventStore;
  /** The stream's state after its longest prefix of events within `at` (a bare bigint is a revision). */
  foldAt<D>(streamId: string, fold: DocumentFold<D>, at: bigint | FoldTarget): Promise<FoldedState<D>>;
}

/** What the `…DocumentAt` folds read from: a bare store (no memory between calls) or folds with a cache. */
export type FoldSource = EventStore | StreamFolds;

export const foldsOf = (source: FoldSource): StreamFolds => ('foldAt' in source ? source : streamFolds(source));

/** Events read per step when the target gives no count: small first, since most points are near a state. */
const firstChunk = 16;
const maxChunk = 256;
/** Every this many revisions a long fold leaves a state in the cache, so later points nearby start close. */
const checkpointEvery = 64n;

export function streamFolds(store: EventStore, cache?: FoldCache): StreamFolds {
  return {
    store,
    async foldAt<D>(streamId: string, fold: DocumentFold<D>, at: bigint | FoldTarget): Promise<FoldedState<D>> {
      const target: FoldTarget = typeof at === 'bigint' ? foldPointOf(at) : at;
      if (target.kind === 'revision' && target.revision < 0n) return emptyState;
      let state: FoldedState<D> = cache?.nearest(streamId, fold, target) ?? emptyState;
      let chunk = firstChunk;
      for (;;) {
        const wanted =
          target.kind === 'revision' ? Math.min(Number(target.revision - state.revision), maxChunk) : chunk;
        if (wanted <= 0) break;
        const events = await store.readStream(streamId, { fromRevision: state.revision + 1n, maxCount: wanted });
        let reachedEnd = events.length < wanted;
        for (const recorded of events) {
          // A prefix, not a filter: the first event outside the point ends the fold (docs/audit-and-changes.md).
          if (target.kind !== 'head' && !isWithin(target as FoldPoint, recorded)) {
            reachedEnd = true;
            break;
          }
          state = step(fold, state, recorded);
          if (cache && state.revision % checkpointEvery === checkpointEvery - 1n) cache.remember(streamId, fold, state);
        }
        if (reachedEnd) break;
        chunk = Math.min(chunk * 2, maxChunk);
      }
      cache?.remember(streamId, fold, state);
      return state;
    },
  };
}

function step<D>(fold: DocumentFold<D>, state: FoldedState<D>, recorded: RecordedEvent): FoldedState<D> {
  const second = secondOf(recorded);
  return {
    doc: fold(state.doc, recorded),
    revision: recorded.revision,
    lastPosition: recorded.position,
    latestSecond:
      second !== undefined && (state.latestSecond === undefined || second > state.latestSecond)
        ? second
        : state.latestSecond,
  };
}
