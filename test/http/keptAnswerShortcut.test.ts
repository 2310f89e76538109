// Kept answers given before Koa (src/http/keptAnswerShortcut.ts): two servers on one running service's stores and
// clock, one answering only through Koa, the other with the shortcut first; every address gets from the shortcut
// the status, headers (names, values and order) and bytes Koa gives when it answers again, with its metric and log
// line; whatever is unusual still goes the full path.
import { expect } from 'chai';
import { listen, type HttpServer } from '../../src/http/httpServer.ts';
import {
  capturingLogger,
  countedSince,
  keptCount,
  rawRequest,
  requestCounts,
  type LogLine,
  type RawAnswer,
} from './support/answerProbes.ts';
import { keptAnswerShortcut } from '../../src/http/keptAnswerShortcut.ts';
import { createServiceMetrics } from '../../src/http/observability/metrics.ts';
import { appBeside, partsBeside } from '../support/appBeside.ts';
import { adminAuth, captureTime, startTestService, type TestService } from '../support/testService.ts';
import { API, bodyOf, type JsonObject } from './events/support/eventsApi.ts';

const origin = 'https://calendar.example';
const env = { CAL_CORS_ORIGINS: origin };
const when = { start_date: '2026-12-01 10:00:00', end_date: '2026-12-01 11:00:00' };

