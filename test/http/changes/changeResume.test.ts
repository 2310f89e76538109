// Specifies resumption under load: a consumer that keeps hanging up and resuming with Last-Event-ID while writers run
// ends up with exactly the store's resource events, once each, in global order; and feeds never outlive their client.
import { expect } from 'chai';
import { waitFor, type SseMessage } from '../../support/sseClient.ts';
import { startTestService, type TestService } from '../../support/testService.ts';
import { API, bodyOf } from '../events/support/eventsApi.ts';
import { changeOf, dates, identity, openFeed, storedChanges } from './support/changesApi.ts';

/** A small seeded generator, so that a failing run can be replayed from the seed in its message. */
function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let x = Math.imul(state ^ (state >>> 15), 1 | state);
    x ^= x + Math.imul(x ^ (x >>> 7), 61 | x);
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}

/** Mixed writes over HTTP: creations, updates and trashing of events, venues and tags. */
async function write(t: TestService, rounds: number, label: string, random: () => number): Promise<void> {
  const events: number[] = [];
  const venues: number[] = [];
  for (let round = 0; round < rounds; round++) {
    // The first rounds try every action once; the rest are drawn at random.
    const choice = round < 6 ? round / 6 + 0.05 : random();
    let res;
    if (choice < 0.3 || events.length === 0) {
      res = await t.admin('POST', `${API}/events`, { body: { title: `${label} event ${round}`, ...dates } });
      if (res.status === 201) events.push(bodyOf(res).id as number);
    } else if (choice < 0.5) {
      res = await t.admin('PATCH', `${API}/events/${events[Math.floor(random() * events.length)]}`, {
        body: { title: `${label} edit ${round}` },
      });
    } else if (choice < 0.7 || venues.length === 0) {
      res = await t.admin('POST', `${API}/venues`, { body: { venue: `${label} venue ${round}` } });
      if (res.status === 201) venues.push(bodyOf(res).id as number);
    } else if (choice < 0.8) {
      res = await t.admin('PATCH', `${API}/venues/${venues[Math.floor(random() * venues.length)]}`, {
        body: { city: `City ${round}` },
      });
    } else if (choice < 0.9) {
      res = await t.admin('POST', `${API}/tags`, { body: { name: `${label} tag ${round}` } });
    } else {
      res = await t.admin('DELETE', `${API}/events/${events.pop()}`);
    }
    expect(res.status, `${label} round ${round} (${choice.toFixed(2)}): ${res.text}`).to.be.oneOf([200, 201]);
  }
}

interface Consumption {
  readonly messages: SseMessage[];
  readonly connections: number;
}

/**
 * Connects, takes a random number of messages (sometimes none), hangs up abruptly and reconnects as an EventSource
 * would (same URL, plus the id of the last complete message), until it holds the writers' last event.
 */
async function consume(
  t: TestService,
  query: string,
  random: () => number,
  lastExpected: () => string | undefined,
): Promise<Consumption> {
  const messages: SseMessage[] = [];
  let connections = 0;
  const last = () => messages.at(-1)?.id;
  while (lastExpected() === undefined || last() !== lastExpected()) {
    const resumeFrom = last();
    const connection = await openFeed(
      t,
      query,
      resumeFrom === undefined ? {} : { headers: { 'last-event-id': resumeFrom } },
    );
    connections += 1;
    expect(connection.status).to.equal(200);
    const take = Math.floor(random() * 8);
    const done = () =>
      lastExpected() !== undefined && (connection.messages.at(-1)?.id ?? resumeFrom) === lastExpected();
    await waitFor(() => connection.messages.length >= take || done(), `${take} messages`);
    // Only complete messages count as received; whatever was in flight is lost with the connection.
    const received = connection.messages.slice();
    connection.abort();
    messages.push(...received);
  }
  return { messages, connections };
}

