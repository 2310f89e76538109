// Specifies the heap settle after writes (src/compose/heapSettle.ts): one full collection per burst of writes, once
// they have been quiet long enough, on an injected clock; the real collection frees what nothing holds; the service
// makes one unless it is turned off.
import { expect } from 'chai';
import pino from 'pino';
import { collectAllGarbage, HeapSettle, type HeapSettleOptions } from '../../src/compose/heapSettle.ts';
import { captureTime, startTestService, type TestService } from '../support/testService.ts';

/** A settle on a position and a clock the test moves, counting the collections it asks for. */
function settleOnClock(collect: () => Promise<void> = async () => {}) {
  const state = { position: 0n, now: 0, collections: 0, oldGeneration: 100 };
  const options: HeapSettleOptions = {
    position: () => state.position,
    quietMs: 10_000,
    now: () => state.now,
    oldGeneration: () => state.oldGeneration,
    minGrowthBytes: 0,
    collect: async () => {
      state.collections++;
      await collect();
    },
    logger: pino({ level: 'silent' }),
  };
  return { state, settle: new HeapSettle(options) };
}

describe('heap settle after writes', () => {
  it('collects once the writes have been quiet for the whole quiet time, once per burst', async () => {
    const { state, settle } = settleOnClock();
    state.now = 60_000;
    expect(await settle.look(), 'no write since the start').to.equal(false);
    state.position = 5n;
    expect(await settle.look(), 'a burst under way').to.equal(false);
    state.now += 9_999;
    expect(await settle.look(), 'quiet, not long enough').to.equal(false);
    state.now += 1;
    expect(await settle.look(), 'quiet long enough').to.equal(true);
    state.now += 60_000;
    expect(await settle.look(), 'no new write since').to.equal(false);
    expect(state.collections).to.equal(1);
    expect(settle.settles).to.equal(1);
  });

  it('waits again from the last write of a burst that goes on', async () => {
    const { state, settle } = settleOnClock();
    for (let step = 1; step <= 5; step++) {
      state.position = BigInt(step);
      state.now += 9_000;
      expect(await settle.look()).to.equal(false);
    }
    state.now += 9_000;
    expect(await settle.look()).to.equal(false);
    state.now += 1_000;
    expect(await settle.look()).to.equal(true);
    expect(state.collections).to.equal(1);
  });

  it('asks for no second collection while one is under way: a look meanwhile waits for it', async () => {
    let finish: () => void = () => {};
    const { state, settle } = settleOnClock(() => new Promise<void>((resolve) => (finish = resolve)));
    state.position = 1n;
    await settle.look();
    state.now += 10_000;
    const first = settle.look();
    const second = settle.look();
    finish();
    expect(await Promise.all([first, second])).to.deep.equal([true, true]);
    expect(state.collections).to.equal(1);
  });

  it('settles only once the old generation grew by the growth worth a pause since the last settle', async () => {
    const { state } = settleOnClock();
    const settle = new HeapSettle({
      position: () => state.position,
      quietMs: 10_000,
      now: () => state.now,
      oldGeneration: () => state.oldGeneration,
      minGrowthBytes: 50,
      collect: async () => {
        state.collections++;
        state.oldGeneration = 120;
      },
      logger: pino({ level: 'silent' }),
    });
    const writeThenQuiet = async (grownTo: number) => {
      state.position++;
      await settle.look();
      state.oldGeneration = grownTo;
      state.now += 10_000;
      return settle.look();
    };
    expect(await writeThenQuiet(149), 'grew by 49 since the start').to.equal(false);
    expect(await writeThenQuiet(150), 'grew by 50').to.equal(true);
    expect(await writeThenQuiet(169), 'grew by 49 since the settle left 120').to.equal(false);
    expect(await writeThenQuiet(170)).to.equal(true);
    expect(state.collections).to.equal(2);
  });

  it('stops trying after a collection fails (a Node without the inspector)', async () => {
    const { state, settle } = settleOnClock(async () => {
      throw new Error('inspector not available');
    });
    state.position = 1n;
    await settle.look();
    state.now += 10_000;
    expect(await settle.look()).to.equal(false);
    state.position = 2n;
    await settle.look();
    state.now += 10_000;
    expect(await settle.look()).to.equal(false);
    expect(state.collections).to.equal(1);
    expect(settle.settles).to.equal(0);
  });

  it('collects, for real, what nothing holds any more', async () => {
    let dropped: object | undefined = { payload: new Array(1000).fill('x') };
    const watched = new WeakRef(dropped);
    dropped = undefined;
    // A WeakRef's target is kept until the end of the job that made it.
    await new Promise((resolve) => setImmediate(resolve));
    await collectAllGarbage();
    expect(watched.deref()).to.equal(undefined);
    expect(dropped).to.equal(undefined);
  });

  describe('in the service', function () {
    this.timeout(30_000);
    let app: TestService | undefined;
    afterEach(async () => {
      await app?.close();
      app = undefined;
    });

    it('settles the heap on the service clock once writes have been quiet and the old generation grew', async () => {
      app = await startTestService({ CAL_HEAP_SETTLE_SECONDS: '10' });
      const service = app;
      const settle = service.service.heapSettle;
      expect(settle).to.not.equal(undefined);
      let minute = 0;
      /** One create, then the clock past the quiet time twice (its own timer looks too, once a second). */
      const writeThenQuiet = async () => {
        const created = await service.admin('POST', '/cal/events/v1/events', {
          body: { title: `Settle ${minute}`, start_date: '2027-01-05 10:00:00', end_date: '2027-01-05 11:00:00' },
        });
        expect(created.status).to.equal(201);
        await settle?.look();
        for (const _ of [1, 2]) {
          service.setNow(new Date(captureTime.getTime() + ++minute * 60_000));
          await settle?.look();
        }
      };
      await writeThenQuiet();
      expect(settle?.settles, 'one small write grows the old generation too little').to.equal(0);
      // 80 MB the old generation holds (a large array goes there at once), as a burst of writes would leave; well
      // above the growth that makes a settle (32 MB), whatever else the test process freed meanwhile.
      const ballast = new Array<number>(10_000_000).fill(0);
      await writeThenQuiet();
      expect(settle?.settles).to.equal(1);
      expect(ballast.length).to.equal(10_000_000);
    });

    it('has none with CAL_HEAP_SETTLE_SECONDS=0', async () => {
      app = await startTestService({ CAL_HEAP_SETTLE_SECONDS: '0' });
      expect(app.service.heapSettle).to.equal(undefined);
    });
  });
});
