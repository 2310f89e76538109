// Specifies the date formats people type, over HTTP (docs/api.md §1.3): PHP's forms on writes and filters, offsets that
// keep their zone, and numbers too large for any date refused with a reason instead of an internal error.
import { expect } from 'chai';
import { startTestService, type TestService } from '../../support/testService.ts';
import { API, asObject, bodyOf, createEvent, expectInvalidParams, idsOf } from './support/eventsApi.ts';

describe('Date formats on the wire', () => {
  let t: TestService;
  before(async () => (t = await startTestService()));
  after(async () => t.close());

  // The service's clock is the capture time: Sunday 2026-11-22 10:52:28 UTC, on a UTC site.
  const written: [start: string, end: string, startDate: string, endDate: string][] = [
    ['December 24, 2026 8pm', 'December 24, 2026 10pm', '2026-12-24 20:00:00', '2026-12-24 22:00:00'],
    ['24 December 2026 20:00', '24 December 2026 22:00', '2026-12-24 20:00:00', '2026-12-24 22:00:00'],
    ['12/24/2026 20:00', '12/24/2026 22:00', '2026-12-24 20:00:00', '2026-12-24 22:00:00'],
    ['24-12-2026 20:00', '24.12.2026 22:00', '2026-12-24 20:00:00', '2026-12-24 22:00:00'],
    ['2026/12/24 8pm', 'Dec 24 2026 10pm', '2026-12-24 20:00:00', '2026-12-24 22:00:00'],
    ['next month', 'next month +2 hours', '2026-12-22 10:52:28', '2026-12-22 12:52:28'],
    ['in 2 weeks', '+2 weeks 3 hours', '2026-12-06 10:52:28', '2026-12-06 13:52:28'],
    [
      'first monday of january 2027 9am',
      'first monday of january 2027 5pm',
      '2027-01-04 09:00:00',
      '2027-01-04 17:00:00',
    ],
  ];
  for (const [start, end, startDate, endDate] of written) {
    it(`creates an event from ${JSON.stringify(start)} to ${JSON.stringify(end)}`, async () => {
      const body = await createEvent(t, { title: start, start_date: start, end_date: end });
      expect(body).to.include({ start_date: startDate, end_date: endDate, timezone: 'UTC' });
    });
  }

  it('reads the list filters the same way', async () => {
    const event = await createEvent(t, {
      title: 'Filter me',
      start_date: '2027-03-10 10:00',
      end_date: '2027-03-10 11:00',
    });
    const res = await t.request(
      'GET',
      `${API}/events?start_date=${encodeURIComponent('March 10, 2027')}&end_date=${encodeURIComponent('3/10/2027')}`,
    );
    expect(idsOf(res)).to.deep.equal([event.id]);
    expect(bodyOf(res).rest_url).to.include('start_date=2027-03-10 00:00:00&end_date=2027-03-10 23:59:59');
  });

  describe('dates written with their own offset or zone', () => {
    it('keep that zone when the request names none, instead of turning into the site zone', async () => {
      const body = await createEvent(t, {
        title: 'Offset',
        start_date: '2026-11-25T10:00:00+05:00',
        end_date: '2026-11-25T12:00:00+05:00',
      });
      expect(body).to.include({
        timezone: 'UTC+5',
        start_date: '2026-11-25 10:00:00',
        end_date: '2026-11-25 12:00:00',
        utc_start_date: '2026-11-25 05:00:00',
      });
    });

    it('keep half and quarter hours, and named zones', async () => {
      expect(
        await createEvent(t, {
          title: 'Kolkata',
          start_date: '2026-11-25 10:00 +0530',
          end_date: '2026-11-25 11:00 +0530',
        }),
      ).to.include({ timezone: 'UTC+5.5', start_date: '2026-11-25 10:00:00', utc_start_date: '2026-11-25 04:30:00' });
      expect(
        await createEvent(t, {
          title: 'NY',
          start_date: '2026-12-24 20:00 America/New_York',
          end_date: '2026-12-24 22:00 America/New_York',
        }),
      ).to.include({
        timezone: 'America/New_York',
        start_date: '2026-12-24 20:00:00',
        utc_start_date: '2026-12-25 01:00:00',
      });
    });

    it('keep the event zone when its offset there is the one written', async () => {
      const madrid = await createEvent(t, {
        title: 'Madrid',
        timezone: 'Europe/Madrid',
        start_date: '2026-11-25 10:00',
        end_date: '2026-11-25 11:00',
      });
      const res = await t.admin('PATCH', `${API}/events/${madrid.id as number}`, {
        body: { start_date: '2026-11-25T09:00:00+01:00' },
      });
      expect(bodyOf(res)).to.include({ timezone: 'Europe/Madrid', start_date: '2026-11-25 09:00:00' });
    });

    it('are converted into the zone the request names', async () => {
      const body = await createEvent(t, {
        title: 'Named',
        timezone: 'America/New_York',
        start_date: '2026-11-25T10:00:00+05:00',
        end_date: '2026-11-25T12:00:00+05:00',
      });
      expect(body).to.include({ timezone: 'America/New_York', start_date: '2026-11-25 00:00:00' });
    });
  });

  describe('amounts too large for any date (400, not 500)', () => {
    const huge = '+99999999999999999999 days';
    const reason = 'A number in this date is too large: at most 9007199254740991.';

    it('on list filters', async () => {
      const res = await t.request('GET', `${API}/events?start_date=${encodeURIComponent(huge)}`);
      expectInvalidParams(res, 'start_date');
      expect(asObject(bodyOf(res).data).params).to.deep.equal({ start_date: reason });
      expectInvalidParams(
        await t.request('GET', `${API}/events?ends_before=${encodeURIComponent('+9007199254740991 days')}`),
        'ends_before',
      );
    });

    it('on as_of', async () => {
      const event = await createEvent(t, {
        title: 'As of',
        start_date: '2026-12-01 10:00',
        end_date: '2026-12-01 11:00',
      });
      const res = await t.request('GET', `${API}/events/${event.id as number}?as_of=${encodeURIComponent(huge)}`);
      expectInvalidParams(res, 'as_of');
      expect(asObject(bodyOf(res).data).params).to.deep.equal({ as_of: reason });
    });

    it('on writes, in the request language', async () => {
      const res = await t.admin('POST', `/es${API}/events`, {
        body: { title: 'Huge', start_date: huge, end_date: '-9007199254740991 seconds' },
      });
      expect(bodyOf(res)).to.include({
        code: 'rest_invalid_param',
        message: 'Parámetros no válidos: start_date, end_date',
      });
      expect(asObject(bodyOf(res).data).params).to.deep.equal({
        start_date: 'Un número de esta fecha es demasiado grande: como máximo 9007199254740991.',
        end_date: 'La fecha queda fuera de los años 0000 a 9999.',
      });
    });
  });
});
