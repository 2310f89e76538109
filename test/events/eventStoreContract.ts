// The EventStore contract: what every adapter of the port must do, run against lmdb always and EventStoreDB when
// reachable.
import { expect } from 'chai';
import {
  AnyRevision,
  NoStream,
  StreamExists,
  WrongExpectedRevision,
  type EventStore,
} from '../../src/events/eventStore.ts';
import { anEvent, events, rejection, uniqueStreams, withPrefix } from './contractSupport.ts';
import { subscriptionContract, type ContractFixture } from './subscriptionContract.ts';

export function eventStoreContract(name: string, open: () => Promise<EventStore>): void {
  describe(`EventStore contract: ${name}`, function () {
    const fixture: ContractFixture = { store: undefined, stream: uniqueStreams(), ours: () => false };
    const store = (): EventStore => {
      if (fixture.store === undefined) throw new Error('no store opened');
      return fixture.store;
    };
    const stream = (name: string): string => fixture.stream(name);
    /** Our events after `after`, in $all order: a shared server carries other streams too. */
    const ourEventsAfter = async (after: bigint) =>
      (await store().readAll({ after })).filter((event) => fixture.ours(event.streamId));

    beforeEach(async function () {
      fixture.stream = uniqueStreams();
      fixture.ours = withPrefix(fixture.stream(''));
      fixture.store = await open();
    });
    afterEach(async function () {
      await fixture.store?.close();
      fixture.store = undefined;
    });

    describe('append', function () {
      it('starts a stream at revision 0n when no stream is expected', async function () {
        const result = await store().append(stream('a'), [anEvent('Created')], NoStream);
        expect(result.nextRevision).to.equal(0n);
        const [event] = await store().readStream(stream('a'));
        expect(event).to.include({ streamId: stream('a'), revision: 0n, type: 'Created', position: result.position });
      });

      it('rejects "no stream" on an existing stream, reporting its revision and writing nothing', async function () {
        await store().append(stream('a'), events(2), NoStream);
        const error = await rejection(store().append(stream('a'), events(1), NoStream));
        expect(error)
          .to.be.instanceOf(WrongExpectedRevision)
          .and.include({ streamId: stream('a'), expected: NoStream, actual: 1n });
        expect(await store().readStream(stream('a'))).to.have.length(2);
      });

      it('rejects "stream exists" on a new stream, reporting no stream', async function () {
        const error = await rejection(store().append(stream('a'), events(1), StreamExists));
        expect(error).to.be.instanceOf(WrongExpectedRevision).and.include({ expected: StreamExists, actual: NoStream });
        expect(await store().readStream(stream('a'))).to.deep.equal([]);
      });

      it('accepts "stream exists" on an existing stream', async function () {
        await store().append(stream('a'), events(1), NoStream);
        const result = await store().append(stream('a'), events(1), StreamExists);
        expect(result.nextRevision).to.equal(1n);
      });

      it('accepts the exact current revision', async function () {
        await store().append(stream('a'), events(3), NoStream);
        const result = await store().append(stream('a'), events(1), 2n);
        expect(result.nextRevision).to.equal(3n);
      });

      it('rejects any other exact revision, reporting the actual one', async function () {
        await store().append(stream('a'), events(3), NoStream);
        for (const expected of [0n, 1n, 3n, 7n]) {
          const error = await rejection(store().append(stream('a'), events(1), expected));
          expect(error).to.be.instanceOf(WrongExpectedRevision).and.include({ expected, actual: 2n });
        }
        expect(await store().readStream(stream('a'))).to.have.length(3);
      });

      it('rejects an exact revision on a stream that does not exist, reporting no stream', async function () {
        const error = await rejection(store().append(stream('a'), events(1), 0n));
        expect(error).to.be.instanceOf(WrongExpectedRevision).and.include({ expected: 0n, actual: NoStream });
      });

      it('appends with "any" whether the stream exists or not', async function () {
        expect((await store().append(stream('a'), events(1), AnyRevision)).nextRevision).to.equal(0n);
        expect((await store().append(stream('a'), events(2), AnyRevision)).nextRevision).to.equal(2n);
      });

      it(
        'makes a non-durable append readable once it resolves, in order with the durable ones after ' + 'it',
        async function () {
          const bookkeeping = await store().append(stream('claim'), events(1), NoStream, { durable: false });
          const durable = await store().append(stream('a'), events(1), NoStream);
          expect(durable.position > bookkeeping.position).to.equal(true);
          expect(await store().readStream(stream('claim'))).to.have.length(1);
        },
      );

      it('numbers revisions densely from 0n across appends', async function () {
        const results = [
          await store().append(stream('a'), events(1), NoStream),
          await store().append(stream('a'), events(2), 0n),
          await store().append(stream('a'), events(3), 2n),
        ];
        expect(results.map((result) => result.nextRevision)).to.deep.equal([0n, 2n, 5n]);
        const revisions = (await store().readStream(stream('a'))).map((event) => event.revision);
        expect(revisions).to.deep.equal([0n, 1n, 2n, 3n, 4n, 5n]);
      });

      it('reports the revision and position of the last event written', async function () {
        const result = await store().append(stream('a'), events(3), NoStream);
        const written = await store().readStream(stream('a'));
        expect(result).to.deep.equal({ nextRevision: 2n, position: written[2]?.position });
        expect(await store().headPosition()).to.equal(result.position);
      });

      it('writes one append as a block: consecutive revisions, no other event in between in $all', async function () {
        const before = await store().headPosition();
        const others = Array.from({ length: 10 }, (_, index) =>
          store().append(stream(`other${index}`), events(1), NoStream),
        );
        await Promise.all([store().append(stream('block'), events(5), NoStream), ...others]);
        const all = await ourEventsAfter(before);
        const first = all.findIndex((event) => event.streamId === stream('block'));
        const block = all.slice(first, first + 5);
        expect(block.map((event) => [event.streamId, event.revision])).to.deep.equal(
          [0n, 1n, 2n, 3n, 4n].map((revision) => [stream('block'), revision]),
        );
      });

      it('writes nothing of a multi-event append whose expectation fails', async function () {
        await store().append(stream('a'), events(1), NoStream);
        const before = await store().headPosition();
        await rejection(store().append(stream('a'), events(4), 5n));
        expect(await store().readStream(stream('a'))).to.have.length(1);
        expect(await ourEventsAfter(before)).to.deep.equal([]);
      });

      it('keeps type, data and metadata exactly as written', async function () {
        const data = { title: 'Jazz night', tags: ['music', 'live'], venue: { id: 7, name: null }, free: false };
        const written = { ...anEvent('EventScheduled', data), metadata: { ...anEvent('x').metadata, tenant: 'north' } };
        await store().append(stream('a'), [written], NoStream);
        const [event] = await store().readStream(stream('a'));
        expect(event?.type).to.equal('EventScheduled');
        expect(event?.data).to.deep.equal(data);
        expect(event?.metadata).to.deep.equal(written.metadata);
      });

      it('refuses an append without events', async function () {
        expect(await rejection(store().append(stream('a'), [], AnyRevision))).to.be.instanceOf(RangeError);
      });
    });

    describe('appendToStreams', function () {
      it(
        'appends to each stream with its own expectation, in the order given, and reports each ' + 'result',
        async function () {
          await store().append(stream('b'), events(2), NoStream);
          const before = await store().headPosition();
          const results = await store().appendToStreams([
            { streamId: stream('a'), events: events(1), expected: NoStream },
            { streamId: stream('b'), events: events(2), expected: 1n },
          ]);
          const all = await ourEventsAfter(before);
          expect(all.map((event) => `${event.streamId}@${event.revision}`)).to.deep.equal([
            `${stream('a')}@0`,
            `${stream('b')}@2`,
            `${stream('b')}@3`,
          ]);
          expect(results).to.deep.equal([
            { nextRevision: 0n, position: all[0]?.position },
            { nextRevision: 3n, position: all[2]?.position },
          ]);
        },
      );

      it('is one append for a single stream', async function () {
        const [result] = await store().appendToStreams([
          { streamId: stream('a'), events: events(2), expected: NoStream },
        ]);
        const written = await store().readStream(stream('a'));
        expect(result).to.deep.equal({ nextRevision: 1n, position: written[1]?.position });
      });

      it('writes nothing when the first expectation fails, naming that stream', async function () {
        await store().append(stream('claim'), events(1), NoStream);
        const before = await store().headPosition();
        const error = await rejection(
          store().appendToStreams([
            { streamId: stream('claim'), events: events(1), expected: NoStream },
            { streamId: stream('a'), events: events(1), expected: NoStream },
          ]),
        );
        expect(error)
          .to.be.instanceOf(WrongExpectedRevision)
          .and.include({ streamId: stream('claim'), expected: NoStream, actual: 0n });
        expect(await ourEventsAfter(before)).to.deep.equal([]);
      });

      it('writes nothing after an append whose expectation fails, naming that stream', async function () {
        await store().append(stream('a'), events(1), NoStream);
        const error = await rejection(
          store().appendToStreams([
            { streamId: stream('claim'), events: events(1), expected: NoStream },
            { streamId: stream('a'), events: events(1), expected: NoStream },
            { streamId: stream('c'), events: events(1), expected: NoStream },
          ]),
        );
        expect(error)
          .to.be.instanceOf(WrongExpectedRevision)
          .and.include({ streamId: stream('a'), expected: NoStream, actual: 0n });
        expect(await store().readStream(stream('a'))).to.have.length(1);
        expect(await store().readStream(stream('c'))).to.deep.equal([]);
      });

      it('lets exactly one of several appends claiming the same stream write its own stream too', async function () {
        const outcomes = await Promise.allSettled(
          Array.from({ length: 10 }, (_, index) =>
            store().appendToStreams([
              { streamId: stream('claim'), events: events(1), expected: NoStream },
              { streamId: stream(`owner${index}`), events: events(1), expected: NoStream },
            ]),
          ),
        );
        const won = outcomes.flatMap((outcome, index) => (outcome.status === 'fulfilled' ? [index] : []));
        expect(won).to.have.length(1);
        for (const outcome of outcomes) {
          if (outcome.status === 'rejected')
            expect(outcome.reason)
              .to.be.instanceOf(WrongExpectedRevision)
              .and.include({ streamId: stream('claim') });
        }
        for (let index = 0; index < 10; index++) {
          expect(await store().readStream(stream(`owner${index}`)), `owner${index}`).to.have.length(
            index === won[0] ? 1 : 0,
          );
        }
      });

      it('refuses no streams, a stream without events, and a stream named twice', async function () {
        expect(await rejection(store().appendToStreams([]))).to.be.instanceOf(RangeError);
        expect(
          await rejection(store().appendToStreams([{ streamId: stream('a'), events: [], expected: AnyRevision }])),
        ).to.be.instanceOf(RangeError);
        const twice = [stream('a'), stream('a')].map((streamId) => ({
          streamId,
          events: events(1),
          expected: AnyRevision,
        }));
        expect(await rejection(store().appendToStreams(twice))).to.be.instanceOf(RangeError);
        expect(await store().readStream(stream('a'))).to.deep.equal([]);
      });
    });

    describe('readStream', function () {
      it('reads an unknown stream as empty', async function () {
        expect(await store().readStream(stream('never-written'))).to.deep.equal([]);
      });

      it('reads from a given revision on', async function () {
        await store().append(stream('a'), events(5), NoStream);
        const read = await store().readStream(stream('a'), { fromRevision: 2n });
        expect(read.map((event) => event.revision)).to.deep.equal([2n, 3n, 4n]);
      });

      it('reads at most maxCount events', async function () {
        await store().append(stream('a'), events(5), NoStream);
        const read = await store().readStream(stream('a'), { maxCount: 2 });
        expect(read.map((event) => event.revision)).to.deep.equal([0n, 1n]);
      });

      it('combines fromRevision and maxCount, and reads past the end as empty', async function () {
        await store().append(stream('a'), events(5), NoStream);
        const read = await store().readStream(stream('a'), { fromRevision: 3n, maxCount: 10 });
        expect(read.map((event) => event.revision)).to.deep.equal([3n, 4n]);
        expect(await store().readStream(stream('a'), { fromRevision: 5n })).to.deep.equal([]);
      });

      it('reads only the named stream', async function () {
        await store().append(stream('a'), events(2), NoStream);
        await store().append(stream('ab'), events(3), NoStream);
        expect(await store().readStream(stream('a'))).to.have.length(2);
      });
    });

    describe('readAll', function () {
      it('returns events of all streams in append order, with strictly increasing positions', async function () {
        const before = await store().headPosition();
        await store().append(stream('a'), events(1), NoStream);
        await store().append(stream('b'), events(2), NoStream);
        await store().append(stream('a'), events(1), 0n);
        const all = await ourEventsAfter(before);
        expect(all.map((event) => `${event.streamId}@${event.revision}`)).to.deep.equal([
          `${stream('a')}@0`,
          `${stream('b')}@0`,
          `${stream('b')}@1`,
          `${stream('a')}@1`,
        ]);
        all.slice(1).forEach((event, index) => expect(event.position > (all[index]?.position ?? -1n)).to.equal(true));
        expect(all.every((event) => event.position > before)).to.equal(true);
      });

      it('reads strictly after the given position', async function () {
        await store().append(stream('a'), events(3), NoStream);
        const [first] = await store().readStream(stream('a'));
        const after = await ourEventsAfter(first?.position ?? -1n);
        expect(after.map((event) => event.revision)).to.deep.equal([1n, 2n]);
      });

      it('returns at most maxCount events: the first ones of the same read without a limit', async function () {
        const before = await store().headPosition();
        await store().append(stream('a'), events(5), NoStream);
        const limited = await store().readAll({ after: before, maxCount: 3 });
        const unlimited = await store().readAll({ after: before });
        expect(limited).to.deep.equal(unlimited.slice(0, 3));
      });

      it('reports the position of the last event as the head', async function () {
        await store().append(stream('a'), events(2), NoStream);
        const head = await store().headPosition();
        const [, last] = await store().readStream(stream('a'));
        expect(head).to.equal(last?.position);
        expect(await store().readAll({ after: head })).to.deep.equal([]);
      });
    });

    subscriptionContract(fixture);

    describe('concurrent appends', function () {
      it('let exactly one of several appends expecting the same revision win', async function () {
        await store().append(stream('a'), events(1), NoStream);
        const outcomes = await Promise.allSettled(
          Array.from({ length: 10 }, () => store().append(stream('a'), events(1), 0n)),
        );
        const losers = outcomes.flatMap((outcome) => (outcome.status === 'rejected' ? [outcome.reason] : []));
        expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).to.have.length(1);
        expect(losers).to.have.length(9);
        losers.forEach((error) => expect(error).to.be.instanceOf(WrongExpectedRevision).and.include({ actual: 1n }));
        expect(await store().readStream(stream('a'))).to.have.length(2);
      });

      it('let exactly one of several appends creating the same stream win', async function () {
        const outcomes = await Promise.allSettled(
          Array.from({ length: 10 }, () => store().append(stream('a'), events(2), NoStream)),
        );
        expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).to.have.length(1);
        expect(await store().readStream(stream('a'))).to.have.length(2);
      });

      it('give 200 appends to distinct streams distinct positions, ordered as readAll shows them', async function () {
        const before = await store().headPosition();
        const names = Array.from({ length: 200 }, (_, index) => stream(`s${index}`));
        const results = await Promise.all(names.map((name) => store().append(name, events(1), NoStream)));
        expect(new Set(results.map((result) => result.position)).size).to.equal(200);
        const byPosition = names
          .map((name, index) => ({ name, position: results[index]?.position ?? -1n }))
          .sort((a, b) => (a.position < b.position ? -1 : 1));
        const all = await ourEventsAfter(before);
        expect(all.map((event) => [event.streamId, event.position])).to.deep.equal(
          byPosition.map((entry) => [entry.name, entry.position]),
        );
      });
    });
  });
}
