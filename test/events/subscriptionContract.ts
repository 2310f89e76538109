// The subscribeToAll part of the EventStore contract: catch-up then live, exclusive start, stop, serial handlers,
// failure.
import { expect } from 'chai';
import { NoStream, type EventStore, type RecordedEvent } from '../../src/events/eventStore.ts';
import { anEvent, delay, events, record, waitUntil, within } from './contractSupport.ts';

/** What the enclosing contract shares with this part: the open store and this test's stream names. */
export interface ContractFixture {
  store: EventStore | undefined;
  stream: (name: string) => string;
  ours: (streamId: string) => boolean;
}

const label = (entry: RecordedEvent | 'caught-up'): string =>
  entry === 'caught-up' ? entry : `${entry.streamId.slice(entry.streamId.lastIndexOf('-') + 1)}@${entry.revision}`;

export function subscriptionContract(fixture: ContractFixture): void {
  const store = (): EventStore => {
    if (fixture.store === undefined) throw new Error('no store opened');
    return fixture.store;
  };
  const stream = (name: string): string => fixture.stream(name);

  describe('subscribeToAll', function () {
    it('delivers past events, then reports catching up once, then delivers live events', async function () {
      const before = await store().headPosition();
      await store().append(stream('a'), events(3), NoStream);
      const { log, subscription } = record(store(), fixture.ours, { after: before });
      await waitUntil(() => log.includes('caught-up'), 'catching up');
      await store().append(stream('b'), events(1), NoStream);
      await waitUntil(() => log.length === 5, 'the live event');
      await subscription.stop();
      expect(log.map(label)).to.deep.equal(['a@0', 'a@1', 'a@2', 'caught-up', 'b@0']);
    });

    it('delivers only events strictly after the given position', async function () {
      await store().append(stream('a'), events(3), NoStream);
      const [first] = await store().readStream(stream('a'));
      const { delivered, subscription } = record(store(), fixture.ours, { after: first?.position });
      await waitUntil(() => delivered().length === 2, 'two events');
      await delay(50);
      await subscription.stop();
      expect(delivered().map((event) => event.revision)).to.deep.equal([1n, 2n]);
    });

    it('reports catching up at once when it starts at the head', async function () {
      await store().append(stream('a'), events(1), NoStream);
      const { log, subscription } = record(store(), fixture.ours, { after: await store().headPosition() });
      await waitUntil(() => log.length > 0, 'onCaughtUp');
      await subscription.stop();
      expect(log).to.deep.equal(['caught-up']);
    });

    it('delivers in the global order readAll shows', async function () {
      const before = await store().headPosition();
      const { delivered, subscription } = record(store(), fixture.ours, { after: before });
      await Promise.all(['a', 'b', 'c', 'd'].map((name) => store().append(stream(name), events(5), NoStream)));
      await waitUntil(() => delivered().length === 20, 'twenty events');
      await subscription.stop();
      const all = (await store().readAll({ after: before })).filter((event) => fixture.ours(event.streamId));
      expect(delivered()).to.deep.equal(all);
    });

    it('stops delivering once stop() resolved', async function () {
      const { delivered, subscription } = record(store(), fixture.ours, { after: await store().headPosition() });
      await store().append(stream('a'), events(1), NoStream);
      await waitUntil(() => delivered().length === 1, 'the first event');
      await subscription.stop();
      await store().append(stream('a'), events(1), 0n);
      await delay(400);
      expect(delivered()).to.have.length(1);
    });

    it('delivers nothing more once stop() was called, even in the middle of catching up', async function () {
      const before = await store().headPosition();
      await store().append(stream('a'), events(10), NoStream);
      let stopping: Promise<void> | undefined;
      const recording = record(store(), fixture.ours, {
        after: before,
        onEvent: () => {
          stopping ??= recording.subscription.stop();
        },
      });
      await waitUntil(() => stopping !== undefined, 'the first event');
      await stopping;
      await delay(100);
      expect(recording.delivered()).to.have.length(1);
    });

    it('resolves stop() only after the running handler call finished', async function () {
      let started = false;
      let finished = false;
      const { subscription } = record(store(), fixture.ours, {
        after: await store().headPosition(),
        onEvent: async () => {
          started = true;
          await delay(150);
          finished = true;
        },
      });
      await store().append(stream('a'), events(1), NoStream);
      await waitUntil(() => started, 'the handler to start');
      await subscription.stop();
      expect(finished).to.equal(true);
    });

    it('waits for each handler call to finish before delivering the next event', async function () {
      const trace: string[] = [];
      const { subscription } = record(store(), fixture.ours, {
        after: await store().headPosition(),
        onEvent: async (event) => {
          trace.push(`start ${event.revision}`);
          await delay(20);
          trace.push(`end ${event.revision}`);
        },
      });
      await store().append(stream('a'), events(3), NoStream);
      await waitUntil(() => trace.length === 6, 'three handler calls');
      await subscription.stop();
      expect(trace).to.deep.equal(['start 0', 'end 0', 'start 1', 'end 1', 'start 2', 'end 2']);
    });

    it('ends through failed when a handler throws, delivering nothing more', async function () {
      const { delivered, subscription } = record(store(), fixture.ours, {
        after: await store().headPosition(),
        onEvent: () => {
          throw new Error('projection broke');
        },
      });
      await store().append(stream('a'), events(2), NoStream);
      const error = await within(subscription.failed, 10_000, 'the subscription to fail');
      expect(error.message).to.equal('projection broke');
      await store().append(stream('a'), events(1), 1n);
      await delay(300);
      expect(delivered()).to.have.length(1);
      await subscription.stop();
    });

    it(
      'reads no more than about readAheadBytes ahead of a handler that has not returned, and ' + 'still delivers all',
      async function () {
        const before = await store().headPosition();
        // About 8 KB each once decoded (two bytes a character): a 20,000-byte read-ahead holds three at most.
        const padded = Array.from({ length: 40 }, (_, index) => anEvent('Padded', { index, text: 'x'.repeat(4000) }));
        await store().append(stream('a'), padded, NoStream);
        let read = 0;
        let release: () => void = () => undefined;
        const held = new Promise<void>((resolve) => (release = resolve));
        const { delivered, subscription } = record(store(), fixture.ours, {
          after: before,
          readAheadBytes: 20_000,
          onRead: (batch) => (read += batch.filter((event) => fixture.ours(event.streamId)).length),
          onEvent: () => held,
        });
        await waitUntil(() => delivered().length === 1, 'the first event');
        await delay(100);
        // The first event is in the handler; what else was read waits in memory.
        expect(read).to.be.at.least(1);
        expect(read - delivered().length).to.be.at.most(3);
        release();
        await waitUntil(() => delivered().length === 40, 'every event');
        expect(delivered().map((event) => (event.data as { index: number }).index)).to.deep.equal(
          padded.map((_, index) => index),
        );
        expect(read).to.equal(40);
        await subscription.stop();
      },
    );
  });
}
