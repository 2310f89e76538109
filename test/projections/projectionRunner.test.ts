// Specifies the projection runner: catch-up from a checkpoint, live updates, resumption without loss or double effect.
import { expect } from 'chai';
import { toNewEvent } from '../../src/events/catalogue/envelope.ts';
import { createMemoryReadStore } from '../../src/projections/memory/memoryReadStore.ts';
import { ProjectionRunner } from '../../src/projections/projectionRunner.ts';
import type { ReadStore } from '../../src/projections/readStore.ts';
import type { ProjectionTarget } from '../../src/projections/projectionTarget.ts';
import { CheckpointWatcher } from '../../src/projections/checkpointWatcher.ts';
import { aCommandContext, anEventsFacts } from './eventDocumentFixtures.ts';
import { openTempStore, type TempStore } from '../support/tempStore.ts';
import { failingSubscriptions } from '../support/faults.ts';
import { testMemos, testProjections } from '../support/memos.ts';

const ctx = aCommandContext();
const baseFacts = anEventsFacts();

async function schedule(temp: TempStore, id: number, title: string) {
  const event = toNewEvent({ type: 'EventScheduled', data: { id, facts: { ...baseFacts, title } } }, ctx);
  return temp.store.append(`event-${id}`, [event], 'no_stream');
}

async function rename(temp: TempStore, id: number, title: string, revision: bigint) {
  const event = toNewEvent({ type: 'EventDetailsChanged', data: { id, changes: { title } } }, ctx);
  return temp.store.append(`event-${id}`, [event], revision);
}

