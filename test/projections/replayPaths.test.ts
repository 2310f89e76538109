// The replay loops that apply events without a promise (replayInto, the ProjectionRunner, into the memory read model's
// projection target) and the unit of work of remote read stores (the runner through the port, write-behind batches)
// give the same read model, digest for digest, as applying every stored event through every handler one awaited step
// at a time, on a
// store holding every kind of projected write: the bench seed (registries, terms, venues, organizers, events, edits)
// and, written through the service, series with an exception, a cancellation, a split and a removed rule, links,
// status changes and trash.
import { expect } from 'chai';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { seed } from '../../bench/seed.ts';
import { quickShape } from '../../bench/seedShape.ts';
import { openLmdbEventStore, type LmdbEventStore } from '../../src/events/embedded/lmdbEventStore.ts';
import { decodeDomainEvent } from '../../src/events/catalogue/envelope.ts';
import type { EventStore } from '../../src/events/eventStore.ts';
import { createMemoryReadStore } from '../../src/projections/memory/memoryReadStore.ts';
import type { ReadStore } from '../../src/projections/readStore.ts';
import { replayInto } from '../../src/projections/replay.ts';
import { BufferedProjection } from '../../src/projections/writeBehind/bufferedProjection.ts';
import { ProjectionRunner } from '../../src/projections/projectionRunner.ts';
import { digestReadStore } from '../../src/projections/digest/readModelDigest.ts';
import { startTestService, type TestService } from '../support/testService.ts';
import { testMemos, testProjections } from '../support/memos.ts';
import { API, bodyOf, createEvent, eventsOf } from '../http/events/support/eventsApi.ts';

const seededAt = new Date('2026-11-22T10:52:28Z');

async function written(t: TestService, method: 'POST' | 'PATCH' | 'DELETE', path: string, body?: object) {
  const answer = await t.admin(method, `${API}/${path}`, body ? { body } : {});
  expect(answer.status, answer.text).to.be.oneOf([200, 201]);
  return bodyOf(answer);
}

/** Series and their changes, links and their changes, status moves and trash, through the real service. */
async function writeSeriesScenario(t: TestService): Promise<void> {
  const music = (await written(t, 'POST', 'categories', { name: 'Choirs' })).id as number;
  const free = (await written(t, 'POST', 'tags', { name: 'no charge' })).id as number;
  const hall = (await written(t, 'POST', 'venues', { venue: 'Choir Hall' })).id as number;
  const weekly = (title: string, rule: string) =>
    createEvent(t, {
      title,
      timezone: 'Europe/Madrid',
      start_date: '2026-12-01 19:00:00',
      end_date: '2026-12-01 21:00:00',
      recurrence: [rule],
      categories: [music],
      tags: [free],
      venue: hall,
    });
  const choir = await weekly('Choir', 'RRULE:FREQ=WEEKLY;COUNT=8');
  const window = 'start_date=2026-01-01 00:00:00&end_date=2029-12-31 23:59:59';
  const listed = await t.admin('GET', `${API}/events?post_parent=${String(choir.id)}&per_page=50&${window}`);
  const occurrences = eventsOf(listed).map((o) => o.id as number);
  expect(occurrences.length).to.be.greaterThan(4);
  await written(t, 'PATCH', `events/${occurrences[1]}`, { title: 'Choir with guests' });
  await written(t, 'DELETE', `events/${occurrences[2]}`);
  await written(t, 'PATCH', `events/${occurrences[3]}?recurrence_scope=following`, { title: 'Late choir' });
  const ending = await weekly('Ending', 'RRULE:FREQ=DAILY;COUNT=3');
  await written(t, 'PATCH', `events/${String(ending.id)}`, { recurrence: [] });
  await written(t, 'PATCH', `events/${String(choir.id)}`, { tags: [], status: 'draft' });
  await written(t, 'POST', `venues/${hall}`, { venue: 'Great Choir Hall' });
  await written(t, 'POST', `categories/${music}`, { name: 'Choral music' });
  await written(t, 'DELETE', `events/${String(ending.id)}`);
}

/**
 * The reference: every stored event decoded and handed to every handler that takes it, through a unit of work over the
 * read store's port, its writes awaited after each event (the step-by-step path of a remote read store).
 */
async function appliedOneByOne(store: LmdbEventStore, readStore: ReadStore): Promise<void> {
  const unit = new BufferedProjection(throughPort(readStore), testMemos.venues);
  for (const recorded of await store.readAll()) {
    const event = decodeDomainEvent(recorded);
    if (!event) continue;
    await unit.run((target) => {
      for (const handler of testProjections) if (handler.handles(event)) handler.apply(event, recorded, target);
    });
    await unit.flush();
  }
}

