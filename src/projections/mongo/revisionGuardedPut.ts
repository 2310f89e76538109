// The one write every MongoDB read-model collection makes: a document replaced (or updated) only by a newer revision.
import { MongoServerError, type Document } from 'mongodb';

const duplicateKeyCode = 11000;

/** Writes with the guard as filter; `upsert` inserts a missing document. A replaceOne or updateOne of the caller. */
export type GuardedWrite = (missingOrOlder: Document, options: { readonly upsert: boolean }) => Promise<unknown>;

/**
 * Never lets an older revision overwrite a newer one, so that concurrent or replaying projectors converge. The guard
 * matches the document only while it is older; when it matches none, the upsert tries to insert and meets the existing
 * `_id`. Usually that document is at this revision or newer and there is nothing to do; but when two puts race on a
 * missing document the one inserted first may be the older. Documents are never deleted, so the same guarded write
 * without upsert then settles both cases; the server's own retry of duplicate-key upserts does not apply here because
 * the filter is not equality-only.
 */
export async function putIfNewer(id: number, revision: number, write: GuardedWrite): Promise<void> {
  const missingOrOlder: Document = { _id: id, revision: { $lt: revision } };
  try {
    await write(missingOrOlder, { upsert: true });
  } catch (error) {
    if (!(error instanceof MongoServerError && error.code === duplicateKeyCode)) throw error;
    await write(missingOrOlder, { upsert: false });
  }
}
