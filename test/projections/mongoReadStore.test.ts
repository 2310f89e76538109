// The MongoDB ReadStore passes the shared ReadStore contract against a real server, when CAL_MONGODB_URL names one.
import { randomBytes } from 'node:crypto';
import { expect } from 'chai';
import { MongoClient } from 'mongodb';
import { connectMongoReadStore } from '../../src/projections/mongo/mongoReadStore.ts';
import type { ReadStore } from '../../src/projections/readStore.ts';
import { anEventDocument } from './eventDocumentFixtures.ts';
import { readStoreContract } from './readStoreContract.ts';

const url = process.env.CAL_MONGODB_URL;
// Every store opened gets its own database, so that no test sees another's documents; all are dropped at the end.
const runPrefix = `cal_readstore_test_${randomBytes(4).toString('hex')}`;
const databasesOpened: string[] = [];

async function openFreshStore(): Promise<ReadStore> {
  const dbName = `${runPrefix}_${databasesOpened.length}`;
  databasesOpened.push(dbName);
  return connectMongoReadStore(url as string, { dbName });
}

describe('MongoDB ReadStore contract', function () {
  before(function () {
    if (!url) {
      console.log('  skipped: MongoDB ReadStore contract (set CAL_MONGODB_URL to run it against a real server)');
      this.skip();
    }
  });
  after(async function () {
    if (!url || databasesOpened.length === 0) return;
    const client = await new MongoClient(url).connect();
    try {
      for (const dbName of databasesOpened) await client.db(dbName).dropDatabase();
    } finally {
      await client.close();
    }
  });

  readStoreContract('MongoDB', openFreshStore);

  describe('MongoDB specifics', function () {
    let store: ReadStore;
    beforeEach(async function () {
      store = await openFreshStore();
      await store.init();
    });
    afterEach(async function () {
      await store.close();
    });

    it('an older revision never overwrites a newer one', async function () {
      const newer = anEventDocument({ id: 1, revision: 3, title: 'Newer' });
      await store.events.put(newer);
      await store.events.put(anEventDocument({ id: 1, revision: 2, title: 'Older' }));
      await store.events.put(anEventDocument({ id: 1, revision: 3, title: 'Same revision again' }));
      expect(await store.events.get(1)).to.deep.equal(newer);
    });

    it('racing puts of one new document keep the newest revision', async function () {
      const revisions = [4, 1, 3, 0, 2];
      await Promise.all(
        revisions.map((revision) => store.events.put(anEventDocument({ id: 7, revision, title: `r${revision}` }))),
      );
      expect((await store.events.get(7))?.revision).to.equal(4);
    });

    it('init can run again on an initialised database', async function () {
      await store.init();
    });
  });
});

describe('connectMongoReadStore', function () {
  it('fails with a clear message, without the password, when no server answers', async function () {
    // Port 1 on the loopback refuses connections at once; the short timeout bounds the wait.
    const unreachable = 'mongodb://reader:secret@127.0.0.1:1/?directConnection=true';
    let failure: unknown;
    try {
      await connectMongoReadStore(unreachable, { serverSelectionTimeoutMS: 300 });
    } catch (error) {
      failure = error;
    }
    expect(failure).to.be.instanceOf(Error);
    expect((failure as Error).message).to.match(
      /^MongoDB read store unreachable at mongodb:\/\/\*\*\*@127\.0\.0\.1:1\//,
    );
    expect((failure as Error).message).not.to.contain('secret');
  });
});
