// First reads of a single event, venue or organizer answered before Koa (src/http/firstItemReads.ts): two servers on
// one running service's stores and clock, one answering only through Koa, the other with the kept-answer shortcut
// and its first reads; a first read gets from the shortcut the status, headers (in order), bytes, kept answer, metric
// and log line Koa gives; whatever the route would not answer from the text path goes to Koa untouched; a write
// between two first reads is seen by the second.
import { expect } from 'chai';
import { listen, type HttpServer } from '../../src/http/httpServer.ts';
import { firstItemReads } from '../../src/http/firstItemReads.ts';
import {
  capturingLogger,
  countedSince,
  keptCount,
  rawRequest,
  requestCounts,
  type LogLine,
} from './support/answerProbes.ts';
import { keptAnswerShortcut, type RequestShortcut } from '../../src/http/keptAnswerShortcut.ts';
import { seenAddresses } from '../../src/http/seenAddresses.ts';
import { createServiceMetrics } from '../../src/http/observability/metrics.ts';
import type { HttpParts } from '../../src/http/services.ts';
import { weeklyInMadrid } from '../support/recurringSeries.ts';
import { appBeside, partsBeside } from '../support/appBeside.ts';
import { adminAuth, captureTime, startTestService, type TestService } from '../support/testService.ts';
import { API, bodyOf, type JsonObject } from './events/support/eventsApi.ts';

const origin = 'https://calendar.example';
const env = { CAL_CORS_ORIGINS: origin };
const when = { start_date: '2026-12-01 10:00:00', end_date: '2026-12-01 11:00:00' };

const logFields = (line: LogLine | undefined): LogLine => {
  const { ms: _ms, time: _time, ...fields } = line ?? {};
  return fields;
};

