// Anonymous GETs answered again from the bytes kept for their address (src/http/middleware/keptAnswers.ts): the same
// status, headers and bytes as the route's own answer, route by route; never for callers with credentials, passwords
// or other rights; never across a write, nor across a second of the clock.
import { expect } from 'chai';
import { Socket } from 'node:net';
import { startTestService, adminAuth, type TestResponse, type TestService } from '../support/testService.ts';
import { API, bodyOf, eventsOf, type JsonObject } from './events/support/eventsApi.ts';

const origin = 'https://calendar.example';
const when = { start_date: '2026-12-01 10:00:00', end_date: '2026-12-01 11:00:00' };
/** Headers whose values belong to one request or one moment: present on both answers, equal on neither necessarily. */
const ownToEachRequest = new Set(['x-request-id', 'x-correlation-id', 'date']);

describe('kept answers: anonymous reads answered again from the bytes kept for their address', function () {
  this.timeout(60_000);
  let t: TestService;
  let ids: Record<'venue' | 'organizer' | 'category' | 'tag' | 'event' | 'locked' | 'draft', number>;
  let eventSlug: string;

  const created = async (path: string, body: JsonObject): Promise<JsonObject> => {
    const res = await t.admin('POST', `${API}${path}`, { body });
    expect(res.status, res.text).to.equal(201);
    return bodyOf(res);
  };
  const keptSoFar = async (): Promise<number> => {
    const line = (await t.request('GET', '/metrics')).text
      .split('\n')
      .find((text) => text.startsWith('cal_http_kept_answers_total '));
    return Number(line?.split(' ')[1]);
  };
  const headersOf = (res: TestResponse): Map<string, string> => new Map(res.headers.entries());

  before(async () => {
    t = await startTestService({ CAL_CORS_ORIGINS: origin });
    const venue = await created('/venues', { venue: 'Kept hall' });
    const organizer = await created('/organizers', { organizer: 'Kept crew' });
    const category = await created('/categories', { name: 'Kept genre' });
    const tag = await created('/tags', { name: 'kept-tag' });
    const links = { venue: venue.id, organizer: [organizer.id], categories: [category.id], tags: [tag.id] };
    const event = await created('/events', { title: 'Kept concert', ...when, ...(links as JsonObject) });
    const locked = await created('/events', { title: 'Kept secret', description: 'Hidden words', ...when });
    const lock = await t.admin('PATCH', `${API}/events/${locked.id as number}`, { body: { password: 'sesame' } });
    expect(lock.status, lock.text).to.equal(200);
    const draft = await created('/events', { title: 'Kept draft', status: 'draft', ...when });
    expect((await t.admin('POST', `/es${API}/events`, { body: { title: 'Concierto', ...when } })).status).to.equal(201);
    ids = {
      venue: venue.id as number,
      organizer: organizer.id as number,
      category: category.id as number,
      tag: tag.id as number,
      event: event.id as number,
      locked: locked.id as number,
      draft: draft.id as number,
    };
    eventSlug = event.slug as string;
  });
  after(async () => t.close());

  it('every shared read answered again carries the status, headers and bytes of its first answer', async () => {
    const paths = [
      `${API}/events`,
      `${API}/events?venue=${ids.venue}`,
      `${API}/events?search=kept`,
      `${API}/events?per_page=1&page=2`,
      `/es${API}/events`,
      `${API}/events/${ids.event}`,
      `${API}/events/by-slug/${eventSlug}`,
      `${API}/venues`,
      `${API}/venues/${ids.venue}`,
      `${API}/organizers`,
      `${API}/organizers/${ids.organizer}`,
      `${API}/categories`,
      `${API}/categories/${ids.category}`,
      `${API}/tags`,
      `${API}/tags/${ids.tag}`,
    ];
    // Single items by id answered before Koa keep their answer from the address's second read (firstItemReads.ts).
    const keptFromSecondRead = /\/(?:events|venues|organizers)\/\d+$/;
    for (const path of paths) {
      const first = await t.request('GET', path, { headers: { origin } });
      if (keptFromSecondRead.test(path)) {
        const keptBeforeSecond = await keptSoFar();
        const second = await t.request('GET', path, { headers: { origin } });
        expect([second.text, await keptSoFar()], `${path}: second read made again`).to.deep.equal([
          first.text,
          keptBeforeSecond,
        ]);
      }
      const keptBefore = await keptSoFar();
      const again = await t.request('GET', path, { headers: { origin, 'x-request-id': 'asked-again' } });
      expect(await keptSoFar(), `${path} answered again from kept bytes`).to.equal(keptBefore + 1);
      expect(again.status, path).to.equal(200);
      expect(again.text, path).to.equal(first.text);
      const [firstHeaders, againHeaders] = [headersOf(first), headersOf(again)];
      expect([...againHeaders.keys()].sort(), path).to.deep.equal([...firstHeaders.keys()].sort());
      for (const [name, value] of firstHeaders)
        if (!ownToEachRequest.has(name)) expect(againHeaders.get(name), `${path} ${name}`).to.equal(value);
      expect(again.headers.get('x-request-id')).to.equal('asked-again');
      expect(again.headers.get('access-control-allow-origin'), path).to.equal(origin);
      expect(again.headers.get('etag'), path).to.match(/^W\//);
    }
  });

  it('an answer, first or given again, leaves in one socket write: its headers and body together', async () => {
    const port = Number(new URL(t.service.url).port);
    const writes: number[] = [];
    const socket = Socket.prototype as unknown as { _writeGeneric: (...args: unknown[]) => unknown };
    const original = socket._writeGeneric;
    socket._writeGeneric = function (this: Socket, ...args: unknown[]) {
      if (this.localPort === port) writes.push(Array.isArray(args[1]) ? args[1].length : 1);
      return original.apply(this, args);
    };
    try {
      for (const path of [`${API}/events?per_page=3`, `${API}/events?per_page=3`, `${API}/tags/${ids.tag}`]) {
        writes.length = 0;
        const res = await t.request('GET', path);
        expect(res.status).to.equal(200);
        expect(writes, path).to.have.length(1);
      }
    } finally {
      socket._writeGeneric = original;
    }
  });

  it('an answer given again is revalidated like the first: 304 to its ETag', async () => {
    const path = `${API}/events`;
    const etag = (await t.request('GET', path)).headers.get('etag') as string;
    const keptBefore = await keptSoFar();
    const notModified = await t.request('GET', path, { headers: { 'if-none-match': etag } });
    expect(await keptSoFar()).to.equal(keptBefore + 1);
    expect(notModified.status).to.equal(304);
    expect(notModified.text).to.equal('');
    expect(notModified.headers.get('etag')).to.equal(etag);
  });

  it('callers with credentials, passwords or no right to an item never get kept bytes, nor leave theirs', async () => {
    const list = `${API}/events`;
    await t.request('GET', list);
    const keptBefore = await keptSoFar();
    const asAdmin = await t.request('GET', list, { auth: adminAuth });
    expect(eventsOf(asAdmin).map((event) => event.id)).to.include(ids.draft);
    expect(asAdmin.headers.get('cache-control')).to.include('private');
    const wrongPassword = `Basic ${Buffer.from('admin:wrong').toString('base64')}`;
    expect((await t.request('GET', list, { auth: wrongPassword })).status).to.equal(401);
    expect(eventsOf(await t.request('GET', list)).map((event) => event.id)).not.to.include(ids.draft);
    expect((await t.request('GET', `${API}/events/${ids.draft}`)).status).to.equal(403);
    expect((await t.request('GET', `${API}/events/${ids.draft}`)).status).to.equal(403);

    const locked = `${API}/events/${ids.locked}`;
    for (let read = 0; read < 2; read++) {
      const unlocked = await t.request('GET', `${locked}?password=sesame`);
      expect(unlocked.status, unlocked.text).to.equal(200);
      expect(unlocked.text).to.include('Hidden words');
      expect((await t.request('GET', `${list}?password=sesame`)).text).to.include('Hidden words');
    }
    expect((await t.request('GET', locked)).status).to.equal(403);
    expect((await t.request('GET', list)).text).not.to.include('Hidden words');
    // Two anonymous list reads above were the only answers given again.
    expect(await keptSoFar()).to.equal(keptBefore + 2);
  });

  it('a read after a write is answered from after it', async () => {
    const list = `${API}/venues`;
    await t.request('GET', list);
    await t.request('GET', list);
    await created('/venues', { venue: 'Hall after the write' });
    const keptBefore = await keptSoFar();
    const after = await t.request('GET', list);
    expect(after.text).to.include('Hall after the write');
    expect(await keptSoFar()).to.equal(keptBefore);
  });

  it('reads racing writes: every read sent once a write was answered shows it (repeated)', async () => {
    const list = `${API}/venues?per_page=50`;
    for (let round = 0; round < 8; round++) {
      const name = `Raced hall ${round}`;
      let written = false;
      const racing = (async () => {
        while (!written) await Promise.all([t.request('GET', list), t.request('GET', list)]);
      })();
      await t.request('GET', list);
      await created('/venues', { venue: name });
      written = true;
      const after = await Promise.all(Array.from({ length: 6 }, () => t.request('GET', list)));
      for (const res of after) expect(res.text, `round ${round}`).to.include(name);
      await racing;
    }
  });

  it('an answer that depends on the clock is given again only within the same second', async () => {
    const soon = await created('/events', {
      title: 'Tomorrow only',
      start_date: '2026-11-23 09:00:00',
      end_date: '2026-11-23 10:00:00',
    });
    const list = `${API}/events?per_page=50`;
    t.setNow(new Date('2026-11-22T10:52:28.100Z'));
    expect(eventsOf(await t.request('GET', list)).map((event) => event.id)).to.include(soon.id);
    t.setNow(new Date('2026-11-22T10:52:28.900Z'));
    const keptBefore = await keptSoFar();
    expect(eventsOf(await t.request('GET', list)).map((event) => event.id)).to.include(soon.id);
    expect(await keptSoFar()).to.equal(keptBefore + 1);
    // Three days on, the default window starts after the event: nothing was written, only the clock moved.
    t.setNow(new Date('2026-11-25T10:52:28.100Z'));
    expect(eventsOf(await t.request('GET', list)).map((event) => event.id)).not.to.include(soon.id);
  });

  it('a single item, whose answer reads no clock, is given again in later seconds too', async () => {
    const path = `${API}/events/${ids.event}`;
    t.setNow(new Date('2026-11-26T08:00:00.000Z'));
    const first = await t.request('GET', path);
    t.setNow(new Date('2026-11-26T08:00:05.000Z'));
    const keptBefore = await keptSoFar();
    expect((await t.request('GET', path)).text).to.equal(first.text);
    expect(await keptSoFar()).to.equal(keptBefore + 1);
  });
});
