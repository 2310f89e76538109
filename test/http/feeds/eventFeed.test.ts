// Specifies the calendar feeds (docs/api.md §21.1) on the real service: what a feed holds and how, its read rules,
// its filters against GET /events, conditional GET, truncation and the one-event file. Every feed is parsed by
// ical.js, an RFC 5545 parser independent of the library that writes it.
import { expect } from 'chai';
import ICAL from 'ical.js';
import { startTestService, type TestResponse, type TestService } from '../../support/testService.ts';
import { API, bodyOf } from '../events/support/eventsApi.ts';

interface Instance {
  readonly uid: string;
  readonly summary: string;
  /** UTC `YYYY-MM-DD HH:MM:SS` for timed events; the first and the last day (`YYYY-MM-DD`) for all-day ones. */
  readonly start: string;
  readonly end: string;
}

const utcText = (time: ICAL.Time): string => time.toJSDate().toISOString().slice(0, 19).replace('T', ' ');

/** The feed parsed by ical.js (throws on anything it cannot read), its zones registered, its events as instances. */
function parseFeed(text: string): { calendar: ICAL.Component; instances: Instance[] } {
  const calendar = new ICAL.Component(ICAL.parse(text) as unknown[]);
  for (const zone of calendar.getAllSubcomponents('vtimezone')) ICAL.TimezoneService.register(zone);
  const instances = calendar.getAllSubcomponents('vevent').map((component) => {
    const event = new ICAL.Event(component);
    if (event.startDate.isDate) {
      const lastDay = event.endDate.clone();
      lastDay.adjust(-1, 0, 0, 0);
      return { uid: event.uid, summary: event.summary, start: event.startDate.toString(), end: lastDay.toString() };
    }
    return { uid: event.uid, summary: event.summary, start: utcText(event.startDate), end: utcText(event.endDate) };
  });
  return { calendar, instances };
}

/** What GET /events lists, as the same instances (all-day events by their days). */
const listedInstances = (res: TestResponse): Instance[] =>
  (res.body as { events: Record<string, unknown>[] }).events.map((event) => ({
    uid: `${event.id as number}@localhost:8080`,
    summary: event.title as string,
    start: event.all_day ? (event.start_date as string).slice(0, 10) : (event.utc_start_date as string),
    end: event.all_day ? (event.end_date as string).slice(0, 10) : (event.utc_end_date as string),
  }));

/** RFC 5545 §3.1: CRLF line ends, no line over 75 octets. */
function expectWellFormed(text: string): void {
  expect(text.endsWith('\r\n')).to.equal(true);
  for (const line of text.split('\r\n')) {
    expect(line.includes('\n'), 'bare LF').to.equal(false);
    expect(Buffer.byteLength(line, 'utf8'), line).to.be.at.most(75);
  }
}

