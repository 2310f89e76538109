// Specifies the two rules a blue-green switch of the read model relies on, on the embedded adapters: the rebuilt
// version is replayed until it holds what the active version's checkpoint says (else no switch), and an API process
// waits for read-your-writes on the checkpoint of the version it reads, never on a higher one it saw before a switch.
import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import { toNewEvent } from '../../src/events/catalogue/envelope.ts';
import { createMemoryReadStore } from '../../src/projections/memory/memoryReadStore.ts';
import { ProjectionRunner } from '../../src/projections/projectionRunner.ts';
import { CheckpointWatcher } from '../../src/projections/checkpointWatcher.ts';
import { switchableReadStore } from '../../src/projections/switchableReadStore.ts';
import { RebuildBehindActive, replayInto, replayPastCheckpoint } from '../../src/projections/replay.ts';
import { openTempStore, type TempStore } from '../support/tempStore.ts';
import { testMemos, testProjections } from '../support/memos.ts';
import { rejection } from '../events/contractSupport.ts';

const ctx = { actor: '1', now: new Date('2026-11-22T10:00:00Z'), correlationId: randomUUID(), causationId: 'c' };

async function claimSlugs(temp: TempStore, prefix: string, count: number): Promise<bigint> {
  let last = -1n;
  for (let i = 0; i < count; i++) {
    const claimed = toNewEvent({ type: 'SlugReserved', data: { owner: 'event-1' } }, ctx);
    last = (await temp.store.append(`slug-event-en-${prefix}-${i}`, [claimed], 'no_stream')).position;
  }
  return last;
}

describe('blue-green switch of the read model', () => {
  let temp: TempStore;
  beforeEach(async () => (temp = await openTempStore()));
  afterEach(async () => temp.dispose());

  it('replays the rebuilt version past the active checkpoint, which a lax catch-up leaves it behind', async () => {
    const active = createMemoryReadStore(testMemos);
    const runner = new ProjectionRunner(temp.store, active, testProjections, { checkpointIdleMs: 1 });
    await runner.start();
    await claimSlugs(temp, 'before', 20);
    const rebuilt = createMemoryReadStore(testMemos);
    const full = await replayInto(temp.store, rebuilt, { handlers: testProjections });
    const head = await claimSlugs(temp, 'during', 30);
    const watcher = new CheckpointWatcher(active.checkpoints, 1);
    expect(await watcher.waitFor(head, 10_000), 'the active version checkpointed the head').to.equal(true);
    // What a catch-up that ends below a threshold of events per pass could leave: the version switched to before.
    expect(full.appliedPosition < head).to.equal(true);
    const handlers = testProjections;
    const past = await replayPastCheckpoint(temp.store, rebuilt, active.checkpoints, {
      handlers,
      after: full.appliedPosition,
    });
    expect(past.appliedPosition).to.equal(head);
    expect(await rebuilt.checkpoints.get('read-model')).to.equal(head);
    await runner.stop();
  });

  it('refuses the switch when the rebuilt version cannot reach the active checkpoint', async () => {
    const head = await claimSlugs(temp, 'only', 3);
    const active = createMemoryReadStore(testMemos);
    await active.checkpoints.set('read-model', head + 1000n);
    const rebuilt = createMemoryReadStore(testMemos);
    const error = await rejection(
      replayPastCheckpoint(temp.store, rebuilt, active.checkpoints, { handlers: testProjections }),
    );
    expect(error).to.be.instanceOf(RebuildBehindActive);
  });

  it('waits for read-your-writes on the version read, not on the higher checkpoint of the version before', async () => {
    const old = createMemoryReadStore(testMemos);
    const rebuilt = createMemoryReadStore(testMemos);
    await old.checkpoints.set('read-model', 100n);
    await rebuilt.checkpoints.set('read-model', 50n);
    const versions = switchableReadStore(old);
    const watcher = new CheckpointWatcher(versions.readStore.checkpoints, 1);
    expect(await watcher.refresh()).to.equal(100n);
    versions.switchTo(rebuilt);
    expect(await watcher.waitFor(80n, 20), 'a write at 80 must wait for the new version').to.equal(false);
    expect(watcher.appliedPosition).to.equal(50n);
    const reached = watcher.waitFor(80n, 10_000);
    await rebuilt.checkpoints.set('read-model', 80n);
    expect(await reached).to.equal(true);
  });
});
