// The distributed ReadStore on MongoDB: `events` documents keyed by id, projection `checkpoints`, indexes at init.
import { MongoClient, MongoServerError, type Collection, type Db, type Document, type IndexDescription } from 'mongodb';
import type { EventDocument } from '../events/eventDocument.ts';
import type { EventListQuery, Page } from '../events/eventListQuery.ts';
import type { CheckpointStore, EventCollection, ReadStore } from '../readStore.ts';
import {
  fromStoredEventDocument,
  translateEventListQuery,
  type StoredEventDocument,
} from './eventQueryTranslation.ts';

export interface MongoReadStoreOptions {
  /** Database name; without it, the one named in the URL (the driver's `test` when the URL names none). */
  readonly dbName?: string;
  /** How long to look for a reachable server before giving up, in milliseconds. */
  readonly serverSelectionTimeoutMS?: number;
}

/**
 * The position is a decimal string rather than a Long: global positions are unsigned 64-bit in EventStoreDB and may
 * exceed a signed Long, while a string round-trips every bigint exactly. Positions are never compared in a query.
 */
interface CheckpointDocument {
  readonly _id: string;
  readonly position: string;
}

const defaultServerSelectionTimeoutMS = 5000;
const duplicateKeyCode = 11000;

/** The indexes the list, slug and term queries need; `_id` closes the start index so ties sort without a scan. */
const eventIndexes: IndexDescription[] = [
  { key: { language: 1, start: 1, _id: 1 } },
  { key: { language: 1, slug: 1 } },
  { key: { categories: 1 } },
  { key: { tags: 1 } },
  { key: { venues: 1 } },
  { key: { organizers: 1 } },
  { key: { status: 1 } },
];

export async function connectMongoReadStore(url: string, options: MongoReadStoreOptions = {}): Promise<ReadStore> {
  const client = new MongoClient(url, {
    serverSelectionTimeoutMS: options.serverSelectionTimeoutMS ?? defaultServerSelectionTimeoutMS,
  });
  const db = client.db(options.dbName);
  try {
    // A ping proves a server answers now, rather than at the first read long after start-up.
    await client.connect();
    await db.command({ ping: 1 });
  } catch (error) {
    await client.close().catch(() => undefined);
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(`MongoDB read store unreachable at ${withoutCredentials(url)}: ${reason}`, { cause: error });
  }
  return {
    events: new MongoEventCollection(db.collection<StoredEventDocument>('events')),
    checkpoints: new MongoCheckpoints(db.collection<CheckpointDocument>('checkpoints')),
    init: () => createIndexes(db),
    close: () => client.close(),
  };
}

async function createIndexes(db: Db): Promise<void> {
  await db.collection('events').createIndexes(eventIndexes);
}

class MongoEventCollection implements EventCollection {
  constructor(private readonly collection: Collection<StoredEventDocument>) {}

  async get(id: number): Promise<EventDocument | undefined> {
    const stored = await this.collection.findOne({ _id: id });
    return stored ? fromStoredEventDocument(stored) : undefined;
  }

  async bySlug(language: string, slug: string): Promise<EventDocument[]> {
    // The port takes any language text; an unknown one simply finds nothing, which the typed Filter cannot express.
    const bySlugIndex: Document = { language, slug };
    const stored = await this.collection.find(bySlugIndex).toArray();
    return stored.map(fromStoredEventDocument);
  }

  async list(query: EventListQuery): Promise<Page<EventDocument>> {
    const { filter, sort, skip, limit } = translateEventListQuery(query);
    const [stored, total] = await Promise.all([
      // `limit(0)` would mean "unlimited" to MongoDB; a page of zero items needs no query at all.
      limit > 0 ? this.collection.find(filter).sort(sort).skip(skip).limit(limit).toArray() : [],
      this.collection.countDocuments(filter),
    ]);
    return { items: stored.map(fromStoredEventDocument), total };
  }

  /** Never lets an older revision overwrite a newer one, so that concurrent or replaying projectors converge. */
  async put(doc: EventDocument): Promise<void> {
    const { id, ...fields } = doc;
    const missingOrOlder = { _id: id, revision: { $lt: doc.revision } };
    try {
      await this.collection.replaceOne(missingOrOlder, fields, { upsert: true });
    } catch (error) {
      if (!(error instanceof MongoServerError && error.code === duplicateKeyCode)) throw error;
      // The guard matched no document, so the upsert tried to insert and met the existing `_id`. Usually that
      // document is at this revision or newer and there is nothing to do; but when two puts race on a missing
      // document the one inserted first may be the older. Documents are never deleted, so a replace with the same
      // guard and without upsert now settles both cases; the server's own retry of duplicate-key upserts does not
      // apply here because the filter is not equality-only.
      await this.collection.replaceOne(missingOrOlder, fields);
    }
  }
}

class MongoCheckpoints implements CheckpointStore {
  constructor(private readonly collection: Collection<CheckpointDocument>) {}

  async get(projection: string): Promise<bigint | undefined> {
    const stored = await this.collection.findOne({ _id: projection });
    return stored ? BigInt(stored.position) : undefined;
  }

  async set(projection: string, position: bigint): Promise<void> {
    await this.collection.updateOne({ _id: projection }, { $set: { position: position.toString() } }, { upsert: true });
  }
}

/** Keeps passwords out of error messages and logs. */
function withoutCredentials(url: string): string {
  return url.replace(/\/\/[^@/]*@/, '//***@');
}
