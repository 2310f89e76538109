// Specifies the non-date filters of GET /events: search, featured, include,
// post_parent, hidden events, absent modules (docs/api.md §6, §16).
import { expect } from 'chai';
import { startTestService, type TestResponse, type TestService } from '../../support/testService.ts';
import {
  API,
  API_ROOT,
  DEFAULT_WINDOW,
  bodyOf,
  capture,
  createCaptureEvents,
  createEvent,
  envelopeOf,
  expectInvalidParams,
  expectSpecificInvalidParam,
  idsOf,
  query,
  titlesOf,
} from './support/eventsApi.ts';

describe('GET /events filters', () => {
  let t: TestService;
  let ids: { minimal: number; full: number; allDay: number };
  let old: number;
  let hidden: number;
  const list = (pairs: Record<string, string>): Promise<TestResponse> =>
    t.request('GET', `${API}/events?${query(pairs)}`);

  before(async function () {
    this.timeout(20000);
    t = await startTestService();
    ids = await createCaptureEvents(t);
    const day = { start_date: '2026-12-05 10:00:00', end_date: '2026-12-05 11:00:00' };
    await createEvent(t, {
      ...day,
      title: 'Jazz Night',
      description: 'Live music with the quartet',
      excerpt: 'Smooth evening',
    });
    await createEvent(t, { ...day, title: 'Rock Concert', description: 'Loud guitars', excerpt: 'Bring EARPLUGS' });
    await createEvent(t, { ...day, title: 'Jazz Brunch', description: 'Music and pancakes' });
    old = (
      await createEvent(t, { title: 'Old times', start_date: '2018-05-05 10:00:00', end_date: '2018-05-05 11:00:00' })
    ).id as number;
    hidden = (await createEvent(t, { ...day, title: 'Hidden Jazz', hide_from_listings: true })).id as number;
  });
  after(async () => t.close());

  describe('search', () => {
    it('finds the capture 17 event by a title word, with search in rest_url', async () => {
      const captured = capture('17');
      const res = await list({ search: 'Full' });
      expect(idsOf(res)).to.deep.equal([ids.full]);
      expect(envelopeOf(bodyOf(res))).to.deep.equal(envelopeOf(captured.response.body));
    });

    it('ignores letter case', async () => {
      expect(titlesOf(await list({ search: 'JAZZ' }))).to.deep.equal(['Jazz Night', 'Jazz Brunch']);
    });

    it('requires every term, each anywhere in the title, excerpt or description', async () => {
      expect(titlesOf(await list({ search: 'jazz quartet' }))).to.deep.equal(['Jazz Night']);
      expect(titlesOf(await list({ search: 'music live' }))).to.deep.equal(['Jazz Night']);
      expect(bodyOf(await list({ search: 'jazz quartet' })).rest_url).to.equal(
        `${API_ROOT}/events/?page=1&per_page=10&${DEFAULT_WINDOW}&search=jazz quartet&status=publish`,
      );
    });

    it('takes a double-quoted phrase as one term', async () => {
      expect(titlesOf(await list({ search: '"live music"' }))).to.deep.equal(['Jazz Night']);
      expect(titlesOf(await list({ search: '"music live"' }))).to.deep.equal([]);
    });

    it('matches the excerpt and the description', async () => {
      expect(titlesOf(await list({ search: 'earplugs' }))).to.deep.equal(['Rock Concert']);
      expect(titlesOf(await list({ search: 'pancakes' }))).to.deep.equal(['Jazz Brunch']);
    });

    it('refuses an empty search with 400', async () => {
      expectInvalidParams(await list({ search: '' }), 'search');
    });
  });

  describe('featured', () => {
    it('true keeps featured events only, shown as featured=1', async () => {
      const res = await list({ featured: 'true' });
      expect(idsOf(res)).to.deep.equal([ids.full]);
      expect(bodyOf(res).rest_url).to.equal(
        `${API_ROOT}/events/?page=1&per_page=10&${DEFAULT_WINDOW}&status=publish&featured=1`,
      );
    });

    it('false keeps the others', async () => {
      const res = await list({ featured: 'FALSE' });
      expect(idsOf(res)).to.include(ids.minimal).and.not.include(ids.full);
      expect(bodyOf(res).total).to.equal(5);
    });

    it('refuses a value that is not a boolean', async () => {
      expectInvalidParams(await list({ featured: 'maybe' }), 'featured');
    });
  });

  describe('include', () => {
    it('lists only the given ids, ignoring the date window, without dates in rest_url', async () => {
      const res = await list({ include: `${String(ids.full)},${String(old)}` });
      expect(idsOf(res)).to.deep.equal([old, ids.full]);
      expect(bodyOf(res).rest_url).to.equal(
        `${API_ROOT}/events/?page=1&per_page=10&status=publish&include=${String(ids.full)},${String(old)}`,
      );
    });

    it('ignores explicit start_date and end_date too, but not the relative filters', async () => {
      const pairs = {
        include: `${String(ids.full)}, ${String(old)}`,
        start_date: '2030-01-01',
        end_date: '2030-01-02',
      };
      expect(idsOf(await list(pairs))).to.deep.equal([old, ids.full]);
      expect(idsOf(await list({ ...pairs, starts_after: '2020-01-01' }))).to.deep.equal([ids.full]);
    });

    it('keeps the status rule: an anonymous caller does not get a draft by id', async () => {
      const draft = await createEvent(t, { title: 'Included draft', status: 'draft' });
      expect(idsOf(await list({ include: String(draft.id) }))).to.deep.equal([]);
    });

    it('accepts repeated include[] pairs and keeps the order sent in rest_url', async () => {
      const res = await t.request('GET', `${API}/events?include[]=${String(ids.full)}&include[]=${String(old)}`);
      expect(idsOf(res)).to.deep.equal([old, ids.full]);
      const reversed = await list({ include: `${String(old)},${String(ids.full)}` });
      expect(idsOf(reversed), 'still ordered by start').to.deep.equal([old, ids.full]);
      expect(bodyOf(reversed).rest_url).to.equal(
        `${API_ROOT}/events/?page=1&per_page=10&status=publish&include=${String(old)},${String(ids.full)}`,
      );
    });

    it('refuses an entry that is not a positive integer', async () => {
      expectInvalidParams(await list({ include: '1,abc' }), 'include');
    });
  });

  describe('post_parent', () => {
    it('of an existing event gives an empty list', async () => {
      const res = await list({ post_parent: String(ids.minimal) });
      expect(res.status).to.equal(200);
      expect(bodyOf(res)).to.deep.include({ events: [], total: 0, total_pages: 0 });
      expect(bodyOf(res).rest_url).to.equal(
        `${API_ROOT}/events/?page=1&per_page=10&${DEFAULT_WINDOW}&status=publish&post_parent=${String(ids.minimal)}`,
      );
    });

    it('of a missing event is refused with 400', async () => {
      expectInvalidParams(await list({ post_parent: '999999' }), 'post_parent');
    });
  });

  describe('hide_from_listings', () => {
    it('is never listed, whoever asks and however', async () => {
      expect(idsOf(await list({ search: 'jazz' }))).to.not.include(hidden);
      expect(idsOf(await t.admin('GET', `${API}/events?status=any&search=jazz`))).to.not.include(hidden);
      expect(idsOf(await list({ include: String(hidden) }))).to.deep.equal([]);
    });

    it('is still readable on its own', async () => {
      expect((await t.request('GET', `${API}/events/${String(hidden)}`)).status).to.equal(200);
    });
  });

  describe('modules that are absent', () => {
    it('ticketed=true is refused with the ticketing reason', async () => {
      expectSpecificInvalidParam(
        await list({ ticketed: 'true' }),
        'ticketed',
        'event-tickets-not-active',
        'Ticketing is not available.',
      );
    });

    it('ticketed=false matches every event and shows as ticketed=0', async () => {
      const res = await list({ ticketed: 'false' });
      expect(bodyOf(res).total).to.equal(6);
      expect(bodyOf(res).rest_url).to.equal(
        `${API_ROOT}/events/?page=1&per_page=10&${DEFAULT_WINDOW}&status=publish&ticketed=0`,
      );
    });

    it('ticketed must still be a boolean', async () => {
      expectInvalidParams(await list({ ticketed: 'maybe' }), 'ticketed');
    });

    for (const [name, value] of [
      ['geoloc', 'true'],
      ['geoloc', 'false'],
      ['geoloc_lat', '40.7'],
      ['geoloc_lng', '-74'],
    ] as const) {
      it(`${name}=${value} is refused while the extended add-on is off`, async () => {
        expectSpecificInvalidParam(
          await list({ [name]: value }),
          name,
          'extended-addon-required',
          'This parameter requires the extended add-on.',
        );
      });
    }
  });

  describe('links to terms, venues and organizers (none exist yet)', () => {
    for (const [name, value] of [
      ['categories', '1'],
      ['categories', 'workshops'],
      ['tags', 'beginner'],
      ['venue', '1'],
      ['venue', 'abc'],
      ['venue', ''],
      ['organizer', '999'],
    ] as const) {
      it(`refuses ${name}=${JSON.stringify(value)} with 400 naming ${name}`, async () => {
        expectInvalidParams(await list({ [name]: value }), name);
      });
    }
  });
});
