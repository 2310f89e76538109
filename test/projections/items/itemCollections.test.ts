// The memory venue collection passes the contract always; the MongoDB one when CAL_MONGODB_URL names a server.
import { randomBytes } from 'node:crypto';
import { MongoClient } from 'mongodb';
import { createMemoryVenueCollection } from '../../../src/projections/memory/memoryItemCollection.ts';
import { createMongoVenueCollection, ensureItemIndexes } from '../../../src/projections/mongo/mongoItemCollections.ts';
import { venueCollectionContract } from './itemCollectionContract.ts';

venueCollectionContract('Memory', async () => createMemoryVenueCollection());

describe('MongoDB venue collection', function () {
  const url = process.env.CAL_MONGODB_URL;
  const client = url ? new MongoClient(url) : undefined;
  const dbs: string[] = [];
  before(function () {
    if (!url) {
      console.log('  skipped: MongoDB venue collection contract (set CAL_MONGODB_URL to run it against a real server)');
      this.skip();
    }
  });
  after(async () => {
    if (!client) return;
    for (const name of dbs) await client.db(name).dropDatabase();
    await client.close();
  });
  if (!client) return;
  venueCollectionContract('MongoDB', async () => {
    const db = client.db(`cal_items_test_${randomBytes(4).toString('hex')}`);
    dbs.push(db.databaseName);
    await ensureItemIndexes(db);
    return createMongoVenueCollection(db);
  });
});
