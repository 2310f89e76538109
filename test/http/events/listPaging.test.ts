// Specifies the GET /events envelope, paging, links, ordering and default date window (docs/api.md §5, §6, E1, E5).
import { expect } from 'chai';
import { startTestService, type TestService } from '../../support/testService.ts';
import {
  API,
  API_ROOT,
  DEFAULT_WINDOW,
  bodyOf,
  capture,
  createCaptureEvents,
  createEvent,
  envelopeOf,
  eventsOf,
  expectError,
  idsOf,
  titlesOf,
} from './support/eventsApi.ts';

const PAGED = 'per_page=1&start_date=2026-11-21+00%3A00%3A00&end_date=2028-11-22+23%3A59%3A59&status=publish';

/** The events list links its calendar feed with the filters sent (docs/api.md §21.1); these requests send none. */
const FEED_LINK = `<${API_ROOT}/events.ics>; rel="alternate"; type="text/calendar"`;

describe('GET /events envelope and paging', () => {
  let t: TestService;
  before(async function () {
    this.timeout(20000);
    t = await startTestService();
  });
  after(async () => t.close());

  it('answers an empty list exactly as capture 03, with zero counts and no Link', async () => {
    const res = await t.request('GET', `${API}/events`);
    expect(res.status).to.equal(200);
    expect(res.body).to.deep.equal(capture('03').response.body);
    expect(Object.keys(bodyOf(res))).to.deep.equal(['events', 'rest_url', 'total', 'total_pages']);
    expect(res.headers.get('allow')).to.equal('GET');
    expect(res.headers.get('content-type')).to.equal('application/json; charset=UTF-8');
    expect(res.headers.get('x-cal-total')).to.equal('0');
    expect(res.headers.get('x-cal-totalpages')).to.equal('0');
    // Only the calendar feed of the same filters (docs/api.md §21.1): no page links.
    expect(res.headers.get('link')).to.equal(FEED_LINK);
  });

  describe('with the three events of capture 15', () => {
    before(async () => {
      await createCaptureEvents(t);
    });

    it('lists them by start date with the capture 15 rest_url and counts', async () => {
      const res = await t.request('GET', `${API}/events`);
      const listed = capture('15').response.body;
      expect(idsOf(res)).to.deep.equal([1, 2, 3]);
      expect(titlesOf(res)).to.deep.equal(['Minimal Event', 'Full Event', 'All Day Event']);
      expect(envelopeOf(bodyOf(res))).to.deep.equal(envelopeOf(listed));
      expect(res.headers.get('x-cal-total')).to.equal('3');
      expect(res.headers.get('x-cal-totalpages')).to.equal('1');
      expect(res.headers.get('link')).to.equal(FEED_LINK);
    });

    it('lists each event in its single-read form without json_ld', async () => {
      const res = await t.request('GET', `${API}/events`);
      for (const event of eventsOf(res)) {
        const { json_ld: _ld, ...single } = bodyOf(await t.request('GET', `${API}/events/${String(event.id)}`));
        expect(event).to.deep.equal(single);
        expect(Object.keys(event)).to.deep.equal(Object.keys(single));
      }
    });

    it('answers per_page=1&page=2 as capture 16, with the E5 Link header', async () => {
      const res = await t.request('GET', `${API}/events?per_page=1&page=2`);
      expect(res.status).to.equal(200);
      expect(idsOf(res)).to.deep.equal([2]);
      expect(envelopeOf(bodyOf(res))).to.deep.equal(envelopeOf(capture('16').response.body));
      expect(Object.keys(bodyOf(res))).to.deep.equal([
        'events',
        'rest_url',
        'next_rest_url',
        'previous_rest_url',
        'total',
        'total_pages',
      ]);
      expect(res.headers.get('x-cal-total')).to.equal('3');
      expect(res.headers.get('x-cal-totalpages')).to.equal('3');
      expect(res.headers.get('link')).to.equal(
        `<${API_ROOT}/events/?${PAGED}&page=3>; rel="next", <${API_ROOT}/events/?${PAGED}>; rel="prev", ${FEED_LINK}`,
      );
    });

    it('gives the first page only a next link and the last page only a previous link', async () => {
      const first = await t.request('GET', `${API}/events?per_page=1`);
      expect(bodyOf(first).next_rest_url).to.equal(`${API_ROOT}/events/?${PAGED}&page=2`);
      expect(bodyOf(first)).to.not.have.property('previous_rest_url');
      expect(first.headers.get('link')).to.equal(`<${API_ROOT}/events/?${PAGED}&page=2>; rel="next", ${FEED_LINK}`);
      const last = await t.request('GET', `${API}/events?per_page=1&page=3`);
      expect(idsOf(last)).to.deep.equal([3]);
      expect(bodyOf(last).previous_rest_url).to.equal(`${API_ROOT}/events/?${PAGED}&page=2`);
      expect(bodyOf(last)).to.not.have.property('next_rest_url');
      expect(last.headers.get('link')).to.equal(`<${API_ROOT}/events/?${PAGED}&page=2>; rel="prev", ${FEED_LINK}`);
    });

    it('answers a page past the last with 404 event-archive-page-not-found (capture 35)', async () => {
      const res = await t.request('GET', `${API}/events?page=999`);
      expectError(res, 404, 'event-archive-page-not-found', 'The requested event archive page does not exist');
      expect(res.body).to.deep.equal(capture('35').response.body);
      expect(res.headers.get('allow')).to.equal('GET');
    });

    it('clamps per_page above 50 to 50, in rest_url too', async () => {
      const res = await t.request('GET', `${API}/events?per_page=100`);
      expect(res.status).to.equal(200);
      expect(bodyOf(res).rest_url).to.equal(`${API_ROOT}/events/?page=1&per_page=50&${DEFAULT_WINDOW}&status=publish`);
      expect(bodyOf(res).total_pages).to.equal(1);
    });

    it('ignores one trailing slash on /events', async () => {
      const res = await t.request('GET', `${API}/events/`);
      expect(idsOf(res)).to.deep.equal([1, 2, 3]);
    });

    // §1.2: a positive integer is any run of decimal digits with a value >= 1, however long.
    it('clamps a per_page of any size, even beyond 64-bit integers', async () => {
      const res = await t.request('GET', `${API}/events?per_page=99999999999999999999`);
      expect(res.status, res.text).to.equal(200);
      expect(bodyOf(res).rest_url).to.equal(`${API_ROOT}/events/?page=1&per_page=50&${DEFAULT_WINDOW}&status=publish`);
    });

    it('answers a huge page number as a page past the last', async () => {
      expectError(
        await t.request('GET', `${API}/events?page=99999999999999999999`),
        404,
        'event-archive-page-not-found',
      );
    });

    it('gives the administrator every status by default, shown as status=any', async () => {
      const res = await t.admin('GET', `${API}/events`);
      expect(bodyOf(res).rest_url).to.equal(`${API_ROOT}/events/?page=1&per_page=10&${DEFAULT_WINDOW}&status=any`);
      expect(res.headers.get('allow')).to.equal('GET, POST');
    });
  });

  describe('ordering', () => {
    it('orders by local start date, then by id', async () => {
      const day = '2027-03-10';
      const late = await createEvent(t, {
        title: 'Order late',
        start_date: `${day} 18:00:00`,
        end_date: `${day} 19:00:00`,
      });
      const tieA = await createEvent(t, {
        title: 'Order tie A',
        start_date: `${day} 09:00:00`,
        end_date: `${day} 12:00:00`,
      });
      const tieB = await createEvent(t, {
        title: 'Order tie B',
        start_date: `${day} 09:00:00`,
        end_date: `${day} 10:00:00`,
      });
      // 08:00 in New York is 13:00 UTC, yet it is compared by its local start.
      const ny = await createEvent(t, {
        title: 'Order New York',
        timezone: 'America/New_York',
        start_date: `${day} 08:00:00`,
        end_date: `${day} 08:30:00`,
      });
      const res = await t.request('GET', `${API}/events?start_date=${day}&end_date=${day}`);
      expect(idsOf(res)).to.deep.equal([ny.id, tieA.id, tieB.id, late.id]);
    });
  });
});

