// Specifies the replay's progress reports and the catch-up that follows writers until a pass is short.
import { expect } from 'chai';
import { toNewEvent } from '../../src/events/catalogue/envelope.ts';
import { createMemoryReadStore } from '../../src/projections/memory/memoryReadStore.ts';
import { replayInto, replayUntilCaughtUp, type ReplayProgress } from '../../src/projections/replay.ts';
import { aCommandContext, anEventsFacts } from './eventDocumentFixtures.ts';
import { openTempStore, type TempStore } from '../support/tempStore.ts';
import { testMemos, testProjections } from '../support/memos.ts';

const ctx = aCommandContext();
const baseFacts = anEventsFacts();

describe('replay progress and catch-up', () => {
  let temp: TempStore;
  let nextId: number;
  beforeEach(async () => {
    temp = await openTempStore();
    nextId = 1;
  });
  afterEach(async () => temp.dispose());

  /** Schedules `count` new events; resolves with the position of the last. */
  async function schedule(count: number): Promise<bigint> {
    let position = -1n;
    for (let i = 0; i < count; i++) {
      const id = nextId++;
      const event = toNewEvent(
        { type: 'EventScheduled', data: { id, facts: { ...baseFacts, title: `Event ${id}` } } },
        ctx,
      );
      ({ position } = await temp.store.append(`event-${id}`, [event], 'no_stream'));
    }
    return position;
  }

  async function eventIds(readStore: ReturnType<typeof createMemoryReadStore>): Promise<number[]> {
    const ids: number[] = [];
    for await (const doc of readStore.documents('events')) ids.push(doc.id);
    return ids;
  }

  it('reports progress after every page, up to the target position', async () => {
    const last = await schedule(5);
    const reports: ReplayProgress[] = [];
    await replayInto(temp.store, createMemoryReadStore(testMemos), {
      handlers: testProjections,
      pageSize: 2,
      onProgress: (p) => reports.push(p),
    });
    expect(reports.map((p) => [p.appliedEvents, p.appliedPosition])).to.deep.equal([
      [2, last - 3n],
      [4, last - 1n],
      [5, last],
    ]);
    expect(reports.every((p) => p.upTo === last)).to.equal(true);
  });

  it('replays again while passes apply at least the threshold, following writes made meanwhile', async () => {
    const first = await schedule(3);
    const readStore = createMemoryReadStore(testMemos);
    await replayInto(temp.store, readStore, { handlers: testProjections });
    await schedule(4);
    const passes: number[] = [];
    const result = await replayUntilCaughtUp(temp.store, readStore, {
      handlers: testProjections,
      after: first,
      threshold: 2,
      onPass: async (pass, { appliedEvents }) => {
        passes.push(appliedEvents);
        // A writer keeps going during the first passes, less each time.
        if (pass === 1) await schedule(2);
        if (pass === 2) await schedule(1);
      },
    });
    expect(passes).to.deep.equal([4, 2, 1]);
    expect(result).to.deep.equal({ appliedPosition: await temp.store.headPosition(), appliedEvents: 7, passes: 3 });
    expect(await eventIds(readStore)).to.deep.equal([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(await readStore.checkpoints.get('read-model')).to.equal(result.appliedPosition);
  });

  it('stops after the last pass allowed even when writers outpace it', async () => {
    await schedule(3);
    const readStore = createMemoryReadStore(testMemos);
    const result = await replayUntilCaughtUp(temp.store, readStore, {
      handlers: testProjections,
      threshold: 1,
      maxPasses: 2,
      onPass: async () => {
        await schedule(1);
      },
    });
    expect(result.passes).to.equal(2);
    expect(result.appliedEvents).to.equal(4);
    expect(await temp.store.headPosition()).to.equal(result.appliedPosition + 1n);
  });

  it('ends after one empty pass when nothing was written', async () => {
    const last = await schedule(2);
    const readStore = createMemoryReadStore(testMemos);
    await replayInto(temp.store, readStore, { handlers: testProjections });
    expect(await replayUntilCaughtUp(temp.store, readStore, { handlers: testProjections, after: last })).to.deep.equal({
      appliedPosition: last,
      appliedEvents: 0,
      passes: 1,
    });
  });
});
