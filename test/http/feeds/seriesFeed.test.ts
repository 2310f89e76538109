// Specifies series in the calendar feeds (docs/api.md §21.1): a series is one VEVENT with its lines, exceptions
// VEVENTs with RECURRENCE-ID, cancelled occurrences EXDATEs, and a feed's expanded instances (node-ical's expansion)
// equal what GET /events lists for the same filters, when a filter matches only some occurrences of a series too.
import { expect } from 'chai';
import { startTestService, type TestService } from '../../support/testService.ts';
import { API, bodyOf, createEvent, eventsOf, type JsonObject } from '../events/support/eventsApi.ts';
import { feedInstances, listedInstances, parsedFeed } from './support/feedInstances.ts';

const year = 'start_date=2027-01-01&end_date=2027-12-31';

describe('series in calendar feeds (docs/api.md §21.1)', function () {
  this.timeout(60_000);
  let t: TestService;
  const ids = { dst: 0, monthly: 0, daily: 0, moved: 0, split: 0, splitNew: 0 };

  const series = async (title: string, start: string, end: string, rule: string, zone = 'Europe/Madrid') =>
    (
      await createEvent(t, {
        title,
        status: 'publish',
        timezone: zone,
        start_date: start,
        end_date: end,
        recurrence: [rule],
      })
    ).id as number;
  const occurrencesOf = async (id: number): Promise<JsonObject[]> =>
    eventsOf(await t.admin('GET', `${API}/events?post_parent=${String(id)}&per_page=50&${year}`));

  before(async () => {
    t = await startTestService({ CAL_TIMEZONE: 'Europe/Madrid' });
    // Madrid leaves winter time on 2027-03-28: 19:00 stays 19:00 on the wall clock, an hour earlier in UTC.
    ids.dst = await series('Choir', '2027-03-16 19:00:00', '2027-03-16 21:00:00', 'RRULE:FREQ=WEEKLY;COUNT=4');
    ids.monthly = await series(
      'Book club',
      '2027-04-13 18:00:00',
      '2027-04-13 19:30:00',
      'RRULE:FREQ=MONTHLY;BYDAY=2TU;COUNT=5',
    );
    ids.daily = await series('Course', '2027-05-03 10:00:00', '2027-05-03 12:00:00', 'RRULE:FREQ=DAILY;COUNT=5');
    const course = await occurrencesOf(ids.daily);
    const moved = await t.admin('PATCH', `${API}/events/${String(course[1]?.id)}`, {
      body: { title: 'Course, moved', start_date: '2027-05-05 16:00:00', end_date: '2027-05-05 18:00:00' },
    });
    expect(moved.status, moved.text).to.equal(200);
    ids.moved = course[1]?.id as number;
    expect((await t.admin('DELETE', `${API}/events/${String(course[2]?.id)}`)).status).to.equal(200);
    ids.split = await series('Walk', '2027-06-01 18:00:00', '2027-06-01 19:00:00', 'RRULE:FREQ=WEEKLY;COUNT=6');
    const walks = await occurrencesOf(ids.split);
    const split = await t.admin('PATCH', `${API}/events/${String(walks[2]?.id)}?recurrence_scope=following`, {
      body: { title: 'Evening walk', start_date: '2027-06-22 20:00:00', end_date: '2027-06-22 21:00:00' },
    });
    expect(split.status, split.text).to.equal(200);
    ids.splitNew = bodyOf(split).id as number;
    await createEvent(t, {
      title: 'Fair',
      status: 'publish',
      start_date: '2027-05-04',
      end_date: '2027-05-04',
      all_day: true,
    });
  });
  after(async () => t.close());

  const feedOf = async (query: string) => {
    const res = await t.request('GET', `${API}/events.ics?${query}`);
    expect(res.status, res.text).to.equal(200);
    return res.text;
  };

  const expectSameInstances = async (query: string) => {
    const feed = await feedOf(query);
    const listed = listedInstances(await t.request('GET', `${API}/events?per_page=50&${query}`));
    expect(listed.length, query).to.be.greaterThan(0);
    expect(feedInstances(feed), query).to.deep.equal(listed);
    // Series stay series: their occurrences are never written as VEVENTs of their own.
    expect(feed, query).to.contain('RRULE:');
    return feed;
  };

  it('writes a series as one VEVENT with its rule, in its zone, and exceptions under its UID', async () => {
    const feed = await expectSameInstances(year);
    const vevents = parsedFeed(feed);
    const choir = vevents.filter((event) => event.uid === `${String(ids.dst)}@localhost:8080`);
    expect(choir).to.have.length(1);
    expect(feed).to.contain('DTSTART;TZID=Europe/Madrid:20270316T190000');
    expect(feed).to.contain('RRULE:FREQ=WEEKLY;COUNT=4');
    expect(feed).to.contain('RRULE:FREQ=MONTHLY;BYDAY=2TU;COUNT=5');
    // node-ical files each override under its series (`recurrences`, by original start).
    const course = vevents.filter((event) => event.uid === `${String(ids.daily)}@localhost:8080`);
    expect(course).to.have.length(1);
    const overrides = Object.values(course[0]?.recurrences ?? {});
    expect([...new Set(overrides.map((event) => event.summary))]).to.deep.equal(['Course, moved']);
    expect(feed.match(/RECURRENCE-ID/g)).to.have.length(1);
    expect(feed).to.contain('RECURRENCE-ID;TZID=Europe/Madrid:20270505T100000');
    // The cancelled occurrence is an EXDATE only: no VEVENT of its own.
    expect(feed).to.match(/EXDATE;TZID=Europe\/Madrid:20270506T100000/);
    // The split: the old rule ends with an UNTIL in UTC, the new series has its own UID and rule.
    expect(feed).to.contain('RRULE:FREQ=WEEKLY;UNTIL=20270622T155959Z');
    expect(vevents.some((event) => event.uid === `${String(ids.splitNew)}@localhost:8080`)).to.equal(true);
  });

  it('gives the instances GET /events lists when filters match only some occurrences', async () => {
    // A window through the middle of the series, a search that matches an exception alone, a title of two series.
    await expectSameInstances('start_date=2027-03-20&end_date=2027-05-04');
    await expectSameInstances('search=moved&start_date=2027-01-01&end_date=2027-12-31');
    await expectSameInstances('search=walk&start_date=2027-06-10&end_date=2027-12-31');
    await expectSameInstances('search=course&start_date=2027-05-04 12:00:00&end_date=2027-12-31');
  });

  it('rewrites UNTIL, RDATE and EXDATE values on the event wall clock, whole-day series as dates', async () => {
    await createEvent(t, {
      title: 'Market',
      status: 'publish',
      all_day: true,
      start_date: '2027-07-03',
      end_date: '2027-07-03',
      recurrence: ['RRULE:FREQ=WEEKLY;UNTIL=20270717T120000', 'RDATE;VALUE=DATE:20270728', 'EXDATE:20270710T000000'],
    });
    await createEvent(t, {
      title: 'Tango',
      status: 'publish',
      timezone: 'America/New_York',
      start_date: '2027-08-02 21:00:00',
      end_date: '2027-08-02 23:00:00',
      recurrence: [
        'RRULE:FREQ=DAILY;UNTIL=20270805',
        'RDATE;TZID=Europe/Madrid:20270810T030000',
        'EXDATE:20270804T010000Z',
      ],
    });
    // node-ical 0.27 reads no RDATE: the windows leave the added dates out; their lines are checked as text.
    const feed = await expectSameInstances('search=market&start_date=2027-07-01&end_date=2027-07-25');
    expect(feed).to.contain('RRULE:FREQ=WEEKLY;UNTIL=20270717');
    expect(feed).to.contain('RDATE;VALUE=DATE:20270728');
    expect(feed).to.contain('EXDATE;VALUE=DATE:20270710');
    const tango = await expectSameInstances('search=tango&start_date=2027-08-01&end_date=2027-08-08');
    expect(tango).to.contain('RRULE:FREQ=DAILY;UNTIL=20270806T035959Z');
    expect(tango).to.contain('RDATE;TZID=America/New_York:20270809T210000');
    expect(tango).to.contain('EXDATE;TZID=America/New_York:20270803T210000');
  });

  it('answers the whole series on the address of one occurrence', async () => {
    const occurrence = (await occurrencesOf(ids.monthly))[2];
    const res = await t.request('GET', `${API}/events/${String(occurrence?.id)}.ics`);
    expect(res.status, res.text).to.equal(200);
    const whole = listedInstances(await t.request('GET', `${API}/events?per_page=50&search=book club&${year}`));
    expect(feedInstances(res.text)).to.deep.equal(whole).and.to.have.length(5);
    expect(res.text).to.contain(`UID:${String(ids.monthly)}@localhost:8080`);
    expect(res.text).not.to.contain('EXDATE');
  });

  it('raises SEQUENCE with every change of the series stream, an exception included', async () => {
    const sequenceOf = (text: string) =>
      Number(/UID:\d+@[^\r]*\r\nSEQUENCE:(\d+)/.exec(text)?.[1] ?? /SEQUENCE:(\d+)/.exec(text)?.[1]);
    const before = sequenceOf((await t.request('GET', `${API}/events/${String(ids.dst)}.ics`)).text);
    const second = (await occurrencesOf(ids.dst))[0];
    const res = await t.admin('PATCH', `${API}/events/${String(second?.id)}`, { body: { description: 'Bring water' } });
    expect(res.status, res.text).to.equal(200);
    const after = (await t.request('GET', `${API}/events/${String(ids.dst)}.ics`)).text;
    expect(sequenceOf(after)).to.be.greaterThan(before);
    const sequences = [...after.matchAll(/SEQUENCE:(\d+)/g)].map((match) => match[1]);
    expect(new Set(sequences).size, 'every VEVENT of the series has its SEQUENCE').to.equal(1);
    expect(feedInstances(after)).to.deep.equal(
      listedInstances(await t.request('GET', `${API}/events?per_page=50&search=choir&${year}`)),
    );
  });
});
