// Specifies how event writes read dates and time zones, and the
// date checks of a create (docs/api.md §1.3, §4.1, §10.1, E9).
import { expect } from 'chai';
import { startTestService, type TestService } from '../../support/testService.ts';
import {
  API,
  asObject,
  bodyOf,
  capture,
  createEvent,
  expectEndBeforeStart,
  expectError,
  expectInvalidParams,
  REASON,
  withReason,
} from './support/eventsApi.ts';

describe('POST /events date and time zone input', () => {
  let t: TestService;
  before(async function () {
    this.timeout(20000);
    t = await startTestService();
  });
  after(async () => t.close());
  // The clock stands at the capture time, Sunday 2026-11-22 10:52:28 UTC.
  beforeEach(() => t.setNow(new Date('2026-11-22T10:52:28Z')));

  it('reads "tomorrow 9am" relative to the clock', async () => {
    const body = await createEvent(t, { title: 'Tomorrow', start_date: 'tomorrow 9am', end_date: 'tomorrow 10am' });
    expect(body.start_date).to.equal('2026-11-23 09:00:00');
    expect(body.end_date).to.equal('2026-11-23 10:00:00');
  });

  it('reads "next wednesday 4pm" as the coming Wednesday', async () => {
    const body = await createEvent(t, {
      title: 'Wednesday',
      start_date: 'next wednesday 4pm',
      end_date: 'next wednesday 5pm',
    });
    expect(body.start_date).to.equal('2026-11-25 16:00:00');
    expect(body.end_date).to.equal('2026-11-25 17:00:00');
  });

  it('reads "+5 days 11am" and a calendar date with a 12-hour time', async () => {
    const body = await createEvent(t, {
      title: 'In five days',
      start_date: '+5 days 11am',
      end_date: '2026-11-27 4:30pm',
    });
    expect(body.start_date).to.equal('2026-11-27 11:00:00');
    expect(body.end_date).to.equal('2026-11-27 16:30:00');
  });

  it('evaluates relative dates in the requested time zone', async () => {
    // 02:00 UTC on the 23rd is still the evening of the 22nd in New York, so "tomorrow" there is the 23rd.
    t.setNow(new Date('2026-11-23T02:00:00Z'));
    const body = await createEvent(t, {
      title: 'Tomorrow in New York',
      timezone: 'America/New_York',
      start_date: 'tomorrow 9am',
      end_date: 'tomorrow 10am',
    });
    expect(body.start_date).to.equal('2026-11-23 09:00:00');
    expect(body.utc_start_date).to.equal('2026-11-23 14:00:00');
  });

  it('takes a Unix timestamp as its UTC wall-clock time, without applying the target time zone', async () => {
    // 1795000000 is 2026-11-18 11:06:40 UTC.
    const body = await createEvent(t, {
      title: 'Timestamp',
      timezone: 'America/New_York',
      start_date: '1795000000',
      end_date: '1795003600',
    });
    expect(body.start_date).to.equal('2026-11-18 11:06:40');
    expect(body.end_date).to.equal('2026-11-18 12:06:40');
    expect(body.utc_start_date).to.equal('2026-11-18 16:06:40');
  });

  it('converts a date with an offset to the target time zone', async () => {
    const body = await createEvent(t, {
      title: 'Offset',
      timezone: 'America/New_York',
      start_date: '2026-11-25T10:00:00+02:00',
      end_date: '2026-11-25T12:00:00Z',
    });
    expect(body.start_date).to.equal('2026-11-25 03:00:00');
    expect(body.utc_start_date).to.equal('2026-11-25 08:00:00');
    expect(body.end_date).to.equal('2026-11-25 07:00:00');
    expect(body.utc_end_date).to.equal('2026-11-25 12:00:00');
  });

  it('accepts a time zone database identifier and shows its abbreviation at the start', async () => {
    const body = await createEvent(t, {
      title: 'Madrid',
      timezone: 'Europe/Madrid',
      start_date: '2026-11-25 10:00:00',
      end_date: '2026-11-25 12:00:00',
    });
    expect(body).to.include({ timezone: 'Europe/Madrid', timezone_abbr: 'CET', utc_start_date: '2026-11-25 09:00:00' });
  });

  it('accepts a UTC±h identifier with a fraction, whose abbreviation is the identifier itself', async () => {
    const body = await createEvent(t, {
      title: 'India offset',
      timezone: 'UTC+5.5',
      start_date: '2026-11-25 10:00:00',
      end_date: '2026-11-25 12:00:00',
    });
    expect(body).to.include({
      timezone: 'UTC+5.5',
      timezone_abbr: 'UTC+5.5',
      start_date: '2026-11-25 10:00:00',
      utc_start_date: '2026-11-25 04:30:00',
    });
  });

  for (const [zone, day, abbr, utcStart, offset] of [
    ['Australia/Sydney', '2026-12-01', 'AEDT', '2026-11-30 23:00:00', '+11:00'],
    ['America/New_York', '2026-07-01', 'EDT', '2026-07-01 14:00:00', '-04:00'],
    ['Asia/Dubai', '2026-12-01', '+04', '2026-12-01 06:00:00', '+04:00'],
  ] as const) {
    it(`shows ${zone} on ${day} as ${abbr}, with that offset in json_ld`, async () => {
      const body = await createEvent(t, {
        title: zone,
        timezone: zone,
        start_date: `${day} 10:00:00`,
        end_date: `${day} 11:00:00`,
      });
      expect(body).to.include({ timezone_abbr: abbr, utc_start_date: utcStart });
      const read = bodyOf(await t.request('GET', `${API}/events/${String(body.id)}`));
      expect(asObject(read.json_ld)).to.include({
        startDate: `${day}T10:00:00${offset}`,
        endDate: `${day}T11:00:00${offset}`,
      });
    });
  }

  it('refuses an unknown time zone with 400 naming timezone', async () => {
    const res = await t.admin('POST', `${API}/events`, {
      body: {
        title: 'Bad zone',
        timezone: 'Mars/Olympus',
        start_date: '2026-11-25 10:00:00',
        end_date: '2026-11-25 12:00:00',
      },
    });
    expectInvalidParams(res, 'timezone');
  });

  it('refuses an unparseable date exactly as capture 30', async () => {
    const bad = capture('30');
    const res = await t.admin('POST', `${API}/events`, { body: bad.request.body });
    expectError(res, 400, 'rest_invalid_param');
    expect(res.body).to.deep.equal(withReason(bad.response.body, 'start_date', 'not-a-date', REASON.notADate));
    expect(res.headers.get('allow')).to.equal('GET, POST');
  });

  for (const garbage of ['garbage', 'before my birthday', 'foo', '']) {
    it(`refuses the start date ${JSON.stringify(garbage)}`, async () => {
      const res = await t.admin('POST', `${API}/events`, {
        body: { title: 'Bad date', start_date: garbage, end_date: '2026-11-25 12:00:00' },
      });
      expectInvalidParams(res, 'start_date');
    });
  }

  it('refuses an end before the start with exactly the E9 answer (capture 31 replaced)', async () => {
    const endBeforeStart = capture('31');
    const res = await t.admin('POST', `${API}/events`, { body: endBeforeStart.request.body });
    expectEndBeforeStart(res);
    expect(res.headers.get('allow')).to.equal('GET, POST');
    const list = await t.admin('GET', `${API}/events?search=${encodeURIComponent('End before start')}`);
    expect(bodyOf(list).total, 'nothing was written').to.equal(0);
  });

  it('accepts an end equal to the start', async () => {
    const body = await createEvent(t, {
      title: 'Instant',
      start_date: '2026-11-25 10:00:00',
      end_date: '2026-11-25 10:00:00',
    });
    expect(body.end_date).to.equal(body.start_date);
  });

  it('judges end before start after all-day normalisation (same day is fine)', async () => {
    const body = await createEvent(t, {
      title: 'All day same day',
      all_day: true,
      start_date: '2026-11-25 18:00:00',
      end_date: '2026-11-25 08:00:00',
    });
    expect(body).to.include({ start_date: '2026-11-25 00:00:00', end_date: '2026-11-25 23:59:59' });
  });

  it('stores a published event with a future publication date as future, with the ?post_type= address', async () => {
    const body = await createEvent(t, { title: 'Later', date: '2026-12-24 08:00:00' });
    expect(body).to.include({
      status: 'future',
      date: '2026-12-24 08:00:00',
      date_utc: '2026-12-24 08:00:00',
      url: `http://localhost:8080/?post_type=cal_events&p=${String(body.id)}`,
    });
  });

  it('keeps a past publication date as published', async () => {
    const body = await createEvent(t, { title: 'Earlier', date: '2026-01-02 03:04:05' });
    expect(body).to.include({ status: 'publish', date: '2026-01-02 03:04:05' });
  });
});