describe('GET /changes: resuming under a concurrent writer', function () {
  this.timeout(120_000);
  let t: TestService;
  beforeEach(async () => {
    t = await startTestService();
  });
  afterEach(async () => t.close());

  it('delivers every resource event exactly once and in global order across abrupt reconnections', async () => {
    const seed = Date.now() % 100_000;
    const random = seededRandom(seed);
    const why = `seed ${seed}`;
    await write(t, 6, 'early', random);
    // Start inside the existing history: the first connection catches up, later ones meet live writes.
    const start = (await storedChanges(t, undefined))[2]!.position;
    // Known once the writers are done; until then the consumers keep hanging up and resuming.
    const lastExpected: { all?: string; eventsAndTags?: string } = {};
    const all = consume(t, `?from=${start}`, seededRandom(seed + 1), () => lastExpected.all);
    const eventsAndTags = consume(
      t,
      `?from=${start}&kinds=event,tag`,
      seededRandom(seed + 2),
      () => lastExpected.eventsAndTags,
    );
    await Promise.all([write(t, 45, 'a', seededRandom(seed + 3)), write(t, 45, 'b', seededRandom(seed + 4))]);
    const expectedAll = await storedChanges(t, start);
    const expectedEventsAndTags = await storedChanges(t, start, ['event', 'tag']);
    lastExpected.all = String(expectedAll.at(-1)?.position);
    lastExpected.eventsAndTags = String(expectedEventsAndTags.at(-1)?.position);
    const [gotAll, gotEventsAndTags] = await Promise.all([all, eventsAndTags]);

    expect(
      gotAll.messages.map((m) => identity(changeOf(m))),
      why,
    ).to.deep.equal(expectedAll.map(identity));
    expect(
      gotAll.messages.map((m) => m.id),
      why,
    ).to.deep.equal(expectedAll.map((e) => String(e.position)));
    expect(
      gotEventsAndTags.messages.map((m) => identity(changeOf(m))),
      why,
    ).to.deep.equal(expectedEventsAndTags.map(identity));
    expect(
      new Set(expectedAll.map((e) => e.streamId.split('-')[0])),
      'the writers touched several kinds',
    ).to.have.property('size', 3);
    expect(gotAll.connections, `${why}: enough reconnections to mean something`).to.be.greaterThan(10);
    expect(gotEventsAndTags.connections, why).to.be.greaterThan(5);
    await waitFor(() => t.service.changeFeeds?.count === 0, 'every abandoned feed to stop');
  });

  it('stops the subscription of a consumer that hangs up', async () => {
    await t.admin('POST', `${API}/tags`, { body: { name: 'Before' } });
    const connection = await openFeed(t, '?from=start');
    await waitFor(() => t.service.changeFeeds?.count === 1, 'the feed to be registered');
    await waitFor(() => connection.messages.length > 0, 'the replay to start');
    connection.abort();
    await waitFor(() => t.service.changeFeeds?.count === 0, 'the feed to stop');
    // Later writes find no feed left to write to.
    await t.admin('POST', `${API}/tags`, { body: { name: 'After the hang-up' } });
    expect(t.service.changeFeeds?.count).to.equal(0);
  });

  it('closes promptly with feeds open, ending their streams cleanly', async () => {
    const idle = await openFeed(t);
    const replaying = await openFeed(t, '?from=start', {});
    await waitFor(() => t.service.changeFeeds?.count === 2 && idle.retries.length === 1, 'both feeds');
    const started = Date.now();
    const closing = t.close();
    // Without ending the feeds, close() would never resolve; fail rather than hang.
    const outcome = await Promise.race([
      closing.then(() => 'closed'),
      new Promise((resolve) => setTimeout(resolve, 5000, 'still open').unref()),
    ]);
    expect(outcome).to.equal('closed');
    expect(Date.now() - started, 'well below the 5 s keep-alive timeout an idle connection could hold').to.be.lessThan(
      3000,
    );
    expect(await idle.ended).to.deep.equal({ clean: true });
    expect((await replaying.ended).clean).to.equal(true);
    expect(t.service.changeFeeds?.count).to.equal(0);
    t = await startTestService(); // afterEach closes it
  });
});
