// Specifies the projection runner when its checkpoint saves fail: the checkpoint moves on again after a failed save,
// API processes waiting on it (the checkpoint watcher) are answered, stop() resolves, and no rejection goes unhandled.
import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import { toNewEvent } from '../../src/events/catalogue/envelope.ts';
import { createMemoryReadStore } from '../../src/projections/memory/memoryReadStore.ts';
import { ProjectionRunner } from '../../src/projections/projectionRunner.ts';
import { CheckpointWatcher } from '../../src/projections/checkpointWatcher.ts';
import type { ReadStore } from '../../src/projections/readStore.ts';
import { openTempStore, type TempStore } from '../support/tempStore.ts';
import { testMemos, testProjections } from '../support/memos.ts';
import { FaultPlan, faultyCheckpoints, unhandledRejectionsDuring, type Fault } from '../support/faults.ts';

const ctx = {
  actor: '1',
  now: new Date('2026-11-22T10:00:00Z'),
  correlationId: randomUUID(),
  causationId: randomUUID(),
};

async function claimSlug(temp: TempStore, slug: string) {
  const claimed = toNewEvent({ type: 'SlugReserved', data: { owner: 'event-1' } }, ctx);
  return temp.store.append(`slug-event-en-${slug}`, [claimed], 'no_stream');
}

describe('ProjectionRunner with failing checkpoint saves', () => {
  let temp: TempStore;
  let readStore: ReadStore;
  beforeEach(async () => {
    temp = await openTempStore();
    readStore = createMemoryReadStore(testMemos);
  });
  afterEach(async () => temp.dispose());

  for (const fault of ['fail', 'timeout', 'commit-then-fail'] as const satisfies readonly Fault[]) {
    for (const failedSave of [1, 2]) {
      it(`moves its checkpoint on again after save ${failedSave} reported ${fault}; stop() resolves`, async () => {
        const plan = FaultPlan.at(failedSave, fault);
        const reported: Error[] = [];
        const unhandled = await unhandledRejectionsDuring(async () => {
          const runner = new ProjectionRunner(
            temp.store,
            { ...readStore, checkpoints: faultyCheckpoints(readStore.checkpoints, plan) },
            testProjections,
            { checkpointIdleMs: 2, onCheckpointFailure: (error) => reported.push(error) },
          );
          await runner.start();
          await runner.caughtUp;
          // What an API process of the distributed deployment waits on: the checkpoint as stored.
          const watcher = new CheckpointWatcher(readStore.checkpoints, 2);
          for (const slug of ['one', 'two', 'three']) {
            const written = await claimSlug(temp, slug);
            expect(await watcher.waitFor(written.position, 10_000), `checkpoint past ${slug}`).to.equal(true);
          }
          await runner.stop();
        });
        expect(plan.injected).to.deep.equal([fault]);
        expect(reported).to.have.length(1);
        expect(unhandled).to.deep.equal([]);
      });
    }
  }

  it('resolves stop() when the final save fails, and leaves no rejection unhandled', async () => {
    const plan = FaultPlan.from(1, 'fail');
    const unhandled = await unhandledRejectionsDuring(async () => {
      const runner = new ProjectionRunner(
        temp.store,
        { ...readStore, checkpoints: faultyCheckpoints(readStore.checkpoints, plan) },
        testProjections,
        { checkpointIdleMs: 1 },
      );
      await runner.start();
      await runner.caughtUp;
      const written = await claimSlug(temp, 'last');
      expect(await runner.waitFor(written.position, 10_000)).to.equal(true);
      await runner.stop();
    });
    expect(unhandled).to.deep.equal([]);
    expect(await readStore.checkpoints.get('read-model')).to.equal(undefined);
  });
});
