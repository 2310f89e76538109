// Specifies partial updates by id and slug through POST, PUT and
// PATCH, with If-Match and permissions (docs/api.md §10.1, §2, E8).
import { expect } from 'chai';
import { startTestService, type TestService } from '../../support/testService.ts';
import {
  ADMIN_ITEM_ALLOW,
  API,
  bodyOf,
  capture,
  createEvent,
  expectEndBeforeStart,
  expectError,
  renumbered,
  type JsonObject,
} from './support/eventsApi.ts';

/** The fields of an event a write may change without being asked to. */
function stable(body: JsonObject): JsonObject {
  const { modified: _m, modified_utc: _mu, ...rest } = body;
  return rest;
}

describe('Updating an event (POST, PUT, PATCH on /events/{id} and /events/by-slug/{slug})', () => {
  let t: TestService;
  before(async function () {
    this.timeout(20000);
    t = await startTestService();
  });
  after(async () => t.close());
  beforeEach(() => t.setNow(new Date('2026-11-22T10:52:29Z')));

  it('renames as capture 27 does, but keeps the publication date and the website fallback', async () => {
    const minimal = await createEvent(t, capture('09').request.body ?? {});
    t.setNow(new Date('2026-11-22T10:52:32Z'));
    const update = capture('27');
    const res = await t.admin('POST', `${API}/events/${String(minimal.id)}`, { body: update.request.body });
    expect(res.status).to.equal(200);
    expect(res.headers.get('allow')).to.equal(ADMIN_ITEM_ALLOW);
    const expected: JsonObject = {
      ...renumbered(update.response.body, minimal.id as number),
      date: '2026-11-22 10:52:29',
      date_utc: '2026-11-22 10:52:29',
      website: 'http://localhost:8080/event/minimal-event/',
    };
    expect(res.body).to.deep.equal(expected);
    expect(Object.keys(bodyOf(res))).to.deep.equal(Object.keys(expected));
  });

  for (const method of ['POST', 'PUT', 'PATCH']) {
    it(`${method} is a partial update: fields not sent keep their values, only modified changes`, async () => {
      const created = await createEvent(t, {
        title: `Rich ${method}`,
        description: 'Body',
        excerpt: 'Short',
        timezone: 'America/New_York',
        cost: '10',
        website: 'https://example.com/rich',
        featured: true,
        show_map: true,
        sticky: true,
        all_day: false,
        date: '2026-11-01 09:00:00',
      });
      t.setNow(new Date('2026-11-22T11:00:00Z'));
      const res = await t.admin(method, `${API}/events/${String(created.id)}`, {
        body: { title: `Renamed ${method}` },
      });
      expect(res.status, res.text).to.equal(200);
      const body = bodyOf(res);
      expect(stable(body)).to.deep.equal({ ...stable(created), title: `Renamed ${method}` });
      expect(body).to.include({ modified: '2026-11-22 11:00:00', modified_utc: '2026-11-22 11:00:00' });
    });
  }

  it('keeps the local times and recomputes utc_* when only the time zone changes', async () => {
    const created = await createEvent(t, {
      title: 'Moving zone',
      start_date: '2026-11-25 10:00:00',
      end_date: '2026-11-25 12:00:00',
    });
    const res = await t.admin('PATCH', `${API}/events/${String(created.id)}`, {
      body: { timezone: 'America/New_York' },
    });
    expect(bodyOf(res)).to.include({
      start_date: '2026-11-25 10:00:00',
      end_date: '2026-11-25 12:00:00',
      utc_start_date: '2026-11-25 15:00:00',
      utc_end_date: '2026-11-25 17:00:00',
      timezone: 'America/New_York',
      timezone_abbr: 'EST',
    });
  });

  it('accepts one date alone and checks it against the stored other one', async () => {
    const created = await createEvent(t, {
      title: 'One date',
      start_date: '2026-11-25 10:00:00',
      end_date: '2026-11-25 12:00:00',
    });
    const later = await t.admin('PATCH', `${API}/events/${String(created.id)}`, {
      body: { end_date: '2026-11-25 18:00:00' },
    });
    expect(bodyOf(later)).to.include({ start_date: '2026-11-25 10:00:00', end_date: '2026-11-25 18:00:00' });
    const tooEarly = await t.admin('PATCH', `${API}/events/${String(created.id)}`, {
      body: { end_date: '2026-11-25 09:00:00' },
    });
    expectEndBeforeStart(tooEarly, 'end_date');
    expect(tooEarly.headers.get('allow')).to.equal(ADMIN_ITEM_ALLOW);
    const startTooLate = await t.admin('PATCH', `${API}/events/${String(created.id)}`, {
      body: { start_date: '2026-11-26 09:00:00' },
    });
    expectEndBeforeStart(startTooLate, 'start_date');
    const read = await t.request('GET', `${API}/events/${String(created.id)}`);
    expect(bodyOf(read).end_date, 'nothing was written').to.equal('2026-11-25 18:00:00');
  });

  it('re-normalises the stored dates to whole days on all_day: true without dates', async () => {
    const created = await createEvent(t, {
      title: 'Becomes all day',
      start_date: '2026-12-01 10:00:00',
      end_date: '2026-12-02 11:00:00',
    });
    const res = await t.admin('PATCH', `${API}/events/${String(created.id)}`, { body: { all_day: true } });
    expect(bodyOf(res)).to.include({
      all_day: true,
      start_date: '2026-12-01 00:00:00',
      end_date: '2026-12-02 23:59:59',
    });
  });

  it(
    'moves a published event to future when its date is set ahead, and back to publish when set ' + 'in the past',
    async () => {
      const created = await createEvent(t, { title: 'Rescheduled publication' });
      const path = `${API}/events/${String(created.id)}`;
      const ahead = bodyOf(await t.admin('PATCH', path, { body: { date: '2027-01-01 00:00:00' } }));
      expect(ahead).to.include({
        status: 'future',
        url: `http://localhost:8080/?post_type=cal_events&p=${String(created.id)}`,
      });
      const back = bodyOf(await t.admin('PATCH', path, { body: { date: '2026-01-01 00:00:00' } }));
      expect(back).to.include({
        status: 'publish',
        date: '2026-01-01 00:00:00',
        url: 'http://localhost:8080/event/rescheduled-publication/',
      });
      const future = bodyOf(await t.admin('PATCH', path, { body: { status: 'future' } }));
      expect(future.status, 'future with a past date is stored as publish').to.equal('publish');
    },
  );

  it('blanks description and excerpt with ""', async () => {
    const created = await createEvent(t, { title: 'Blankable', description: 'D', excerpt: 'E' });
    const res = await t.admin('PATCH', `${API}/events/${String(created.id)}`, {
      body: { description: '', excerpt: '' },
    });
    expect(bodyOf(res)).to.include({ description: '', excerpt: '' });
  });

  // docs/architecture.md §5: a lost race retries the decision, and `could-not-update-event` cannot be
  // triggered by input (§13.2); each write's answer shows that write, with the revision it produced as ETag.
  it('answers each of 20 concurrent updates with 200, its own write and its own revision', async function () {
    this.timeout(10000);
    const created = await createEvent(t, { title: 'Busy' });
    const path = `${API}/events/${String(created.id)}`;
    const titles = Array.from({ length: 20 }, (_, n) => `Busy ${String(n + 1)}`);
    const results = await Promise.all(titles.map((title) => t.admin('PATCH', path, { body: { title } })));
    expect(results.map((res) => `${String(res.status)} ${String(bodyOf(res).code ?? '')}`)).to.deep.equal(
      titles.map(() => '200 '),
    );
    expect(
      results.map((res) => bodyOf(res).title),
      'each answer shows its own title',
    ).to.deep.equal(titles);
    const revisions = results.map((res) => Number(/^W\/"(\d+)"$/.exec(res.headers.get('etag') ?? '')?.[1]));
    expect([...revisions].sort((a, b) => a - b)).to.deep.equal(titles.map((_, n) => n + 1));
    expect((await t.request('GET', path)).headers.get('etag')).to.equal('W/"20"');
  });

  it('changes the slug when the body sends one', async () => {
    const created = await createEvent(t, { title: 'Slug change' });
    const res = await t.admin('PUT', `${API}/events/${String(created.id)}`, { body: { slug: 'A Better Slug' } });
    expect(bodyOf(res)).to.include({ slug: 'a-better-slug', url: 'http://localhost:8080/event/a-better-slug/' });
    expect((await t.request('GET', `${API}/events/by-slug/a-better-slug`)).status).to.equal(200);
  });

  it('locates the event by the path slug and renames it with the body slug', async () => {
    const created = await createEvent(t, { title: 'By slug', slug: 'old-path-slug' });
    const res = await t.admin('POST', `${API}/events/by-slug/old-path-slug`, {
      body: { slug: 'new-path-slug', title: 'By slug, renamed' },
    });
    expect(res.status, res.text).to.equal(200);
    expect(bodyOf(res)).to.include({ id: created.id, slug: 'new-path-slug', title: 'By slug, renamed' });
    const renamed = await t.request('GET', `${API}/events/by-slug/new-path-slug`);
    expect(bodyOf(renamed).id).to.equal(created.id);
    expect((await t.request('GET', `${API}/events/by-slug/old-path-slug`)).status).to.equal(400);
  });

  it('updates by slug without renaming when the body has no slug', async () => {
    const created = await createEvent(t, { title: 'Slug stays', slug: 'slug-stays' });
    const res = await t.admin('PATCH', `${API}/events/by-slug/slug-stays`, { body: { featured: true } });
    expect(bodyOf(res)).to.include({ id: created.id, slug: 'slug-stays', featured: true });
  });

  it('succeeds with If-Match naming the current ETag and answers with the next ETag', async () => {
    const created = await createEvent(t, { title: 'Versioned' });
    const path = `${API}/events/${String(created.id)}`;
    const etag = (await t.request('GET', path)).headers.get('etag') ?? '';
    expect(etag).to.equal('W/"0"');
    const res = await t.admin('PATCH', path, { body: { title: 'Versioned 2' }, headers: { 'if-match': etag } });
    expect(res.status).to.equal(200);
    expect(res.headers.get('etag')).to.equal('W/"1"');
    expect((await t.request('GET', path)).headers.get('etag')).to.equal('W/"1"');
  });

  it('refuses a stale If-Match with 412 and writes nothing', async () => {
    const created = await createEvent(t, { title: 'Contended' });
    const path = `${API}/events/${String(created.id)}`;
    await t.admin('PATCH', path, { body: { title: 'Contended 2' } });
    const res = await t.admin('PATCH', path, { body: { title: 'Lost update' }, headers: { 'if-match': 'W/"0"' } });
    expect(res.status).to.equal(412);
    const body = bodyOf(res);
    expect(Object.keys(body)).to.deep.equal(['code', 'message', 'data']);
    expect(body.data).to.deep.equal({ status: 412 });
    expect(bodyOf(await t.request('GET', path)).title).to.equal('Contended 2');
  });

  it('refuses an anonymous update with 401 rest_forbidden and Allow: GET', async () => {
    const created = await createEvent(t, { title: 'Not yours' });
    for (const method of ['POST', 'PUT', 'PATCH']) {
      const res = await t.request(method, `${API}/events/${String(created.id)}`, { body: { title: 'Hijacked' } });
      expectError(res, 401, 'rest_forbidden', 'Sorry, you are not allowed to do that.');
      expect(res.headers.get('allow')).to.equal('GET');
    }
    expect(bodyOf(await t.request('GET', `${API}/events/${String(created.id)}`)).title).to.equal('Not yours');
  });

  it('answers an update of a missing id with 404 for the administrator and 401 for anonymous callers', async () => {
    const admin = await t.admin('PATCH', `${API}/events/999999`, { body: { title: 'Ghost' } });
    expectError(admin, 404, 'rest-event-not-found', 'Event with ID 999999 does not exist.');
    const anonymous = await t.request('PATCH', `${API}/events/999999`, { body: { title: 'Ghost' } });
    expectError(anonymous, 401, 'rest_forbidden');
  });

  it('refuses invalid fields of an update with 400 naming them', async () => {
    const created = await createEvent(t, { title: 'Valid' });
    const res = await t.admin('PATCH', `${API}/events/${String(created.id)}`, {
      body: { title: '', featured: 'maybe', website: 'example.com' },
    });
    expect(res.status).to.equal(400);
    expect(Object.keys(bodyOf(res).data as JsonObject)).to.deep.equal(['status', 'params', 'details']);
    expect(Object.keys((bodyOf(res).data as JsonObject).params as JsonObject)).to.have.members([
      'title',
      'featured',
      'website',
    ]);
  });

  it('answers a read right after an update with the updated event (read-your-writes)', async () => {
    const created = await createEvent(t, { title: 'Before' });
    const updated = await t.admin('PATCH', `${API}/events/${String(created.id)}`, { body: { title: 'After' } });
    const read = await t.request('GET', `${API}/events/${String(created.id)}`);
    const { json_ld: _ld, ...body } = bodyOf(read);
    expect(body).to.deep.equal(updated.body);
    const list = await t.request('GET', `${API}/events?search=After`);
    expect(bodyOf(list).total).to.equal(1);
  });
});
