// The MongoDB TermCollection passes the shared contract against a real server, when CAL_MONGODB_URL names one.
import { randomBytes } from 'node:crypto';
import { expect } from 'chai';
import { MongoClient } from 'mongodb';
import { createMongoTermCollection, createTermIndexes } from '../../../src/projections/mongo/mongoTermCollection.ts';
import { termCollectionContract } from './termCollectionContract.ts';
import { aTermDocument } from './termDocumentFixtures.ts';

const url = process.env.CAL_MONGODB_URL;
const runPrefix = `cal_terms_test_${randomBytes(4).toString('hex')}`;
let opened = 0;

/** Each collection gets a database of its own, dropped on close. */
async function openFresh(taxonomy: 'category' | 'tag') {
  const client = await new MongoClient(url as string).connect();
  const db = client.db(`${runPrefix}_${opened++}`);
  await createTermIndexes(db);
  return {
    collection: createMongoTermCollection(db, taxonomy),
    close: async () => {
      await db.dropDatabase();
      await client.close();
    },
  };
}

describe('MongoDB TermCollection', function () {
  before(function () {
    if (!url) {
      console.log('  skipped: MongoDB TermCollection contract (set CAL_MONGODB_URL to run it against a real server)');
      this.skip();
    }
  });

  termCollectionContract('MongoDB', openFresh);

  it('racing puts of one new term keep the newest revision, and the count survives them', async function () {
    const { collection, close } = await openFresh('tag');
    try {
      await Promise.all(
        [3, 0, 2, 1].map((revision) => collection.put(aTermDocument({ id: 7, taxonomy: 'tag', revision }))),
      );
      await collection.setCount(7, 4);
      await collection.put(aTermDocument({ id: 7, taxonomy: 'tag', revision: 5 }));
      expect(await collection.get(7)).to.deep.include({ count: 4 });
      expect((await collection.get(7))?.doc.revision).to.equal(5);
    } finally {
      await close();
    }
  });
});