describe('ProjectionRunner', () => {
  let temp: TempStore;
  let readStore: ReadStore;
  beforeEach(async () => {
    temp = await openTempStore();
    readStore = createMemoryReadStore(testMemos);
  });
  afterEach(async () => temp.dispose());

  it(
    'catches up with what is stored, then follows live appends; waitFor resolves once a ' + 'position is applied',
    async () => {
      await schedule(temp, 1, 'First');
      const runner = new ProjectionRunner(temp.store, readStore, testProjections);
      await runner.start();
      await runner.caughtUp;
      expect((await readStore.events.get(1))?.title).to.equal('First');
      const written = await rename(temp, 1, 'First, renamed', 0n);
      expect(await runner.waitFor(written.position, 5000)).to.equal(true);
      expect((await readStore.events.get(1))?.title).to.equal('First, renamed');
      expect((await readStore.events.get(1))?.revision).to.equal(1);
      await runner.stop();
    },
  );

  it('resumes from its stored checkpoint after a restart: nothing lost, nothing applied twice', async () => {
    const first = new ProjectionRunner(temp.store, readStore, testProjections);
    await first.start();
    await schedule(temp, 1, 'One');
    const one = await schedule(temp, 2, 'Two');
    expect(await first.waitFor(one.position, 5000)).to.equal(true);
    await first.stop();
    expect(await readStore.checkpoints.get('read-model')).to.equal(one.position);

    // Written while no runner is running.
    await rename(temp, 1, 'One, renamed', 0n);
    const three = await schedule(temp, 3, 'Three');
    const applied: string[] = [];
    // The projections write the memory read model through its projection target.
    const { events } = readStore.projectionTarget as ProjectionTarget;
    const put = events.put.bind(events);
    events.put = (doc) => {
      applied.push(`${doc.id}@${doc.revision}`);
      put(doc);
    };
    const second = new ProjectionRunner(temp.store, readStore, testProjections);
    await second.start();
    await second.caughtUp;
    expect(await second.waitFor(three.position, 5000)).to.equal(true);
    expect(applied).to.deep.equal(['1@1', '3@0']);
    expect((await readStore.events.get(1))?.title).to.equal('One, renamed');
    await second.stop();
  });

  it('yields the same documents when everything is replayed over an existing read model', async () => {
    await schedule(temp, 1, 'Once');
    await rename(temp, 1, 'Twice', 0n);
    const runner = new ProjectionRunner(temp.store, readStore, testProjections);
    await runner.start();
    await runner.caughtUp;
    const before = await readStore.events.get(1);
    await runner.stop();
    await readStore.checkpoints.set('read-model', -1n);
    const replay = new ProjectionRunner(temp.store, readStore, testProjections);
    await replay.start();
    await replay.caughtUp;
    expect(await readStore.events.get(1)).to.deep.equal(before);
    await replay.stop();
  });

  it('answers false from waitFor when the position is not reached in time', async () => {
    const runner = new ProjectionRunner(temp.store, readStore, testProjections);
    await runner.start();
    await runner.caughtUp;
    expect(await runner.waitFor(runner.appliedPosition + 100n, 30)).to.equal(false);
    await runner.stop();
  });

  it('writes its checkpoint shortly after the last event, not only every 1000 events', async () => {
    const runner = new ProjectionRunner(temp.store, readStore, testProjections, { checkpointIdleMs: 10 });
    await runner.start();
    await runner.caughtUp;
    const written = await schedule(temp, 1, 'Quiet afterwards');
    expect(await runner.waitFor(written.position, 5000)).to.equal(true);
    const watcher = new CheckpointWatcher(readStore.checkpoints, 5);
    // What an API instance of the distributed deployment waits on for read-your-writes.
    expect(await watcher.waitFor(written.position, 5000)).to.equal(true);
    expect(watcher.appliedPosition).to.equal(written.position);
    expect(await watcher.waitFor(written.position + 1n, 50)).to.equal(false);
    await runner.stop();
  });

  it(
    'during a catch-up saves its checkpoint every `checkpointEvery` events and once caught up, ' + 'then when idle',
    async () => {
      let last: bigint = -1n;
      for (let i = 0; i < 25; i++) last = (await claimSlug(temp, `s${i}`)).position;
      const saved: bigint[] = [];
      const set = readStore.checkpoints.set.bind(readStore.checkpoints);
      readStore.checkpoints.set = async (name, position) => {
        saved.push(position);
        return set(name, position);
      };
      const runner = new ProjectionRunner(temp.store, readStore, testProjections, {
        checkpointEvery: 10,
        checkpointIdleMs: 5,
      });
      await runner.start();
      await runner.caughtUp;
      await waitUntilSaved(saved, last);
      expect(saved).to.deep.equal([last - 15n, last - 5n, last]);
      const live = await claimSlug(temp, 'live');
      expect(await runner.waitFor(live.position, 5000)).to.equal(true);
      await waitUntilSaved(saved, live.position);
      expect(saved).to.deep.equal([last - 15n, last - 5n, last, live.position]);
      await runner.stop();
    },
  );

  it(
    'resubscribes with growing delays while its subscription keeps failing, then catches up ' + 'losing nothing',
    async () => {
      const failures: number[] = [];
      const flaky = failingSubscriptions(temp.store, 2);
      const runner = new ProjectionRunner(flaky.store, readStore, testProjections, {
        retry: { initialMs: 10, maxMs: 1000 },
        onFailure: (_error, retryInMs) => failures.push(retryInMs),
      });
      const first = await schedule(temp, 1, 'Before the failures');
      await runner.start();
      expect(await runner.waitFor(first.position, 5000)).to.equal(true);
      const written = await schedule(temp, 2, 'After the failures');
      expect(await runner.waitFor(written.position, 5000)).to.equal(true);
      expect(failures).to.deep.equal([10, 20]);
      expect(flaky.subscriptions).to.equal(3);
      expect((await readStore.events.get(1))?.title).to.equal('Before the failures');
      expect((await readStore.events.get(2))?.title).to.equal('After the failures');
      await runner.stop();
    },
  );
});

async function claimSlug(temp: TempStore, slug: string) {
  return temp.store.append(
    `slug-event-en-${slug}`,
    [toNewEvent({ type: 'SlugReserved', data: { owner: 'event-1' } }, ctx)],
    'no_stream',
  );
}

async function waitUntilSaved(saved: readonly bigint[], position: bigint): Promise<void> {
  for (let tries = 0; saved.at(-1) !== position && tries < 500; tries++)
    await new Promise((resolve) => setTimeout(resolve, 2));
}
