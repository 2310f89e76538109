// The distributed ReadStore on MongoDB: one version's collection set (events, items, terms, checkpoints), indexes at
// init.
import type { Collection, Db } from 'mongodb';
import type { CheckpointStore, ReadStore } from '../readStore.ts';
import type { StoredEventDocument } from './eventQueryTranslation.ts';
import { MongoEventCollection, eventIndexes } from './mongoEventCollection.ts';
import { createMongoTermCollection, createTermIndexes } from './mongoTermCollection.ts';
import {
  createMongoOrganizerCollection,
  createMongoVenueCollection,
  ensureItemIndexes,
} from './mongoItemCollections.ts';
import { mongoDocuments } from './mongoDocuments.ts';
import { connectMongoDatabase, type MongoConnectionOptions } from './mongoConnection.ts';
import { collectionNamesOf, type ReadModelCollectionNames } from './readModelVersion.ts';
import { activeReadModelVersion } from './readModelPointer.ts';

export interface MongoReadStoreOptions extends MongoConnectionOptions {
  /** The collection set to open; without it, the active one (readModelVersions pointer; version 1 when none). */
  readonly version?: number;
}

/**
 * The position is a decimal string rather than a Long: global positions are unsigned 64-bit in EventStoreDB and may
 * exceed a signed Long, while a string round-trips every bigint exactly. Positions are never compared in a query.
 */
interface CheckpointDocument {
  readonly _id: string;
  readonly position: string;
}

/** A store with a client of its own, which `close` closes. */
export async function connectMongoReadStore(url: string, options: MongoReadStoreOptions = {}): Promise<ReadStore> {
  const { client, db } = await connectMongoDatabase(url, options);
  try {
    const version = options.version ?? (await activeReadModelVersion(db));
    return mongoReadStoreOn(db, version, () => client.close());
  } catch (error) {
    await client.close().catch(() => undefined);
    throw error;
  }
}

/** One version's collections on a database whose client belongs to the caller: `close` runs the given closer only. */
export function mongoReadStoreOn(db: Db, version: number, close: () => Promise<void> = async () => {}): ReadStore {
  const names = collectionNamesOf(version);
  return {
    events: new MongoEventCollection(db.collection<StoredEventDocument>(names.events)),
    categories: createMongoTermCollection(db, 'category', names),
    tags: createMongoTermCollection(db, 'tag', names),
    venues: createMongoVenueCollection(db, names),
    organizers: createMongoOrganizerCollection(db, names),
    checkpoints: new MongoCheckpoints(db.collection<CheckpointDocument>(names.checkpoints)),
    documents: (collection) => mongoDocuments(db, names, collection),
    init: () => createIndexes(db, names),
    close,
  };
}

async function createIndexes(db: Db, names: ReadModelCollectionNames): Promise<void> {
  await db.collection(names.events).createIndexes(eventIndexes);
  await createTermIndexes(db, names);
  await ensureItemIndexes(db, names);
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