describe('GET /events default date window', () => {
  let t: TestService;
  before(async function () {
    this.timeout(20000);
    t = await startTestService();
    // Now is 2026-11-22 10:52:28 UTC: the window runs from 2026-11-21 00:00:00 to 2028-11-22 23:59:59.
    const windowed = [
      ['Window too early', '2026-11-20 23:00:00', '2026-11-20 23:30:00'],
      ['Window started before', '2026-11-20 23:00:00', '2026-11-21 10:00:00'],
      ['Window yesterday midnight', '2026-11-21 00:00:00', '2026-11-21 01:00:00'],
      ['Window today', '2026-11-22 08:00:00', '2026-11-22 09:00:00'],
      ['Window last day', '2028-11-22 22:00:00', '2028-11-22 23:59:59'],
      ['Window ends too late', '2028-11-22 22:00:00', '2028-11-23 00:00:00'],
      ['Window too late', '2028-11-23 00:00:00', '2028-11-23 01:00:00'],
    ];
    for (const [title, start_date, end_date] of windowed) {
      await createEvent(t, { title: title ?? '', start_date: start_date ?? '', end_date: end_date ?? '' });
    }
  });
  after(async () => t.close());

  it('contains events starting from yesterday at 00:00 and ending within two years', async () => {
    const res = await t.request('GET', `${API}/events`);
    expect(titlesOf(res)).to.deep.equal(['Window yesterday midnight', 'Window today', 'Window last day']);
  });

  it('moves with the clock', async () => {
    t.setNow(new Date('2026-11-21T12:00:00Z'));
    try {
      const res = await t.request('GET', `${API}/events`);
      expect(bodyOf(res).rest_url).to.equal(
        `${API_ROOT}/events/?page=1&per_page=10&start_date=2026-11-20 00:00:00&end_date=2028-11-21 ` +
          `23:59:59&status=publish`,
      );
      expect(titlesOf(res)).to.deep.equal([
        'Window too early',
        'Window started before',
        'Window yesterday midnight',
        'Window today',
      ]);
    } finally {
      t.setNow(new Date('2026-11-22T10:52:28Z'));
    }
  });
});
