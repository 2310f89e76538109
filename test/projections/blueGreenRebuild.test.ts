// Specifies the blue-green rebuild on a real MongoDB, when CAL_MONGODB_URL names one: versions, pointer, followers.
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { expect } from 'chai';
import { MongoClient, type Db } from 'mongodb';
import { toNewEvent } from '../../src/events/catalogue/envelope.ts';
import { createMemoryReadStore } from '../../src/projections/memory/memoryReadStore.ts';
import { replayInto } from '../../src/projections/replay.ts';
import { digestReadStore } from '../../src/projections/digest/readModelDigest.ts';
import { connectMongoReadStore, mongoReadStoreOn } from '../../src/projections/mongo/mongoReadStore.ts';
import { rebuildIntoNextVersion } from '../../src/projections/mongo/blueGreenRebuild.ts';
import {
  activeReadModelVersion,
  dropReadModelVersion,
  ReadModelSwitchConflict,
  storedReadModelVersions,
  switchActiveReadModelVersion,
  type ReadModelPointer,
} from '../../src/projections/mongo/readModelPointer.ts';
import { openVersionedMongoReadModel } from '../../src/projections/mongo/versionedMongoReadModel.ts';
import type { ProjectionHandler } from '../../src/projections/projectionHandler.ts';
import type { ReadStore } from '../../src/projections/readStore.ts';
import { aCommandContext, anEventsFacts } from './eventDocumentFixtures.ts';
import { openTempStore, type TempStore } from '../support/tempStore.ts';
import { testMemos, testProjections } from '../support/memos.ts';

const url = process.env.CAL_MONGODB_URL;
const runPrefix = `cal_bluegreen_test_${randomBytes(4).toString('hex')}`;
const ctx = aCommandContext();
const baseFacts = anEventsFacts();
const switchedAt = new Date('2026-11-23T08:00:00Z');

/** The URL with the database path replaced, for the CLI, which uses the database the URL names. */
function urlOfDatabase(dbName: string): string {
  const withDb = new URL(url as string);
  withDb.pathname = `/${dbName}`;
  return withDb.toString();
}