describe('first reads of a single item before Koa: what Koa answers, without Koa', function () {
  this.timeout(60_000);
  let t: TestService;
  const clock = () => captureTime;
  let koaOnly: HttpServer;
  let withShortcut: HttpServer;
  let koaParts: HttpParts;
  let shortcutParts: HttpParts;
  const koaLog: LogLine[] = [];
  const shortcutLog: LogLine[] = [];
  const koaMetrics = createServiceMetrics(async () => ({ events: 0, seconds: 0 }));
  const shortcutMetrics = createServiceMetrics(async () => ({ events: 0, seconds: 0 }));
  /** How many requests the shortcut answered (its own answer: true). */
  let shortcutAnswers = 0;
  const ids: Record<string, number> = {};

  const created = async (path: string, body: JsonObject): Promise<number> => {
    const res = await t.admin('POST', `${API}${path}`, { body });
    expect(res.status, res.text).to.equal(201);
    return bodyOf(res).id as number;
  };
  /** Asks the shortcut's server; `answered`: whether the shortcut is to answer it (else Koa). */
  const viaShortcut = async (path: string, headers: Record<string, string> = {}, answered = true, method = 'GET') => {
    const before = shortcutAnswers;
    const answer = await rawRequest(`${withShortcut.url}${path}`, headers, method);
    expect(shortcutAnswers, `${method} ${path} ${JSON.stringify(headers)}`).to.equal(before + (answered ? 1 : 0));
    return answer;
  };

  before(async () => {
    t = await startTestService(env);
    ids.venue = await created('/venues', { venue: 'First hall' });
    ids.organizer = await created('/organizers', { organizer: 'First band' });
    ids.category = await created('/categories', { name: 'First genre' });
    const links = { venue: ids.venue, organizer: [ids.organizer], categories: [ids.category], tags: ['first'] };
    ids.linked = await created('/events', { title: 'First concert', ...when, ...links });
    ids.plain = await created('/events', { title: 'Plain first read', ...when });
    const translation = { title: 'Primera lectura', ...when, translation_of: ids.plain };
    const translated = await t.admin('POST', `/es${API}/events`, { body: translation });
    expect(translated.status, translated.text).to.equal(201);
    ids.translated = bodyOf(translated).id as number;
    ids.series = await created('/events', weeklyInMadrid('First series'));
    ids.draft = await created('/events', { title: 'First draft', status: 'draft', ...when });
    ids.locked = await created('/events', { title: 'First locked', ...when });
    const lock = { body: { password: 'sesame' } };
    expect((await t.admin('PATCH', `${API}/events/${ids.locked}`, lock)).status).to.equal(200);
    ids.trashed = await created('/events', { title: 'First trashed', ...when });
    expect((await t.admin('DELETE', `${API}/events/${ids.trashed}`)).status).to.equal(200);
    const lockedHall = await created('/venues', { venue: 'Locked hall' });
    expect((await t.admin('PATCH', `${API}/venues/${lockedHall}`, lock)).status).to.equal(200);
    ids.lockedVenue = await created('/events', { title: 'In a locked hall', venue: lockedHall, ...when });
    ids.draftHall = await created('/venues', { venue: 'Draft hall', status: 'draft' });
    ids.lockedHall = lockedHall;
    koaParts = partsBeside(t, clock, { env }).parts;
    const koaApp = appBeside(t, koaParts, clock, { logger: capturingLogger(koaLog), metrics: koaMetrics });
    koaOnly = await listen(koaApp, 0, '127.0.0.1');
    const beside = partsBeside(t, clock, { env });
    shortcutParts = beside.parts;
    await beside.users.refresh();
    withShortcut = await listen(undefined, 0, '127.0.0.1');
    const shortcut = keptAnswerShortcut({
      book: shortcutParts.keptAnswers,
      corsOrigins: shortcutParts.corsOrigins,
      metrics: shortcutMetrics,
      logger: capturingLogger(shortcutLog),
      firstRead: firstItemReads(shortcutParts, seenAddresses()),
    });
    const counted: RequestShortcut = (req, res) => {
      const answered = shortcut(req, res);
      if (answered) shortcutAnswers++;
      return answered;
    };
    withShortcut.serve(appBeside(t, shortcutParts, clock), counted);
  });
  after(async () => {
    await koaOnly?.close(0);
    await withShortcut?.close(0);
    await t?.close();
  });

  /**
   * The shortcut's first read of `path` against Koa's, to the byte, header order, kept answer, metric and log. An
   * address not asked for before is kept from its second read on and answered from kept bytes from its third;
   * `asked`: it was asked for before (at any read-model position), so its first read keeps its answer.
   */
  async function expectSameFirstRead(path: string, sent: Record<string, string>, asked = false): Promise<void> {
    const headers = { 'x-request-id': 'same-request', ...sent };
    const label = `${path} ${JSON.stringify(sent)}`;
    const [koaCountsBefore, koaKeptBefore] = [await requestCounts(koaMetrics), await keptCount(koaMetrics)];
    const koaFirst = await rawRequest(`${koaOnly.url}${path}`, headers);
    const koaCounted = countedSince(await requestCounts(koaMetrics), koaCountsBefore);
    expect(await keptCount(koaMetrics), label).to.equal(koaKeptBefore);
    const koaAgain = await rawRequest(`${koaOnly.url}${path}`, headers);
    const [countsBefore, keptBefore] = [await requestCounts(shortcutMetrics), await keptCount(shortcutMetrics)];
    const fast = await viaShortcut(path, headers);
    expect([fast.status, fast.body.toString()], label).to.deep.equal([koaFirst.status, koaFirst.body.toString()]);
    expect(fast.headers, label).to.deep.equal(koaAgain.headers);
    expect([...fast.headers].sort(), label).to.deep.equal([...koaFirst.headers].sort());
    expect(countedSince(await requestCounts(shortcutMetrics), countsBefore), label).to.deep.equal(koaCounted);
    expect(await keptCount(shortcutMetrics), `${label}: a first read is not counted as kept`).to.equal(keptBefore);
    expect(logFields(shortcutLog.at(-1)), label).to.deep.equal(logFields(koaLog.at(-2)));
    const koaKept = koaParts.keptAnswers().find(path);
    expect(koaKept, label).to.not.equal(undefined);
    const keptFirst = shortcutParts.keptAnswers().find(path);
    expect(keptFirst, `${label}: kept at once only if asked for before`).to.deep.equal(asked ? koaKept : undefined);
    const second = await viaShortcut(path, headers);
    expect(second.body.equals(fast.body), label).to.equal(true);
    expect(shortcutParts.keptAnswers().find(path), `${label}: kept as Koa keeps it`).to.deep.equal(koaKept);
    expect(await keptCount(shortcutMetrics), `${label}: second read`).to.equal(keptBefore + (asked ? 1 : 0));
    const third = await viaShortcut(path, headers);
    expect([third.status, third.body.equals(fast.body)], label).to.deep.equal([fast.status, true]);
    expect(third.headers, label).to.deep.equal(second.headers);
    expect(await keptCount(shortcutMetrics), `${label}: third read, from kept bytes`).to.equal(
      keptBefore + 1 + (asked ? 1 : 0),
    );
  }

  it('by id under each language root, linked, translated, a series, with Origin or a matching ETag', async () => {
    const of = (key: string, root = '') => `${root}${API}/events/${ids[key]}`;
    const etag = (await t.request('GET', of('plain'))).headers.get('etag') ?? '';
    expect(etag).to.match(/^W\/"\d+"$/);
    const cases: [string, Record<string, string>][] = [
      [of('linked'), {}],
      [of('linked', '/ca'), {}],
      [of('linked', '/es'), {}],
      [of('linked', '/en'), {}],
      [of('translated'), {}],
      [of('translated', '/es'), {}],
      [of('series'), {}],
      [of('plain'), { origin, 'x-correlation-id': 'business-42' }],
      [of('plain', '/ca'), { 'if-none-match': etag }],
      [of('series', '/es'), { 'if-none-match': 'W/"0"' }],
      [`${API}/venues/${ids.venue}`, {}],
      [`/ca${API}/venues/${ids.venue}`, { origin }],
      [`${API}/organizers/${ids.organizer}`, {}],
      [`/es${API}/organizers/${ids.organizer}`, {}],
    ];
    for (const [path, sent] of cases) await expectSameFirstRead(path, sent);
  });

  it('what the text path does not answer goes to Koa untouched', async () => {
    const of = (key: string) => `${API}/events/${ids[key]}`;
    const cases: [string, Record<string, string>, string?][] = [
      [`${API}/events/999999`, {}],
      [`${API}/venues/999999`, {}],
      [`${API}/organizers/${ids.venue}`, {}],
      [`${API}/venues/${ids.draftHall}`, {}],
      [`${API}/venues/${ids.lockedHall}`, {}],
      [`${API}/venues/${ids.venue}?password=sesame`, {}],
      [of('draft'), {}],
      [of('locked'), {}],
      [of('trashed'), {}],
      [of('lockedVenue'), {}],
      [`${of('plain')}?i18n_language=es`, {}],
      [`${of('plain')}/`, {}],
      [`${API}/events/0${ids.plain}`, {}],
      [`${API}/Events/${ids.plain}`, {}],
      [`${of('series')}`, { authorization: adminAuth }],
      [`${of('linked')}`, {}, 'HEAD'],
    ];
    for (const [path, sent, method] of cases) {
      const headers = { 'x-request-id': 'same-request', ...sent };
      const label = `${method ?? 'GET'} ${path} ${JSON.stringify(headers)}`;
      const koa = await rawRequest(`${koaOnly.url}${path}`, headers, method);
      const answer = await viaShortcut(path, headers, false, method);
      expect([answer.status, answer.body.toString()], label).to.deep.equal([koa.status, koa.body.toString()]);
      expect([...answer.headers].sort(), label).to.deep.equal([...koa.headers].sort());
    }
  });

  it('a read model failing in the first read: Koa reads again and answers, the server stays up', async () => {
    const now = t.service.readStore.readsNow?.events;
    if (now === undefined) throw new Error('the memory read model answers in the calling turn');
    const original = now.get.bind(now);
    /** The real collection, failing at its `failing` calls (counted from 1). */
    const failAt = (failing: (call: number) => boolean) => {
      let calls = 0;
      now.get = (id) => {
        calls += 1;
        if (failing(calls)) throw new Error('injected read failure');
        return original(id);
      };
    };
    const path = `/es${API}/events/${ids.plain}`;
    // The series' first occurrence, read nowhere before: the failed read keeps nothing, the next is a first read.
    const occurrence = `${API}/events/${(ids.series as number) + 1}`;
    const koa = await rawRequest(`${koaOnly.url}${path}`);
    try {
      failAt((call) => call === 1);
      const answer = await viaShortcut(path, {}, false);
      expect([answer.status, answer.body.toString()]).to.deep.equal([200, koa.body.toString()]);
      failAt(() => true);
      const failed = await viaShortcut(occurrence, {}, false);
      expect(failed.status).to.equal(500);
      expect(JSON.parse(failed.body.toString())).to.include({ code: 'rest_internal_error' });
    } finally {
      now.get = original;
    }
    // Asked for by the failed reads: kept from its first answer.
    await expectSameFirstRead(occurrence, {}, true);
  });

  it('a write between two first reads: the second shows it, its venue changed too', async () => {
    const path = `${API}/events/${ids.linked}`;
    await viaShortcut(path);
    await viaShortcut(path);
    const renamed = await t.admin('PATCH', path, { body: { title: 'First concert, renamed' } });
    expect(renamed.status).to.equal(200);
    const afterWrite = (await viaShortcut(path)).body.toString();
    expect(afterWrite).to.include('First concert, renamed');
    expect(await keptCount(shortcutMetrics)).to.be.greaterThan(0);
    const moved = await t.admin('PATCH', `${API}/venues/${ids.venue}`, { body: { venue: 'First hall, rebuilt' } });
    expect(moved.status).to.equal(200);
    expect((await viaShortcut(path)).body.toString()).to.include('First hall, rebuilt');
    await expectSameFirstRead(`/ca${path}`, {}, true);
    const hall = `${API}/venues/${ids.venue}`;
    await viaShortcut(hall);
    const renamedHall = await t.admin('PATCH', hall, { body: { venue: 'First hall, renamed' } });
    expect(renamedHall.status).to.equal(200);
    expect((await viaShortcut(hall)).body.toString()).to.include('First hall, renamed');
  });

  it('an address read once keeps nothing; read again it is kept, and a write retires its kept bytes', async () => {
    const id = await created('/events', { title: 'Read once, then again', ...when, venue: ids.venue as number });
    const path = `${API}/events/${id}`;
    const ownFragments = shortcutParts.singleFragments.of(shortcutParts.settings.addresses['']).events;
    const fragmentsBefore = ownFragments.size;
    const keptBefore = await keptCount(shortcutMetrics);
    const first = await viaShortcut(path);
    expect(first.status).to.equal(200);
    expect(shortcutParts.keptAnswers().find(path), 'book after one read').to.equal(undefined);
    expect(ownFragments.size, 'own fragment after one read').to.equal(fragmentsBefore);
    const second = await viaShortcut(path);
    expect(second.body.equals(first.body)).to.equal(true);
    expect(shortcutParts.keptAnswers().find(path)?.body?.equals(first.body), 'book after two reads').to.equal(true);
    expect(ownFragments.size, 'own fragment after two reads').to.equal(fragmentsBefore + 1);
    await viaShortcut(path);
    expect(await keptCount(shortcutMetrics), 'the third from kept bytes').to.equal(keptBefore + 1);
    const renamed = await t.admin('PATCH', path, { body: { title: 'Read once, then renamed' } });
    expect(renamed.status).to.equal(200);
    const afterWrite = await viaShortcut(path);
    expect(afterWrite.body.toString()).to.include('Read once, then renamed');
    expect(await keptCount(shortcutMetrics), 'after the write: rendered again').to.equal(keptBefore + 1);
    expect(shortcutParts.keptAnswers().find(path)?.body?.equals(afterWrite.body), 'kept at once').to.equal(true);
    expect((await viaShortcut(path)).body.equals(afterWrite.body)).to.equal(true);
    expect(await keptCount(shortcutMetrics)).to.equal(keptBefore + 2);
  });

  it('a term count or a lock on a linked venue changed between first reads: the next read shows it', async () => {
    const genre = await created('/categories', { name: 'Counted genre' });
    const hall = await created('/venues', { venue: 'Soon locked hall' });
    const links = { categories: [genre], venue: hall };
    const first = await created('/events', { title: 'Counted first', ...when, ...links });
    const path = `${API}/events/${first}`;
    const countIn = (body: Buffer) => (JSON.parse(body.toString()) as { categories: { count: number }[] }).categories;
    expect(countIn((await viaShortcut(path)).body)[0]?.count).to.equal(1);
    expect(countIn((await viaShortcut(`${API}/events/${ids.plain}`)).body)).to.deep.equal([]);
    await created('/events', { title: 'Counted second', ...when, ...links });
    const counted = await viaShortcut(path);
    expect(countIn(counted.body)[0]?.count, 'after another event in the category').to.equal(2);
    const koa = await rawRequest(`${koaOnly.url}${path}`);
    expect(counted.body.toString()).to.equal(koa.body.toString());
    const lock = await t.admin('PATCH', `${API}/venues/${hall}`, { body: { password: 'sesame' } });
    expect(lock.status).to.equal(200);
    const locked = await viaShortcut(path, {}, false);
    expect(locked.body.toString(), 'the locked venue blanked by Koa').to.equal(
      (await rawRequest(`${koaOnly.url}${path}`)).body.toString(),
    );
  });

  it('first reads racing writes: reads sent after a write was answered show it (repeated)', async () => {
    const paths = ['plain', 'linked', 'series'].map((key) => `${API}/events/${ids[key]}`);
    for (let round = 0; round < 8; round++) {
      const title = `Raced first read ${round}`;
      let written = false;
      const read = (path: string) => rawRequest(`${withShortcut.url}${path}`);
      const racing = (async () => {
        while (!written) await Promise.all(paths.map(read));
      })();
      const res = await t.admin('PATCH', paths[round % 3] as string, { body: { title } });
      expect(res.status).to.equal(200);
      written = true;
      const after = await Promise.all(Array.from({ length: 4 }, () => read(paths[round % 3] as string)));
      for (const answer of after) expect(answer.body.toString(), `round ${round}`).to.include(title);
      await racing;
    }
  });
});
