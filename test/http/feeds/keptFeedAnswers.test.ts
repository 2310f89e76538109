// Calendar feeds answered again from what was kept for their address (src/http/middleware/keptAnswers.ts, docs/api.md
// §21.1): a revalidation that still matches gets the 304 the route would give, headers alike, and a plain request the
// route's bytes; never across a write or a day, never for callers with credentials, `password` or `context`.
import { expect } from 'chai';
import { startTestService, adminAuth, type TestResponse, type TestService } from '../../support/testService.ts';
import { API } from '../events/support/eventsApi.ts';

const feed = `${API}/events.ics?start_date=2026-12-01&end_date=2027-12-31`;
const today = new Date('2026-11-23T10:00:00.000Z');
/** Headers whose values belong to one request or one moment: present on both answers, equal on neither necessarily. */
const ownToEachRequest = new Set(['x-request-id', 'x-correlation-id', 'date']);

describe('kept feed answers: conditional and plain feed requests answered from what their address got', function () {
  this.timeout(60_000);
  let t: TestService;
  let eventId: number;

  const keptSoFar = async (): Promise<number> => {
    const line = (await t.request('GET', '/metrics')).text
      .split('\n')
      .find((text) => text.startsWith('cal_http_kept_answers_total '));
    return Number(line?.split(' ')[1]);
  };
  /** What `ask` answers, and whether it came from what was kept. */
  const answered = async (ask: () => Promise<TestResponse>): Promise<{ res: TestResponse; kept: boolean }> => {
    const before = await keptSoFar();
    const res = await ask();
    return { res, kept: (await keptSoFar()) === before + 1 };
  };
  const get = (path: string, headers: Record<string, string> = {}) => t.request('GET', path, { headers });
  const expectSameHeaders = (again: TestResponse, first: TestResponse, what: string): void => {
    const [firstHeaders, againHeaders] = [new Map(first.headers.entries()), new Map(again.headers.entries())];
    expect([...againHeaders.keys()].sort(), what).to.deep.equal([...firstHeaders.keys()].sort());
    for (const [name, value] of firstHeaders)
      if (!ownToEachRequest.has(name)) expect(againHeaders.get(name), `${what}: ${name}`).to.equal(value);
  };
  const created = async (title: string, status = 'publish'): Promise<number> => {
    const body = { title, start_date: '2026-12-05 20:00:00', end_date: '2026-12-05 22:00:00', status };
    const res = await t.admin('POST', `${API}/events`, { body });
    expect(res.status, res.text).to.equal(201);
    return (res.body as { id: number }).id;
  };

  before(async () => {
    t = await startTestService();
    // A clock that stands still, so that every answer of a test falls in one second; never before the publications.
    t.setNow(today);
    eventId = await created('Kept feed night');
    await created('Kept feed draft', 'draft');
  });
  after(async () => t.close());

  it('a revalidation that still matches gets from here the 304 the route gave, with the same headers', async () => {
    for (const path of [feed, `${API}/events/${eventId}.ics`]) {
      const first = await answered(() => get(path, { 'if-none-match': '*' }));
      expect(first.res.status, path).to.equal(304);
      expect(first.kept, `${path}: the first 304 comes from the route`).to.equal(false);
      const again = await answered(() => get(path, { 'if-none-match': '*', 'x-request-id': 'asked-again' }));
      expect(again.kept, `${path}: given again`).to.equal(true);
      expect(again.res.status, path).to.equal(304);
      expect(again.res.text, path).to.equal('');
      expectSameHeaders(again.res, first.res, path);
      expect(again.res.headers.get('x-request-id')).to.equal('asked-again');
    }
  });

  it('If-Modified-Since decides when no If-None-Match is sent, as the route decides', async () => {
    const lastModified = (await get(feed, { 'if-none-match': '*' })).headers.get('last-modified') as string;
    const since = await answered(() => get(feed, { 'if-modified-since': lastModified }));
    expect([since.res.status, since.kept]).to.deep.equal([304, true]);
    const earlier = new Date(Date.parse(lastModified) - 1000).toUTCString();
    const before = await answered(() => get(feed, { 'if-modified-since': earlier }));
    expect(before.res.status).to.equal(200);
    expect(before.res.text).to.include('Kept feed night');
    const bothHeaders = { 'if-none-match': 'W/"other"', 'if-modified-since': lastModified };
    const otherTag = await answered(() => get(feed, bothHeaders));
    expect(otherTag.res.status, 'If-None-Match decides alone').to.equal(200);
    expect(otherTag.kept, 'the 200 above was kept').to.equal(true);
  });

  it('a plain request gets the bytes and headers of the route, and a revalidation of them its 304', async () => {
    const path = `${feed}&search=kept`;
    const fromRoute = await answered(() => get(path, { 'if-none-match': '*' }));
    expect([fromRoute.res.status, fromRoute.kept]).to.deep.equal([304, false]);
    const first = await answered(() => get(path));
    expect([first.res.status, first.kept], 'kept validators alone do not answer a plain request').to.deep.equal([
      200,
      false,
    ]);
    expect(first.res.headers.get('content-type')).to.equal('text/calendar; charset=utf-8');
    const again = await answered(() => get(path));
    expect([again.res.status, again.kept]).to.deep.equal([200, true]);
    expect(again.res.text).to.equal(first.res.text);
    expectSameHeaders(again.res, first.res, 'plain');
    const etag = first.res.headers.get('etag') as string;
    const revalidated = await answered(() => get(path, { 'if-none-match': etag }));
    expect([revalidated.res.status, revalidated.kept]).to.deep.equal([304, true]);
    expectSameHeaders(revalidated.res, fromRoute.res, 'a 304 given from a kept 200');
  });

  it('a write retires what was kept: the next revalidation gets the new feed', async () => {
    for (let round = 0; round < 3; round++) {
      const first = await get(feed);
      await get(feed, { 'if-none-match': first.headers.get('etag') as string });
      const title = `Kept feed night take ${round}`;
      const patched = await t.admin('PATCH', `${API}/events/${eventId}`, { body: { title } });
      expect(patched.status, patched.text).to.equal(200);
      const after = await answered(() => get(feed, { 'if-none-match': first.headers.get('etag') as string }));
      expect([after.res.status, after.kept]).to.deep.equal([200, false]);
      expect(after.res.text).to.include(title);
    }
  });

  it('the next day is not answered from what was kept the day before', async () => {
    const etag = (await get(feed)).headers.get('etag') as string;
    expect((await answered(() => get(feed, { 'if-none-match': etag }))).kept).to.equal(true);
    t.setNow(new Date('2026-11-24T10:00:00.000Z'));
    const nextDay = await answered(() => get(feed, { 'if-none-match': etag }));
    expect([nextDay.res.status, nextDay.kept]).to.deep.equal([200, false]);
    t.setNow(today);
  });

  it('credentials, password and context are never answered from here, nor leave what they got', async () => {
    await get(feed, { 'if-none-match': '*' });
    for (const [path, auth] of [
      [feed, adminAuth],
      [`${feed}&password=secret`, undefined],
      [`${feed}&context=view`, undefined],
    ] as const) {
      for (let ask = 0; ask < 2; ask++) {
        const conditional = await answered(() => t.request('GET', path, { auth, headers: { 'if-none-match': '*' } }));
        expect(conditional.kept, path).to.equal(false);
        const plain = await answered(() => t.request('GET', path, { auth }));
        expect([plain.res.status, plain.kept], path).to.deep.equal([200, false]);
        expect(plain.res.text.includes('Kept feed draft'), path).to.equal(auth !== undefined);
      }
    }
  });
});
