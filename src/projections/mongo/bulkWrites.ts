// A replay batch as MongoDB bulk operations, one `bulkWrite` per collection: the revision-guarded puts of
// revisionGuardedPut.ts, embedded copies and counts. Pure translation, checked with mingo; `runGuardedBulk` runs it.
import { MongoBulkWriteError, type AnyBulkWriteOperation, type Collection, type Document } from 'mongodb';
import type { EventWriteBatch } from '../readStore.ts';
import type { TermWriteBatch } from '../terms/termCollection.ts';
import type { VenueLocations } from '../events/venueLocations.ts';
import type { ItemDocument } from '../posts/itemDocument.ts';
import { toStoredEventDocument } from './eventQueryTranslation.ts';
import { toStoredItem } from './postQueryTranslation.ts';
import { staleMarkFilter, storedTermFields } from './termQueryTranslation.ts';

const duplicateKeyCode = 11000;

const missingOrOlder = (id: number, revision: number): Document => ({ _id: id, revision: { $lt: revision } });
/** Numeric ids, which the driver's typed Filter (ObjectId `_id`) cannot express. */
const byId = (id: number): Document => ({ _id: id });

/** A whole document replaced only by a newer revision, inserted when missing (putIfNewer's first write). */
function guardedReplace(stored: Document & { readonly _id: number; readonly revision: number }): AnyBulkWriteOperation {
  const { _id, ...replacement } = stored;
  return { replaceOne: { filter: missingOrOlder(_id, stored.revision), replacement, upsert: true } };
}

/** Puts and re-embeddings touch different documents, so their order does not matter (`ordered: false`). */
export function eventBulkOperations(batch: EventWriteBatch, venueLocations: VenueLocations): AnyBulkWriteOperation[] {
  return [
    ...batch.puts.map((doc) => guardedReplace(toStoredEventDocument(doc))),
    ...batch.embedded.map(({ id, embedded }) => ({
      updateOne: {
        filter: byId(id),
        update: { $set: { embedded, venueLocations: venueLocations.of(embedded.venues) } },
      },
    })),
  ];
}

export const itemBulkOperations = (docs: readonly ItemDocument[]): AnyBulkWriteOperation[] =>
  docs.map((doc) => guardedReplace(toStoredItem(doc) as unknown as Document & { _id: number; revision: number }));

/**
 * The documents and stale marks (one round trip), then the counts (a second one, only when the batch holds both): a
 * count set before its term's put could be dropped. A marked put carries its mark itself, since unordered operations
 * may insert it after the `updateMany` of the marks ran; setting the mark twice is harmless. A term the batch puts
 * deleted is left out of the `updateMany`: run before the put, it would mark the live document the put then deletes
 * (the memory read model marks after the put, so never a deleted term). Deleted stays deleted, so a newer stored
 * document that refuses the put is deleted too and needs no mark either.
 */
export function termBulkOperations(batch: TermWriteBatch): AnyBulkWriteOperation[][] {
  const marked = new Set(batch.staleMarks ?? []);
  const putDeleted = new Set((batch.puts ?? []).filter((doc) => doc.deleted).map((doc) => doc.id));
  const markedLive = [...marked].filter((id) => !putDeleted.has(id));
  const documents: AnyBulkWriteOperation[] = (batch.puts ?? []).map((doc) => {
    const mark = marked.has(doc.id) && !doc.deleted ? { countStale: true } : {};
    return {
      updateOne: {
        filter: missingOrOlder(doc.id, doc.revision),
        update: { $set: { ...storedTermFields(doc), ...mark }, $setOnInsert: { count: 0 } },
        upsert: true,
      },
    };
  });
  if (markedLive.length > 0)
    documents.push({ updateMany: { filter: staleMarkFilter(markedLive), update: { $set: { countStale: true } } } });
  const counts: AnyBulkWriteOperation[] = (batch.counts ?? []).map(({ id, count }) => ({
    updateOne: { filter: byId(id), update: { $set: { count }, $unset: { countStale: '' } } },
  }));
  return [documents, counts].filter((operations) => operations.length > 0);
}

/** The same operation without its upsert: putIfNewer's second write, for a guard that met a newer document. */
function withoutUpsert(operation: AnyBulkWriteOperation): AnyBulkWriteOperation {
  if ('replaceOne' in operation) return { replaceOne: { ...operation.replaceOne, upsert: false } };
  if ('updateOne' in operation) return { updateOne: { ...operation.updateOne, upsert: false } };
  return operation;
}

/**
 * One unordered `bulkWrite`. As in putIfNewer, an upsert whose guard met a document at the same or a newer revision
 * fails on the duplicate `_id`: those operations alone run again without upsert (a second round trip, which only a
 * replay over documents already written needs). Any other error is the caller's.
 */
export async function runGuardedBulk(collection: Collection<Document>, operations: AnyBulkWriteOperation[]) {
  if (operations.length === 0) return;
  try {
    await collection.bulkWrite(operations, { ordered: false });
  } catch (error) {
    if (!(error instanceof MongoBulkWriteError)) throw error;
    const failed = Array.isArray(error.writeErrors) ? error.writeErrors : [error.writeErrors];
    if (failed.some((failure) => failure.code !== duplicateKeyCode)) throw error;
    const again = failed.map((failure) => withoutUpsert(operations[failure.index] as AnyBulkWriteOperation));
    await collection.bulkWrite(again, { ordered: false });
  }
}