describe('calendar feeds (GET /events.ics, GET /events/{id}.ics)', function () {
  this.timeout(60_000);
  let t: TestService;
  const ids: Record<string, number> = {};

  const create = async (path: string, body: Record<string, unknown>): Promise<number> => {
    const res = await t.admin('POST', `${API}/${path}`, { body });
    expect(res.status, res.text).to.equal(201);
    return bodyOf(res).id as number;
  };

  before(async () => {
    t = await startTestService({ CAL_TIMEZONE: 'America/New_York' });
    const venue = await create('venues', {
      venue: 'Sala Apolo',
      address: 'Nou de la Rambla 113',
      city: 'Barcelona',
      country: 'Spain',
      status: 'publish',
    });
    const organizer = await create('organizers', {
      organizer: 'Ada Events',
      email: 'ada@example.com',
      status: 'publish',
    });
    const category = await create('categories', { name: 'Jazz' });
    ids.timed = await create('events', {
      title: 'Jazz night, with a title long enough to be folded — àccents included',
      description: '<p>Live <b>music</b> &amp; more</p>',
      start_date: '2026-12-05 20:00:00',
      end_date: '2026-12-05 23:00:00',
      timezone: 'Europe/Madrid',
      venue,
      organizer: [organizer],
      categories: [category],
      status: 'publish',
    });
    ids.allDay = await create('events', {
      title: 'Winter fair',
      start_date: '2026-12-10',
      end_date: '2026-12-11',
      all_day: true,
      status: 'publish',
    });
    ids.summer = await create('events', {
      title: 'Summer concert',
      start_date: '2027-07-01 19:00:00',
      end_date: '2027-07-01 21:00:00',
      timezone: 'Europe/Madrid',
      status: 'publish',
    });
    ids.draft = await create('events', {
      title: 'Draft plan',
      start_date: '2026-12-06 10:00:00',
      end_date: '2026-12-06 11:00:00',
      status: 'draft',
    });
    ids.locked = await create('events', {
      title: 'Private gala',
      start_date: '2026-12-07 10:00:00',
      end_date: '2026-12-07 11:00:00',
      status: 'publish',
    });
    expect((await t.admin('PATCH', `${API}/events/${ids.locked}`, { body: { password: 'secret' } })).status).to.equal(
      200,
    );
  });
  after(async () => t.close());

  it(
    'writes each event as RFC 5545 says: zone, all-day dates, texts, venue, organizer, ' + 'categories, UID, SEQUENCE',
    async () => {
      const res = await t.request('GET', `${API}/events.ics`);
      expect(res.status, res.text).to.equal(200);
      expect(res.headers.get('content-type')).to.equal('text/calendar; charset=utf-8');
      expectWellFormed(res.text);
      const { calendar } = parseFeed(res.text);
      expect(calendar.getFirstPropertyValue('version')).to.equal('2.0');
      expect(calendar.getFirstPropertyValue('calscale')).to.equal('GREGORIAN');
      expect(calendar.getFirstPropertyValue('prodid')).to.be.a('string');
      expect(calendar.getFirstPropertyValue('x-wr-timezone')).to.equal('America/New_York');
      expect(calendar.getFirstPropertyValue('x-wr-calname')).to.be.a('string');
      expect(calendar.getFirstProperty('refresh-interval')).to.not.equal(null);
      expect(calendar.getAllSubcomponents('vtimezone').map((zone) => zone.getFirstPropertyValue('tzid'))).to.deep.equal(
        ['Europe/Madrid'],
      );

      const events = new Map(
        calendar.getAllSubcomponents('vevent').map((c) => [c.getFirstPropertyValue('uid') as string, c]),
      );
      const timed = events.get(`${ids.timed}@localhost:8080`) as ICAL.Component;
      const start = timed.getFirstProperty('dtstart') as ICAL.Property;
      expect(start.getParameter('tzid')).to.equal('Europe/Madrid');
      expect(utcText(new ICAL.Event(timed).startDate)).to.equal('2026-12-05 19:00:00');
      expect(utcText(new ICAL.Event(timed).endDate)).to.equal('2026-12-05 22:00:00');
      expect(timed.getFirstPropertyValue('summary')).to.equal(
        'Jazz night, with a title long enough to be folded — àccents included',
      );
      expect(timed.getFirstPropertyValue('description')).to.equal('Live music & more');
      expect(timed.getFirstPropertyValue('location')).to.match(/^Sala Apolo\nNou de la Rambla 113, Barcelona, Spain$/);
      expect(timed.getFirstPropertyValue('organizer')).to.equal('mailto:ada@example.com');
      expect((timed.getFirstProperty('organizer') as ICAL.Property).getParameter('cn')).to.equal('Ada Events');
      expect(timed.getFirstPropertyValue('categories')).to.equal('Jazz');
      expect(timed.getFirstPropertyValue('status')).to.equal('CONFIRMED');
      expect(timed.getFirstPropertyValue('url')).to.match(/^http:\/\/localhost:8080\/event\/jazz-night/);
      for (const name of ['dtstamp', 'created', 'last-modified'])
        expect(timed.getFirstProperty(name), name).to.not.equal(null);

      const allDay = events.get(`${ids.allDay}@localhost:8080`) as ICAL.Component;
      expect(String(allDay.getFirstPropertyValue('dtstart'))).to.equal('2026-12-10');
      expect(String(allDay.getFirstPropertyValue('dtend'))).to.equal('2026-12-12'); // exclusive: the day after the last
      expect(events.has(`${ids.draft}@localhost:8080`), 'draft').to.equal(false);
      expect(events.has(`${ids.locked}@localhost:8080`), 'password-protected').to.equal(false);
    },
  );

  it('keeps the UID and raises SEQUENCE when the event changes', async () => {
    const sequence = async () => {
      const text = (await t.request('GET', `${API}/events/${ids.summer}.ics`)).text;
      const vevent = parseFeed(text).calendar.getFirstSubcomponent('vevent') as ICAL.Component;
      return { uid: vevent.getFirstPropertyValue('uid'), sequence: Number(vevent.getFirstPropertyValue('sequence')) };
    };
    const before = await sequence();
    expect((await t.admin('PATCH', `${API}/events/${ids.summer}`, { body: { excerpt: 'Open air' } })).status).to.equal(
      200,
    );
    const after = await sequence();
    expect(after.uid).to.equal(before.uid);
    expect(after.sequence).to.be.greaterThan(before.sequence);
  });

  for (const [name, query] of [
    ['the default window', ''],
    ['a window across the summer', 'start_date=2026-12-06&end_date=2027-12-31'],
    ['a search', 'search=jazz'],
    ['a category', 'categories=jazz'],
    ['relative dates', 'starts_after=2026-12-09'],
    ['include', 'include=' /* filled below */],
  ] as const) {
    it(`lists what GET /events lists for ${name}, as an independent parser reads it`, async () => {
      const filters = name === 'include' ? `include=${ids.timed},${ids.summer}` : query;
      const feed = await t.request('GET', `${API}/events.ics?${filters}`);
      const list = await t.request('GET', `${API}/events?per_page=50&${filters}`);
      expect(feed.status, feed.text).to.equal(200);
      expectWellFormed(feed.text);
      expect(parseFeed(feed.text).instances).to.deep.equal(
        listedInstances(list).filter((instance) => !instance.uid.startsWith(`${ids.locked}@`)),
      );
    });
  }

  it('shows drafts to the administrator, and a protected event to whoever sends its password', async () => {
    const uids = async (res: TestResponse) => parseFeed(res.text).instances.map((instance) => instance.uid);
    expect(await uids(await t.admin('GET', `${API}/events.ics`))).to.include(`${ids.draft}@localhost:8080`);
    expect(await uids(await t.request('GET', `${API}/events.ics?password=secret`))).to.include(
      `${ids.locked}@localhost:8080`,
    );
  });

  it('refuses bad filters in the wire format', async () => {
    const res = await t.request('GET', `${API}/events.ics?start_date=not-a-date&status=draft`);
    expect(res.status).to.equal(400);
    expect((res.body as { code: string }).code).to.equal('rest_invalid_param');
  });

  it('answers 304 to If-None-Match and If-Modified-Since while nothing changed, and 200 after a change', async () => {
    const first = await t.request('GET', `${API}/events.ics`);
    const etag = first.headers.get('etag') as string;
    const lastModified = first.headers.get('last-modified') as string;
    expect(etag).to.match(/^W\/"ics-/);
    expect(lastModified).to.be.a('string');
    const again = await t.request('GET', `${API}/events.ics`, { headers: { 'if-none-match': etag } });
    expect(again.status).to.equal(304);
    expect(again.text).to.equal('');
    expect(
      (await t.request('GET', `${API}/events.ics`, { headers: { 'if-modified-since': lastModified } })).status,
    ).to.equal(304);
    // Another caller class, another variant: the administrator's feed has drafts.
    expect((await t.admin('GET', `${API}/events.ics`, { headers: { 'if-none-match': etag } })).status).to.equal(200);
    await create('events', {
      title: 'Late addition',
      start_date: '2026-12-08 10:00:00',
      end_date: '2026-12-08 11:00:00',
      status: 'publish',
    });
    const changed = await t.request('GET', `${API}/events.ics`, { headers: { 'if-none-match': etag } });
    expect(changed.status).to.equal(200);
    expect(changed.text).to.include('Late addition');
    expect(
      (await t.request('GET', `${API}/events.ics`, { headers: { 'if-modified-since': lastModified } })).status,
    ).to.equal(200);
  });

  it('answers one event, and 404 in the wire format for an unknown, draft or locked one', async () => {
    const one = await t.request('GET', `${API}/events/${ids.timed}.ics`);
    expect(one.status).to.equal(200);
    expect(parseFeed(one.text).instances.map((instance) => instance.uid)).to.deep.equal([
      `${ids.timed}@localhost:8080`,
    ]);
    for (const id of [999_999, ids.draft, ids.locked]) {
      const res = await t.request('GET', `${API}/events/${id}.ics`);
      expect(res.status, String(id)).to.equal(404);
      expect((res.body as { code: string; data: { status: number } }).data.status).to.equal(404);
    }
  });

  it('links the feed from the events list with the same filters', async () => {
    const res = await t.request('GET', `${API}/events?per_page=1&search=jazz`);
    const link = res.headers.get('link') as string;
    const alternate = /<([^>]+)>; rel="alternate"; type="text\/calendar"/.exec(link);
    expect(alternate, link).to.not.equal(null);
    const url = new URL((alternate as RegExpExecArray)[1] as string);
    expect(url.pathname).to.equal(`${API}/events.ics`);
    expect(url.searchParams.get('search')).to.equal('jazz');
    expect(url.searchParams.has('page')).to.equal(false);
    expect(url.searchParams.has('per_page')).to.equal(false);
    expect(url.searchParams.has('start_date'), 'the default window stays a default').to.equal(false);
  });
});

describe('calendar feeds: truncation', function () {
  this.timeout(60_000);
  let t: TestService;
  before(async () => {
    t = await startTestService({ CAL_ICAL_MAX_EVENTS: '2' });
    for (const day of ['2026-11-01', '2026-11-20', '2026-11-24', '2026-12-20']) {
      const res = await t.admin('POST', `${API}/events`, {
        body: { title: `On ${day}`, start_date: `${day} 10:00:00`, end_date: `${day} 11:00:00`, status: 'publish' },
      });
      expect(res.status, res.text).to.equal(201);
    }
  });
  after(async () => t.close());

  it('keeps the events nearest in time and says so with X-Cal-Truncated', async () => {
    const res = await t.request('GET', `${API}/events.ics?start_date=2026-10-01&end_date=2027-01-31`);
    expect(res.headers.get('x-cal-truncated')).to.equal('true');
    expect(parseFeed(res.text).instances.map((instance) => instance.summary)).to.deep.equal([
      'On 2026-11-20',
      'On 2026-11-24',
    ]);
    const few = await t.request('GET', `${API}/events.ics?start_date=2026-12-01&end_date=2027-01-31`);
    expect(few.headers.get('x-cal-truncated')).to.equal(null);
  });
});
