// The convergence property of the projection (issue: "correct under failure"): whichever write to the read model fails
// (refused, or done and then reported failed), and whether the runner resubscribes or the process dies there and
// starts again from its checkpoint, the read model ends with the digest of a fresh replay. Counts of categories and
// tags are the hard part: they are kept apart from the event documents (src/projections/terms/termCounts.ts).
import { expect } from 'chai';
import fc from 'fast-check';
import { createMemoryReadStore } from '../../src/projections/memory/memoryReadStore.ts';
import { digestReadStore, type CollectionsDigest } from '../../src/projections/digest/readModelDigest.ts';
import { compareDigests } from '../../src/projections/digest/digestComparison.ts';
import { testMemos } from '../support/memos.ts';
import { FaultPlan, faultyReadStore, type Fault } from '../support/faults.ts';
import {
  deathAt,
  dieAtWrite,
  freshDigest,
  projectAll,
  writesOfOneProjection,
  writtenStore,
  type WrittenStore,
} from './support/convergence.ts';
import type { ReadStore } from '../../src/projections/readStore.ts';

async function expectReplayDigest(readStore: ReadStore, expected: CollectionsDigest, what: string): Promise<void> {
  const digest = await digestReadStore(readStore, { detail: true });
  const differing = compareDigests(digest, expected).filter((collection) => !collection.identical);
  expect(
    differing.map(({ collection, differences }) => ({ collection, differences })),
    what,
  ).to.deep.equal([]);
}

describe('projection convergence under read-model write failures', function () {
  this.timeout(120_000);
  let written: WrittenStore;
  let expected: CollectionsDigest;
  let writes: number;
  before(async () => {
    written = await writtenStore();
    expected = await freshDigest(written);
    writes = await writesOfOneProjection(written);
  });
  after(async () => written.dispose());

  for (const fault of ['fail', 'commit-then-fail'] as const satisfies readonly Fault[]) {
    it(`converges when any one write reports ${fault} and the runner resubscribes`, async () => {
      expect(writes).to.be.above(30);
      for (let call = 1; call <= writes; call++) {
        const readStore = createMemoryReadStore(testMemos);
        const plan = FaultPlan.at(call, fault);
        expect(await projectAll(written, faultyReadStore(readStore, plan)), `head reached, write ${call}`).to.equal(
          true,
        );
        expect(plan.injected).to.deep.equal([fault]);
        await expectReplayDigest(readStore, expected, `${fault} at write ${call}`);
      }
    });

    it(`converges when the process dies at any one write (${fault}) and starts again`, async () => {
      for (let call = 1; call <= writes; call++) {
        const readStore = createMemoryReadStore(testMemos);
        await dieAtWrite(written, readStore, deathAt(call, fault));
        expect(await projectAll(written, readStore), `head reached after dying at ${call}`).to.equal(true);
        await expectReplayDigest(readStore, expected, `died at write ${call} (${fault})`);
      }
    });
  }

  it('converges for random faults: several failed writes, deaths and restarts in one run', async () => {
    const step = fc.record({
      call: fc.integer({ min: 1, max: 60 }),
      fault: fc.constantFrom<'fail' | 'commit-then-fail'>('fail', 'commit-then-fail'),
      dies: fc.boolean(),
    });
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 4 }), async (steps) => {
        const readStore = createMemoryReadStore(testMemos);
        for (const { call, fault, dies } of steps) {
          if (dies) await dieAtWrite(written, readStore, deathAt(call, fault));
          else expect(await projectAll(written, faultyReadStore(readStore, FaultPlan.at(call, fault)))).to.equal(true);
        }
        expect(await projectAll(written, readStore)).to.equal(true);
        await expectReplayDigest(readStore, expected, JSON.stringify(steps));
      }),
      { seed: 20, numRuns: 40 },
    );
  });
});
