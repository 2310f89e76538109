// Specifies replayInto: the projections over the stored events, in pages, up to a position and never past it.
import { expect } from 'chai';
import { toNewEvent } from '../../src/events/catalogue/envelope.ts';
import { createMemoryReadStore } from '../../src/projections/memory/memoryReadStore.ts';
import { ProjectionRunner } from '../../src/projections/projectionRunner.ts';
import { replayInto } from '../../src/projections/replay.ts';
import { digestReadStore } from '../../src/projections/digest/readModelDigest.ts';
import { aCommandContext, anEventsFacts } from './eventDocumentFixtures.ts';
import { openTempStore, type TempStore } from '../support/tempStore.ts';
import { testMemos, testProjections } from '../support/memos.ts';

const ctx = aCommandContext();
const baseFacts = anEventsFacts();

async function schedule(temp: TempStore, id: number, title: string) {
  return temp.store.append(
    `event-${id}`,
    [toNewEvent({ type: 'EventScheduled', data: { id, facts: { ...baseFacts, title } } }, ctx)],
    'no_stream',
  );
}

async function rename(temp: TempStore, id: number, title: string, revision: bigint) {
  return temp.store.append(
    `event-${id}`,
    [toNewEvent({ type: 'EventDetailsChanged', data: { id, changes: { title } } }, ctx)],
    revision,
  );
}

const titleOf = async (readStore: ReturnType<typeof createMemoryReadStore>, id: number) =>
  (await readStore.events.get(id))?.title;

describe('replayInto', () => {
  let temp: TempStore;
  beforeEach(async () => {
    temp = await openTempStore();
  });
  afterEach(async () => temp.dispose());

  it('without a bound, replays up to the head and projects what the live runner projects', async () => {
    await schedule(temp, 1, 'One');
    await rename(temp, 1, 'One, renamed', 0n);
    const last = await schedule(temp, 2, 'Two');
    const live = createMemoryReadStore(testMemos);
    const runner = new ProjectionRunner(temp.store, live, testProjections);
    await runner.start();
    await runner.caughtUp;
    await runner.stop();

    const replayed = createMemoryReadStore(testMemos);
    expect(await replayInto(temp.store, replayed, { handlers: testProjections, pageSize: 2 })).to.deep.equal({
      appliedPosition: last.position,
      appliedEvents: 3,
    });
    expect(await digestReadStore(replayed, { detail: true })).to.deep.equal(
      await digestReadStore(live, { detail: true }),
    );
    expect(await replayed.checkpoints.get('read-model')).to.equal(last.position);
  });

  it('stops at the given position exactly, leaving later events alone', async () => {
    const first = await schedule(temp, 1, 'One');
    await rename(temp, 1, 'One, renamed', 0n);
    await schedule(temp, 2, 'Two');
    const readStore = createMemoryReadStore(testMemos);
    const result = await replayInto(temp.store, readStore, {
      handlers: testProjections,
      upTo: first.position,
      pageSize: 1,
    });
    expect(result).to.deep.equal({ appliedPosition: first.position, appliedEvents: 1 });
    expect(await titleOf(readStore, 1)).to.equal('One');
    expect(await readStore.events.get(2)).to.equal(undefined);
  });

  it('continues after a position up to a later one', async () => {
    const first = await schedule(temp, 1, 'One');
    const renamed = await rename(temp, 1, 'One, renamed', 0n);
    await schedule(temp, 2, 'Two');
    const readStore = createMemoryReadStore(testMemos);
    await replayInto(temp.store, readStore, { handlers: testProjections, upTo: first.position });
    const result = await replayInto(temp.store, readStore, {
      handlers: testProjections,
      after: first.position,
      upTo: renamed.position,
    });
    expect(result).to.deep.equal({ appliedPosition: renamed.position, appliedEvents: 1 });
    expect(await titleOf(readStore, 1)).to.equal('One, renamed');
    expect(await readStore.events.get(2)).to.equal(undefined);
  });

  it('reports where the store ended when it holds less than asked for', async () => {
    const only = await schedule(temp, 1, 'One');
    const result = await replayInto(temp.store, createMemoryReadStore(testMemos), {
      handlers: testProjections,
      upTo: only.position + 100n,
    });
    expect(result.appliedPosition).to.equal(only.position);
  });

  it('on an empty store applies nothing and stores no checkpoint', async () => {
    const readStore = createMemoryReadStore(testMemos);
    expect(await replayInto(temp.store, readStore, { handlers: testProjections })).to.deep.equal({
      appliedPosition: -1n,
      appliedEvents: 0,
    });
    expect(await readStore.checkpoints.get('read-model')).to.equal(undefined);
  });
});
