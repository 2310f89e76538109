// Specifies the shared subscription of the change feeds (src/events/sharedSubscription.ts) over the real lmdb store:
// it keeps the subscription contract of the port, subscribers at the head share one store subscription whatever
// their number, and a subscriber that falls behind the shared window catches up on its own and misses nothing.
import { expect } from 'chai';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openLmdbEventStore } from '../../src/events/embedded/lmdbEventStore.ts';
import { NoStream, type EventStore, type RecordedEvent, type Subscription } from '../../src/events/eventStore.ts';
import { withSharedSubscription } from '../../src/events/sharedSubscription.ts';
import { anEvent, events, uniqueStreams, waitUntil, withPrefix } from './contractSupport.ts';
import { subscriptionContract, type ContractFixture } from './subscriptionContract.ts';
import { openTempStore, type TempStore } from '../support/tempStore.ts';

/** The real store, counting the store subscriptions open at a time. */
function countingSubscriptions(store: EventStore): { store: EventStore; open: () => number } {
  let open = 0;
  const wrapped: EventStore = {
    append: store.append.bind(store),
    appendToStreams: store.appendToStreams.bind(store),
    readStream: store.readStream.bind(store),
    readAll: store.readAll.bind(store),
    headPosition: store.headPosition.bind(store),
    close: store.close.bind(store),
    subscribeToAll: (options) => {
      open++;
      const subscription = store.subscribeToAll(options);
      let counted = true;
      const uncount = () => {
        if (counted) open--;
        counted = false;
      };
      void subscription.failed.then(uncount);
      return { failed: subscription.failed, stop: () => subscription.stop().finally(uncount) };
    },
  };
  return { store: wrapped, open: () => open };
}

/** The real store, counting the events its subscriptions hand out (what the shared subscription reads from it). */
function countingReads(store: EventStore): { store: EventStore; read: () => number } {
  let read = 0;
  const wrapped: EventStore = {
    ...countingSubscriptions(store).store,
    subscribeToAll: (options) =>
      store.subscribeToAll({
        ...options,
        onEvent: (event) => {
          read++;
          return options.onEvent(event);
        },
      }),
  };
  return { store: wrapped, read: () => read };
}

describe('shared subscription', () => {
  describe('subscription contract through the shared subscription', () => {
    const fixture: ContractFixture = { store: undefined, stream: uniqueStreams(), ours: () => false };
    let dir: string;
    beforeEach(async () => {
      dir = mkdtempSync(join(tmpdir(), 'cal-shared-'));
      fixture.stream = uniqueStreams();
      fixture.ours = withPrefix(fixture.stream(''));
      fixture.store = withSharedSubscription(await openLmdbEventStore(join(dir, 'events')), { windowBytes: 64_000 });
    });
    afterEach(async () => {
      await fixture.store?.close();
      fixture.store = undefined;
      rmSync(dir, { recursive: true, force: true });
    });
    subscriptionContract(fixture);
  });

  describe('sharing', () => {
    let temp: TempStore;
    beforeEach(async () => (temp = await openTempStore()));
    afterEach(async () => temp.dispose());

    function follow(
      store: EventStore,
      after: bigint,
      onEvent: (event: RecordedEvent) => Promise<void> | void = () => {},
    ) {
      const seen: bigint[] = [];
      const subscription = store.subscribeToAll({
        after,
        onEvent: async (event) => {
          await onEvent(event);
          seen.push(event.position);
        },
      });
      return { seen, subscription };
    }

    it('serves any number of subscribers at the head from one store subscription', async () => {
      for (let i = 0; i < 3; i++) await temp.store.append(`s-${i}`, events(5), NoStream);
      const counting = countingSubscriptions(temp.store);
      const shared = withSharedSubscription(counting.store, { windowBytes: 1_000_000 });
      const head = await temp.store.headPosition();
      const followers = Array.from({ length: 12 }, (_, i) => follow(shared, i % 2 ? head : -1n));
      const written: bigint[] = [];
      for (let i = 0; i < 20; i++) written.push((await temp.store.append(`live-${i}`, events(1), NoStream)).position);
      await waitUntil(() => followers.every(({ seen }) => seen.at(-1) === written.at(-1)), 'every event everywhere');
      expect(counting.open(), 'store subscriptions open').to.equal(1);
      const all = (await temp.store.readAll()).map((event) => event.position);
      followers.forEach(({ seen }, i) => expect(seen).to.deep.equal(i % 2 ? written : all));
      await Promise.all(followers.map(({ subscription }) => subscription.stop()));
      expect(counting.open(), 'once the last has stopped').to.equal(0);
    });

    it('reads a backlog larger than the window about once for a lone slow subscriber, not once per event', async () => {
      const counting = countingReads(temp.store);
      const shared = withSharedSubscription(counting.store, { windowBytes: 20_000 });
      const slow = follow(shared, -1n, () => new Promise((resolve) => setImmediate(resolve)));
      const first = await temp.store.append('first', events(1), NoStream);
      await waitUntil(() => slow.seen.length === 1, 'the first event');
      // One commit of ~40 windows' worth: the shared subscription reads it all at once, past the slow subscriber.
      const burst = Array.from({ length: 200 }, () => anEvent('Padded', { text: 'x'.repeat(2_000) }));
      await temp.store.append('burst', burst, NoStream);
      await waitUntil(() => slow.seen.length === 201, 'the slow subscriber');
      expect(slow.seen[0]).to.equal(first.position);
      expect(new Set(slow.seen).size, 'each event once').to.equal(201);
      // Falling out of the window and catching up on its own reads the burst a few times at most; rejoining the
      // window after every event it delivers read the rest of the burst each time (~20,000 events here).
      expect(counting.read(), 'events read from the store').to.be.below(4 * 201);
      await slow.subscription.stop();
    });

    it('lets a slow subscriber fall behind the window, catch up on its own and miss nothing', async () => {
      const counting = countingSubscriptions(temp.store);
      const shared = withSharedSubscription(counting.store, { windowBytes: 20_000 });
      let release: () => void = () => undefined;
      const held = new Promise<void>((resolve) => (release = resolve));
      const fast = follow(shared, -1n);
      const slow = follow(shared, -1n, () => held);
      const first = await temp.store.append('first', events(1), NoStream);
      await waitUntil(() => fast.seen.length === 1, 'the first event');
      const written = [first.position];
      for (let i = 0; i < 60; i++) {
        const padded = anEvent('Padded', { text: 'x'.repeat(2_000) });
        written.push((await temp.store.append(`padded-${i}`, [padded], NoStream)).position);
      }
      await waitUntil(() => fast.seen.length === written.length, 'the fast subscriber');
      release();
      await waitUntil(() => slow.seen.length === written.length, 'the slow subscriber');
      expect(slow.seen).to.deep.equal(written);
      expect(fast.seen).to.deep.equal(written);
      await Promise.all([fast, slow].map(({ subscription }: { subscription: Subscription }) => subscription.stop()));
    });
  });
});
