// Compares two read-model digests collection by collection and names the first documents that differ (pure).
import { readModelCollections, type ReadModelCollection } from '../readStore.ts';
import type { CollectionDigest, CollectionsDigest } from './readModelDigest.ts';

/** How many differing ids a report names per collection; the total is counted in full. */
export const namedDifferences = 5;

/** `only-live`: in the live read model but not in the replay; `only-replayed`: the other way round. */
export type DifferenceKind = 'changed' | 'only-live' | 'only-replayed';

export interface DocumentDifference {
  readonly id: number;
  readonly kind: DifferenceKind;
}

export interface CollectionComparison {
  readonly collection: ReadModelCollection;
  readonly live: CollectionDigest;
  readonly replayed: CollectionDigest;
  readonly identical: boolean;
  /** The first differing documents by id; empty when identical or when either side has no detail. */
  readonly differences: readonly DocumentDifference[];
  /** Differing documents in all; undefined without detail on both sides. */
  readonly differing?: number;
}

export function compareDigests(live: CollectionsDigest, replayed: CollectionsDigest): CollectionComparison[] {
  return readModelCollections.map((collection) =>
    compareCollection(collection, live[collection], replayed[collection]),
  );
}

function compareCollection(
  collection: ReadModelCollection,
  live: CollectionDigest,
  replayed: CollectionDigest,
): CollectionComparison {
  const identical = live.count === replayed.count && live.digest === replayed.digest;
  if (identical || !live.documents || !replayed.documents)
    return { collection, live, replayed, identical, differences: [] };
  const all = documentDifferences(live.documents, replayed.documents);
  return { collection, live, replayed, identical, differences: all.slice(0, namedDifferences), differing: all.length };
}

/** A merge of two id-ordered hash lists. */
export function documentDifferences(
  live: readonly (readonly [number, string])[],
  replayed: readonly (readonly [number, string])[],
): DocumentDifference[] {
  const found: DocumentDifference[] = [];
  let i = 0;
  let j = 0;
  while (i < live.length || j < replayed.length) {
    const [liveId, liveHash] = live[i] ?? [Infinity, ''];
    const [replayedId, replayedHash] = replayed[j] ?? [Infinity, ''];
    if (liveId < replayedId) {
      found.push({ id: liveId, kind: 'only-live' });
      i++;
    } else if (replayedId < liveId) {
      found.push({ id: replayedId, kind: 'only-replayed' });
      j++;
    } else {
      if (liveHash !== replayedHash) found.push({ id: liveId, kind: 'changed' });
      i++;
      j++;
    }
  }
  return found;
}
