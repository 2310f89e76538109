// The pure translation of the scheduler's question (docs/api.md §20.6: the `future` items, earliest date first) into
// MongoDB documents; every post-like collection (events, venues, organizers) stores the id as `_id`.
import type { Collection, Document, IndexDescription } from 'mongodb';
import type { ScheduledPublication } from '../scheduledPublications.ts';

export interface MongoScheduledPublicationQuery {
  readonly filter: Document;
  readonly sort: Document;
  readonly limit: number;
  readonly projection: Document;
}

/** Same documents and order as the memory `FuturePublications` index (`compareScheduled`). */
export function scheduledPublicationQuery(limit: number): MongoScheduledPublicationQuery {
  return {
    filter: { status: 'future' },
    sort: { publishedUtc: 1, _id: 1 },
    limit,
    projection: { _id: 1, publishedUtc: 1 },
  };
}

/** The index that answers it without a scan or an in-memory sort; events, venues and organizers each get it. */
export const scheduledPublicationIndex: IndexDescription = { key: { status: 1, publishedUtc: 1, _id: 1 } };

export interface StoredScheduledPublication {
  readonly _id: number;
  readonly publishedUtc: string;
}

export const fromStoredScheduled = (stored: StoredScheduledPublication): ScheduledPublication => ({
  id: stored._id,
  publishedUtc: stored.publishedUtc,
});

/** Runs the query on one collection. */
export async function findScheduledPublications(
  collection: Collection<Document>,
  limit: number,
): Promise<readonly ScheduledPublication[]> {
  // `limit(0)` would mean "unlimited" to MongoDB.
  if (limit <= 0) return [];
  const { filter, sort, projection } = scheduledPublicationQuery(limit);
  const stored = await collection.find(filter, { projection }).sort(sort).limit(limit).toArray();
  return stored.map((s) => fromStoredScheduled(s as unknown as StoredScheduledPublication));
}