describe('kept answers before Koa: the same answers as Koa gives again, without Koa', function () {
  this.timeout(60_000);
  let t: TestService;
  let now = captureTime;
  const clock = () => now;
  let koaOnly: HttpServer;
  let withShortcut: HttpServer;
  const koaLog: LogLine[] = [];
  const shortcutLog: LogLine[] = [];
  const koaMetrics = createServiceMetrics(async () => ({ events: 0, seconds: 0 }));
  /** The metrics of the shortcut alone: what it answered, none of what Koa answered beside it. */
  const shortcutMetrics = createServiceMetrics(async () => ({ events: 0, seconds: 0 }));
  let ids: Record<'venue' | 'category' | 'event', number>;

  const created = async (path: string, body: JsonObject): Promise<JsonObject> => {
    const res = await t.admin('POST', `${API}${path}`, { body });
    expect(res.status, res.text).to.equal(201);
    return bodyOf(res);
  };
  const setNow = (date: Date) => {
    now = date;
    t.setNow(date);
  };
  /** Asks the shortcut's server; `shortcut`: whether the shortcut is to answer it (else Koa). */
  const viaShortcut = async (path: string, headers: Record<string, string> = {}, shortcut = true, method = 'GET') => {
    const before = await keptCount(shortcutMetrics);
    const answer = await rawRequest(`${withShortcut.url}${path}`, headers, method);
    expect(await keptCount(shortcutMetrics), `${method} ${path} ${JSON.stringify(headers)}`).to.equal(
      before + (shortcut ? 1 : 0),
    );
    return answer;
  };

  before(async () => {
    t = await startTestService(env);
    const venue = await created('/venues', { venue: 'Shortcut hall' });
    const category = await created('/categories', { name: 'Shortcut genre' });
    const links = { venue: venue.id, categories: [category.id] } as JsonObject;
    const event = await created('/events', { title: 'Shortcut concert', ...when, ...links });
    expect((await t.admin('POST', `/es${API}/events`, { body: { title: 'Concierto', ...when } })).status).to.equal(201);
    ids = { venue: venue.id as number, category: category.id as number, event: event.id as number };
    const koaParts = partsBeside(t, clock, { env }).parts;
    koaOnly = await listen(
      appBeside(t, koaParts, clock, { logger: capturingLogger(koaLog), metrics: koaMetrics }),
      0,
      '127.0.0.1',
    );
    const { parts, users } = partsBeside(t, clock, { env });
    await users.refresh();
    withShortcut = await listen(undefined, 0, '127.0.0.1');
    const shortcut = keptAnswerShortcut({
      book: parts.keptAnswers,
      corsOrigins: parts.corsOrigins,
      metrics: shortcutMetrics,
      logger: capturingLogger(shortcutLog),
    });
    withShortcut.serve(appBeside(t, parts, clock), shortcut);
  });
  after(async () => {
    await koaOnly?.close(0);
    await withShortcut?.close(0);
    await t?.close();
  });

  it('every kept address: the status, ordered headers and bytes Koa gives again, its metric and log line', async () => {
    const feed = `${API}/events.ics`;
    const feedTag = (await rawRequest(`${koaOnly.url}${feed}`)).headers;
    const etag = feedTag[feedTag.findIndex((name) => name.toLowerCase() === 'etag') + 1] as string;
    const listTag = (await rawRequest(`${koaOnly.url}${API}/venues`)).headers;
    const venuesEtag = listTag[listTag.findIndex((name) => name.toLowerCase() === 'etag') + 1] as string;
    const cases: [string, Record<string, string>][] = [
      [`${API}/events`, {}],
      [`${API}/events?venue=${ids.venue}`, {}],
      [`${API}/events?categories=${ids.category}&start_date=2026-11-01&end_date=2026-12-31`, {}],
      [`${API}/events?per_page=1&search=concert`, {}],
      [`/es${API}/events`, {}],
      [`${API}/venues`, {}],
      [`${API}/venues`, { 'if-none-match': venuesEtag }],
      [`${API}/categories`, {}],
      [`${API}/categories`, { origin }],
      [`${API}/events/${ids.event}`, {}],
      [`${API}/events/${ids.event}`, { origin, 'x-correlation-id': 'business-42' }],
      [feed, {}],
      [feed, { 'if-none-match': etag }],
      [feed, { 'if-modified-since': new Date(now.getTime() + 60_000).toUTCString() }],
    ];
    const asked = new Set<string>();
    for (const [path, sent] of cases) {
      const headers = { 'x-request-id': 'same-request', ...sent };
      const label = `${path} ${JSON.stringify(sent)}`;
      const koaFirst = await rawRequest(`${koaOnly.url}${path}`, headers);
      const [koaKeptBefore, koaCountsBefore] = [await keptCount(koaMetrics), await requestCounts(koaMetrics)];
      const koaAgain = await rawRequest(`${koaOnly.url}${path}`, headers);
      expect(await keptCount(koaMetrics), `${label}: Koa answered again from kept bytes`).to.equal(koaKeptBefore + 1);
      // An address asked before (with other headers) was kept then, and is answered by the shortcut already.
      await viaShortcut(path, headers, asked.has(path));
      asked.add(path);
      const countsBefore = await requestCounts(shortcutMetrics);
      const logged = shortcutLog.length;
      const fast = await viaShortcut(path, headers);
      expect(fast.status, label).to.equal(koaAgain.status);
      expect(fast.headers, label).to.deep.equal(koaAgain.headers);
      expect(fast.body.equals(koaAgain.body), label).to.equal(true);
      expect([fast.status, fast.body.toString()], label).to.deep.equal([koaFirst.status, koaFirst.body.toString()]);
      expect([...fast.headers].sort(), label).to.deep.equal([...koaFirst.headers].sort());
      expect(countedSince(await requestCounts(shortcutMetrics), countsBefore), label).to.deep.equal(
        countedSince(await requestCounts(koaMetrics), koaCountsBefore),
      );
      expect(shortcutLog.length, label).to.equal(logged + 1);
      const { ms: _koaMs, time: _koaTime, ...koaFields } = koaLog.at(-1) as LogLine;
      const { ms: _ms, time: _time, ...fastFields } = shortcutLog.at(-1) as LogLine;
      expect(fastFields, label).to.deep.equal(koaFields);
    }
  });

  it('ids: a fresh request id, the correlation id following it, unless acceptable ones are sent', async () => {
    const path = `${API}/events?venue=${ids.venue}`;
    await rawRequest(`${withShortcut.url}${path}`);
    const idsOf = (answer: RawAnswer) => [1, 3].map((at) => answer.headers[at]);
    const [requestId, correlationId] = idsOf(await viaShortcut(path));
    expect(requestId).to.match(/^[0-9a-f-]{36}$/);
    expect(correlationId).to.equal(requestId);
    const sent = { 'x-request-id': 'req-1', 'x-correlation-id': 'not acceptable!' };
    const [echoed, following] = idsOf(await viaShortcut(path, sent));
    expect([echoed, following]).to.deep.equal(['req-1', 'req-1']);
    expect(shortcutLog.at(-1)).to.include({ reqId: 'req-1', correlationId: 'req-1', status: 200, method: 'GET' });
  });

  it('concurrent answers from one kept answer each carry their own ids (repeated)', async () => {
    const path = `${API}/events?venue=${ids.venue}`;
    await rawRequest(`${withShortcut.url}${path}`);
    for (let round = 0; round < 5; round++) {
      const sent = Array.from({ length: 24 }, (_, n) => (n % 3 === 0 ? undefined : `round-${round}-req-${n}`));
      const answers = await Promise.all(
        sent.map((id) => rawRequest(`${withShortcut.url}${path}`, id === undefined ? {} : { 'x-request-id': id })),
      );
      const got = answers.map((answer) => [answer.headers[1], answer.headers[3]]);
      sent.forEach((id, n) => {
        if (id !== undefined) expect(got[n], `round ${round}`).to.deep.equal([id, id]);
        else expect(got[n]?.[1], `round ${round}`).to.equal(got[n]?.[0]);
      });
      expect(new Set(got.map(([requestId]) => requestId)).size, `round ${round}`).to.equal(sent.length);
    }
  });

  it('credentials, password, context, an origin not allowed, HEAD and OPTIONS go the full path', async () => {
    const path = `${API}/events/${ids.event}`;
    await rawRequest(`${withShortcut.url}${path}`);
    await viaShortcut(path);
    const asAdmin = await viaShortcut(path, { authorization: adminAuth }, false);
    expect(asAdmin.status).to.equal(200);
    expect(
      asAdmin.headers.some((value) => value.includes('private')),
      'Cache-Control: private',
    ).to.equal(true);
    expect((await viaShortcut(`${path}?password=sesame`, {}, false)).status).to.equal(200);
    expect((await viaShortcut(`${path}?password=sesame`, {}, false)).status).to.equal(200);
    expect((await viaShortcut(`${path}?context=view`, {}, false)).status).to.equal(200);
    const elsewhere = await viaShortcut(path, { origin: 'https://elsewhere.example' }, false);
    expect(elsewhere.status).to.equal(200);
    expect(elsewhere.headers).not.to.include('Access-Control-Allow-Origin');
    const head = await viaShortcut(path, {}, false, 'HEAD');
    expect([head.status, head.body.length]).to.deep.equal([200, 0]);
    expect(
      (await viaShortcut(path, { 'access-control-request-method': 'GET', origin }, false, 'OPTIONS')).status,
    ).to.be.oneOf([200, 204]);
  });

  it('a write retires what it changes: the next read is answered by Koa, from after it', async () => {
    const path = `${API}/venues`;
    await rawRequest(`${withShortcut.url}${path}`);
    await viaShortcut(path);
    await created('/venues', { venue: 'Written after' });
    expect((await viaShortcut(path, {}, false)).body.toString()).to.include('Written after');
    expect((await viaShortcut(path)).body.toString()).to.include('Written after');
  });

  it('a list is given again only within its clock second; a single item in later seconds too', async () => {
    const [list, item] = [`${API}/events?per_page=5`, `${API}/events/${ids.event}`];
    setNow(new Date('2026-11-22T10:52:40.100Z'));
    await rawRequest(`${withShortcut.url}${list}`);
    await rawRequest(`${withShortcut.url}${item}`);
    setNow(new Date('2026-11-22T10:52:40.900Z'));
    await viaShortcut(list);
    setNow(new Date('2026-11-22T10:52:41.000Z'));
    await viaShortcut(list, {}, false);
    await viaShortcut(list);
    await viaShortcut(item);
    setNow(captureTime);
  });

  it('reads racing writes via the shortcut: reads sent after a write was answered show it (repeated)', async () => {
    const list = `${API}/venues?per_page=50`;
    for (let round = 0; round < 8; round++) {
      const name = `Raced shortcut hall ${round}`;
      let written = false;
      const read = () => rawRequest(`${withShortcut.url}${list}`);
      const racing = (async () => {
        while (!written) await Promise.all([read(), read()]);
      })();
      await created('/venues', { venue: name });
      written = true;
      const after = await Promise.all(Array.from({ length: 6 }, read));
      for (const answer of after) expect(answer.body.toString(), `round ${round}`).to.include(name);
      await racing;
    }
  });
});
