// The FailureLog on MongoDB: one document per client in `failed_logins` (wrong logins) or `failed_unlocks` (wrong item
// passwords), changed by one atomic update each, so that every API instance counts the same failures. Expired
// documents are removed by a TTL index.
import type { Collection, Db, Document } from 'mongodb';
import type { FailureLog } from './failureLog.ts';

export const failedLoginsCollection = 'failed_logins';
export const failedUnlocksCollection = 'failed_unlocks';

interface StoredFailures {
  readonly _id: string;
  readonly times: number[];
  /** The latest failure, for the TTL index. */
  readonly lastAt: Date;
}

/**
 * The update `add` sends (an aggregation-pipeline update, applied atomically to one document): keep the times after
 * `sinceMs`, append `atMs`, keep the `keep` latest.
 */
export function addFailureUpdate(atMs: number, sinceMs: number, keep: number): Document[] {
  const recent = {
    $filter: { input: { $ifNull: ['$times', []] }, as: 'time', cond: { $gt: ['$$time', sinceMs] } },
  };
  return [
    {
      $set: {
        times: { $slice: [{ $concatArrays: [recent, [atMs]] }, -keep] },
        lastAt: { $toDate: atMs },
      },
    },
  ];
}

/** `windowMs`: how long a document outlives its latest failure before the TTL index removes it. */
export async function openMongoFailureLog(
  db: Db,
  windowMs: number,
  name = failedLoginsCollection,
): Promise<FailureLog> {
  const collection = db.collection<StoredFailures>(name);
  await collection.createIndex({ lastAt: 1 }, { expireAfterSeconds: Math.max(1, Math.ceil(windowMs / 1000)) });
  return new MongoFailureLog(collection);
}

class MongoFailureLog implements FailureLog {
  constructor(private readonly collection: Collection<StoredFailures>) {}

  async add(client: string, atMs: number, sinceMs: number, keep: number): Promise<number[]> {
    const stored = await this.collection.findOneAndUpdate({ _id: client }, addFailureUpdate(atMs, sinceMs, keep), {
      upsert: true,
      returnDocument: 'after',
    });
    return stored?.times ?? [atMs];
  }

  async times(client: string, sinceMs: number): Promise<number[]> {
    const stored = await this.collection.findOne({ _id: client });
    return (stored?.times ?? []).filter((time) => time > sinceMs);
  }
}
