// Replays through the write-behind layer (src/projections/writeBehind): the inner read store is written once per batch
// per collection (twice for categories and tags when counts change), the result has the unbatched replay's digest,
// and a flush failing anywhere, half-way through a bulk write included, converges when the replay resumes from the
// checkpoint.
import { expect } from 'chai';
import { createMemoryReadStore } from '../../src/projections/memory/memoryReadStore.ts';
import { digestReadStore, type CollectionsDigest } from '../../src/projections/digest/readModelDigest.ts';
import { compareDigests } from '../../src/projections/digest/digestComparison.ts';
import { replayInto } from '../../src/projections/replay.ts';
import { readModelCheckpoint } from '../../src/projections/projectionStep.ts';
import { readModelCollections, type ReadStore } from '../../src/projections/readStore.ts';
import { testMemos, testProjections } from '../support/memos.ts';
import { FaultPlan, faultyReadStore, type Fault } from '../support/faults.ts';
import { freshDigest, writtenStore, type WrittenStore } from './support/convergence.ts';

const eventsPerFlush = 4;
const batched = { handlers: testProjections, writeBehind: { eventsPerFlush, venueLocations: testMemos.venues } };

/** The real memory read model, counting the writes each collection receives, by method. */
function countingReadStore(readStore: ReadStore): { readStore: ReadStore; calls: Map<string, number> } {
  const calls = new Map<string, number>();
  const plan = {
    run: <T>(what: string, work: () => Promise<T>) => {
      calls.set(what, (calls.get(what) ?? 0) + 1);
      return work();
    },
  };
  return { readStore: faultyReadStore(readStore, plan as unknown as FaultPlan), calls };
}

async function expectDigest(readStore: ReadStore, expected: CollectionsDigest, what: string): Promise<void> {
  const digest = await digestReadStore(readStore, { detail: true });
  const differing = compareDigests(digest, expected).filter((collection) => !collection.identical);
  expect(
    differing.map(({ collection, differences }) => ({ collection, differences })),
    what,
  ).to.deep.equal([]);
}

describe('replays through the write-behind layer', function () {
  this.timeout(120_000);
  let written: WrittenStore;
  let expected: CollectionsDigest;
  before(async () => {
    written = await writtenStore();
    expected = await freshDigest(written);
  });
  after(async () => written.dispose());

  it('write each collection once per batch (categories and tags twice), never per event', async () => {
    const { readStore, calls } = countingReadStore(createMemoryReadStore(testMemos));
    const replayed = await replayInto(written.store, readStore, batched);
    const batches = Math.ceil(replayed.appliedEvents / eventsPerFlush);
    expect(replayed.appliedEvents).to.be.above(eventsPerFlush * 3);
    const single = [...calls.keys()].filter((what) => !/\.(writeBatch|putMany)$|^checkpoint/.test(what));
    expect(single, 'writes made one by one').to.deep.equal([]);
    for (const collection of readModelCollections) {
      const made = (calls.get(`${collection}.writeBatch`) ?? 0) + (calls.get(`${collection}.putMany`) ?? 0);
      const most = collection === 'categories' || collection === 'tags' ? 2 * batches : batches;
      expect(made, collection).to.be.at.most(most);
    }
    expect(calls.get('events.writeBatch')).to.be.above(0);
    expect(calls.get(`checkpoint ${readModelCheckpoint}`)).to.equal(batches);
    await expectDigest(readStore, expected, 'batched replay');
  });

  it('ends with the digest of the unbatched replay, whatever the batch size', async () => {
    for (const size of [1, 2, 3, 7, 1000]) {
      const readStore = createMemoryReadStore(testMemos);
      const options = { ...batched, writeBehind: { ...batched.writeBehind, eventsPerFlush: size } };
      await replayInto(written.store, readStore, options);
      await expectDigest(readStore, expected, `batches of ${size}`);
    }
  });

  for (const fault of ['fail', 'commit-then-fail', 'half-then-fail'] as const satisfies readonly Fault[]) {
    it(`converges when any one flush write reports ${fault} and the replay resumes from the checkpoint`, async () => {
      const bulk = /\.(writeBatch|putMany)$/;
      const counted = new FaultPlan(new Map(), bulk);
      await replayInto(written.store, faultyReadStore(createMemoryReadStore(testMemos), counted), batched);
      expect(counted.calls).to.be.above(10);
      for (let call = 1; call <= counted.calls; call++) {
        const readStore = createMemoryReadStore(testMemos);
        const plan = FaultPlan.at(call, fault, bulk);
        let failed = false;
        await replayInto(written.store, faultyReadStore(readStore, plan), batched).catch(() => (failed = true));
        expect(failed, `write ${call} failed the replay`).to.equal(true);
        const after = await readStore.checkpoints.get(readModelCheckpoint);
        await replayInto(written.store, readStore, { ...batched, ...(after === undefined ? {} : { after }) });
        await expectDigest(readStore, expected, `${fault} at bulk write ${call}`);
      }
    });
  }
});