/** The read store without its projection target: the projections drive its port. */
const throughPort = (readStore: ReadStore): ReadStore => ({ ...readStore, projectionTarget: undefined });

async function runnerReplayed(store: LmdbEventStore, readStore: ReadStore): Promise<void> {
  const runner = new ProjectionRunner(store, readStore, testProjections, { checkpointEvery: 97 });
  await runner.start();
  expect(await runner.waitFor(await store.headPosition(), 20_000)).to.equal(true);
  await runner.stop();
}

describe('replay paths', function () {
  this.timeout(60_000);
  let dir: string;
  let store: LmdbEventStore;

  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'cal-replay-paths-'));
    const seeding = await openLmdbEventStore(join(dir, 'events'));
    await seed(seeding, quickShape, seededAt, 4_000);
    await seeding.close();
    const t = await startTestService({}, dir);
    try {
      await writeSeriesScenario(t);
    } finally {
      await t.close();
    }
    store = await openLmdbEventStore(join(dir, 'events'));
  });
  after(async () => {
    await store?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const digestAfter = async (replay: (readStore: ReadStore) => Promise<unknown>) => {
    const readStore = createMemoryReadStore(testMemos);
    await replay(readStore);
    return digestReadStore(readStore, { detail: true });
  };

  it('the store holds series, their exceptions and cancellations, splits, registries and edits', async () => {
    const types = new Set((await store.readAll()).map((recorded) => recorded.type));
    for (const type of ['SlugReserved', 'EventScheduled', 'EventDetailsChanged', 'EventRecurrenceSet'])
      expect(types, type).to.include(type);
    for (const type of ['EventOccurrenceChanged', 'EventOccurrenceCancelled', 'EventSeriesSplit'])
      expect(types, type).to.include(type);
    for (const type of ['EventRecurrenceRemoved', 'EventTrashed', 'VenueRegistered', 'CategoryCreated'])
      expect(types, type).to.include(type);
  });

  it('replayInto passes the events of types no projection takes over by their position, undecoded', async () => {
    const reads = { decoded: 0, passedOver: 0, readAll: 0 };
    const counting: EventStore = {
      ...store,
      readAll: async (options) => (reads.readAll++, store.readAll(options)),
      subscribeToAll: (options) => store.subscribeToAll(options),
      headPosition: () => store.headPosition(),
      readAllPassingOver: async (options, upTo, types) => {
        const page = await store.readAllPassingOver(options, upTo, types);
        for (const item of page) reads[typeof item === 'bigint' ? 'passedOver' : 'decoded']++;
        return page;
      },
    };
    const all = await store.readAll();
    const handled = new Set(testProjections.flatMap((handler) => ('eventTypes' in handler ? handler.eventTypes : [])));
    const { appliedEvents } = await replayInto(counting, createMemoryReadStore(testMemos), {
      handlers: testProjections,
      pageSize: 64,
    });
    expect(appliedEvents).to.equal(all.length);
    expect(reads.readAll).to.equal(0);
    expect(reads.passedOver).to.equal(all.filter((recorded) => !handled.has(recorded.type)).length);
    expect(reads.passedOver).to.be.greaterThan(0);
    expect(reads.decoded).to.equal(all.length - reads.passedOver);
  });

  for (let round = 1; round <= 3; round++) {
    it(`replayInto, the runner and write-behind batches end with the one-by-one digest (round ${round})`, async () => {
      const reference = await digestAfter((readStore) => appliedOneByOne(store, readStore));
      const pageSize = [500, 7, 64][round - 1] as number;
      const replayed = await digestAfter((readStore) =>
        replayInto(store, readStore, { handlers: testProjections, pageSize }),
      );
      expect(replayed).to.deep.equal(reference);
      expect(await digestAfter((readStore) => runnerReplayed(store, readStore))).to.deep.equal(reference);
      // The unit of work of remote read stores: flushed after each event (the runner) and per batch (write-behind).
      expect(await digestAfter((readStore) => runnerReplayed(store, throughPort(readStore)))).to.deep.equal(reference);
      const writeBehind = { eventsPerFlush: [1000, 1, 37][round - 1] as number, venueLocations: testMemos.venues };
      const batched = await digestAfter((readStore) =>
        replayInto(store, readStore, { handlers: testProjections, pageSize, writeBehind }),
      );
      expect(batched).to.deep.equal(reference);
    });
  }
});
