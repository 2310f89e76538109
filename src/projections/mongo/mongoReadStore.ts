// The distributed ReadStore on MongoDB: `events` documents keyed by id, projection `checkpoints`, indexes at init.
import { MongoClient, type Collection, type Db } from 'mongodb';
import type { CheckpointStore, ReadStore } from '../readStore.ts';
import type { StoredEventDocument } from './eventQueryTranslation.ts';
import { MongoEventCollection, eventIndexes } from './mongoEventCollection.ts';
import { createMongoTermCollection, createTermIndexes } from './mongoTermCollection.ts';
import { createMongoOrganizerCollection, createMongoVenueCollection, ensureItemIndexes } from './mongoItemCollections.ts';
import { mongoDocuments } from './mongoDocuments.ts';

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
    categories: createMongoTermCollection(db, 'category'),
    tags: createMongoTermCollection(db, 'tag'),
    venues: createMongoVenueCollection(db),
    organizers: createMongoOrganizerCollection(db),
    checkpoints: new MongoCheckpoints(db.collection<CheckpointDocument>('checkpoints')),
    documents: (collection) => mongoDocuments(db, collection),
    init: () => createIndexes(db),
    close: () => client.close(),
  };
}

async function createIndexes(db: Db): Promise<void> {
  await db.collection('events').createIndexes(eventIndexes);
  await createTermIndexes(db);
  await ensureItemIndexes(db);
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