describe('MongoDB blue-green rebuild', function () {
  this.timeout(60_000);
  let client: MongoClient;
  let db: Db;
  let temp: TempStore;
  let opened = 0;
  const databases: string[] = [];

  before(async function () {
    if (!url) {
      console.log('  skipped: MongoDB blue-green rebuild (set CAL_MONGODB_URL to run it against a real server)');
      this.skip();
    }
    client = await new MongoClient(url).connect();
  });
  after(async function () {
    if (!url) return;
    for (const name of databases) await client.db(name).dropDatabase();
    await client.close();
  });
  beforeEach(async function () {
    db = client.db(`${runPrefix}_${opened++}`);
    databases.push(db.databaseName);
    temp = await openTempStore();
    for (const id of [1, 2, 3]) {
      const event = toNewEvent(
        { type: 'EventScheduled', data: { id, facts: { ...baseFacts, title: `Event ${id}` } } },
        ctx,
      );
      await temp.store.append(`event-${id}`, [event], 'no_stream');
    }
  });
  afterEach(async function () {
    await temp?.dispose();
  });

  /** Version 1 as a deployment from before versioning has it: unsuffixed collections, no pointer. */
  async function anUnversionedReadModel(): Promise<void> {
    const v1 = mongoReadStoreOn(db, 1);
    await v1.init();
    await replayInto(temp.store, v1, { handlers: testProjections });
  }

  async function replayedDigest() {
    const fresh = createMemoryReadStore(testMemos);
    await replayInto(temp.store, fresh, { handlers: testProjections });
    return digestReadStore(fresh, { detail: true });
  }

  /** A change made behind the projector's back, to tell which version a read went to. */
  const retitleInVersion2 = (id: number, title: string) =>
    db.collection<{ _id: number; title: string }>('events_v2').updateOne({ _id: id }, { $set: { title } });
  const pointer = () => db.collection<ReadModelPointer>('readModelVersions').findOne({ _id: 'read-model' });
  const rebuild = () => rebuildIntoNextVersion(temp.store, db, { handlers: testProjections, now: () => switchedAt });

  it('builds version 2 beside the unversioned collections, then points every reader at it', async function () {
    await anUnversionedReadModel();
    const head = await temp.store.headPosition();
    const result = await rebuild();
    expect(result).to.deep.equal({
      previousVersion: 1,
      version: 2,
      appliedPosition: head,
      appliedEvents: 3,
      catchUpPasses: 1,
    });
    expect(await pointer()).to.deep.include({ active: 2, previous: 1, switchedAt, lastAllocated: 2 });
    expect(await storedReadModelVersions(db)).to.deep.equal([1, 2]);
    const v2 = mongoReadStoreOn(db, 2);
    expect(await digestReadStore(v2, { detail: true })).to.deep.equal(await replayedDigest());
    expect(await v2.checkpoints.get('read-model')).to.equal(head);
    // The old version stays whole, for a rollback.
    expect((await mongoReadStoreOn(db, 1).events.get(2))?.title).to.equal('Event 2');
  });

  it('has a store opened without a version read the active one', async function () {
    await anUnversionedReadModel();
    await rebuild();
    await retitleInVersion2(1, 'Only in version 2');
    const store = await connectMongoReadStore(url as string, { dbName: db.databaseName });
    try {
      expect((await store.events.get(1))?.title).to.equal('Only in version 2');
    } finally {
      await store.close();
    }
  });

  it('makes version 3 at a second rebuild, keeping version 2', async function () {
    await rebuild();
    const second = await rebuild();
    expect(second).to.include({ previousVersion: 2, version: 3 });
    expect(await activeReadModelVersion(db)).to.equal(3);
    expect(await storedReadModelVersions(db)).to.include.members([2, 3]);
    expect(await digestReadStore(mongoReadStoreOn(db, 3), { detail: true })).to.deep.equal(await replayedDigest());
  });

  it('never reuses a version handed to an earlier rebuild, even after its collections were dropped', async function () {
    await rebuild();
    await rebuild();
    await switchActiveReadModelVersion(db, { from: 3, to: 2, at: switchedAt });
    await dropReadModelVersion(db, 3);
    expect(await rebuild()).to.include({ previousVersion: 2, version: 4 });
  });

  it(
    'has running processes follow the switch: the delegate reads the new version and listeners ' + 'hear of it',
    async function () {
      await anUnversionedReadModel();
      const model = await openVersionedMongoReadModel(url as string, { dbName: db.databaseName, pollMs: 60_000 });
      try {
        const heard: [number, ReadStore][] = [];
        model.onSwitch((version, store) => heard.push([version, store]));
        expect(model.activeVersion()).to.equal(1);
        await rebuild();
        await retitleInVersion2(1, 'Only in version 2');
        expect((await model.readStore.events.get(1))?.title).to.equal('Event 1');
        expect(await model.refresh()).to.equal(2);
        expect(model.activeVersion()).to.equal(2);
        expect((await model.readStore.events.get(1))?.title).to.equal('Only in version 2');
        expect(heard.map(([version]) => version)).to.deep.equal([2]);
        expect(await heard[0]?.[1].checkpoints.get('read-model')).to.equal(await temp.store.headPosition());
        // A rollback is the pointer set back by hand (mongosh), followed the same way.
        await db
          .collection<ReadModelPointer>('readModelVersions')
          .updateOne({ _id: 'read-model' }, { $set: { active: 1 } });
        expect(await model.refresh()).to.equal(1);
        expect((await model.readStore.events.get(1))?.title).to.equal('Event 1');
      } finally {
        await model.close();
      }
    },
  );

  it('follows the pointer by polling', async function () {
    const model = await openVersionedMongoReadModel(url as string, { dbName: db.databaseName, pollMs: 50 });
    try {
      const switched = new Promise<number>((resolve) => model.onSwitch((version) => resolve(version)));
      await rebuild();
      expect(await switched).to.equal(2);
    } finally {
      await model.close();
    }
  });

  it('drops its partial version and leaves the pointer alone when an event fails to project', async function () {
    const failing: ProjectionHandler = {
      name: 'failing',
      handles: () => true,
      apply: () => {
        throw new Error('projection bug');
      },
    };
    let failure: unknown;
    await rebuildIntoNextVersion(temp.store, db, { handlers: [failing] }).catch((error: unknown) => (failure = error));
    expect((failure as Error).message).to.equal('projection bug');
    expect(await activeReadModelVersion(db)).to.equal(1);
    expect(await storedReadModelVersions(db)).to.not.include(2);
  });

  it('does not switch when the active version moved during the rebuild, and keeps what it built', async function () {
    await rebuild();
    let failure: unknown;
    await rebuildIntoNextVersion(temp.store, db, {
      handlers: testProjections,
      // An operator's rollback lands while the new version catches up.
      onCatchUpPass: () => switchActiveReadModelVersion(db, { from: 2, to: 1, at: switchedAt }),
    }).catch((error: unknown) => (failure = error));
    expect(failure).to.be.instanceOf(ReadModelSwitchConflict).and.include({ expected: 2, actual: 1 });
    expect(await activeReadModelVersion(db)).to.equal(1);
    expect(await storedReadModelVersions(db)).to.include(3);
  });

  it('refuses to drop the active version', async function () {
    await rebuild();
    let failure: unknown;
    await dropReadModelVersion(db, 2).catch((error: unknown) => (failure = error));
    expect((failure as Error).message).to.equal('read-model version 2 is active; switch away from it first');
  });

  it('runs from the CLI: cal rebuild --json reports the switch', async function () {
    await anUnversionedReadModel();
    const { CAL_EVENTSTORE_URL: _e, ...env } = process.env;
    const run = await new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
      const options = { env: { ...env, CAL_MONGODB_URL: urlOfDatabase(db.databaseName) }, cwd: process.cwd() };
      execFile(
        process.execPath,
        ['--import', 'tsx', 'src/cli/cal.ts', '--data-dir', temp.dir, 'rebuild', '--json'],
        options,
        (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
      );
    });
    expect(run, run.stderr).to.include({ code: 0 });
    expect(JSON.parse(run.stdout)).to.deep.include({
      projection: 'read-model',
      target: 'mongodb',
      events: 3,
      position: String(await temp.store.headPosition()),
      previousVersion: 1,
      version: 2,
    });
    expect(run.stderr).to.include('read-model: building version 2 in MongoDB beside the active version 1');
    expect(await activeReadModelVersion(db)).to.equal(2);
  });
});
