// Specifies the date filters of GET /events: containment, whole-day
// widening, strict dates, relative filters (docs/api.md §6, §5.3).
import { expect } from 'chai';
import { startTestService, type TestResponse, type TestService } from '../../support/testService.ts';
import {
  API,
  API_ROOT,
  bodyOf,
  capture,
  createCaptureEvents,
  createEvent,
  envelopeOf,
  expectInvalidParams,
  idsOf,
  query,
  titlesOf,
} from './support/eventsApi.ts';

describe('GET /events date filters', () => {
  let t: TestService;
  let ids: { minimal: number; full: number; allDay: number };
  const list = (pairs: Record<string, string>): Promise<TestResponse> =>
    t.request('GET', `${API}/events?${query(pairs)}`);
  const restUrl = async (pairs: Record<string, string>): Promise<unknown> => bodyOf(await list(pairs)).rest_url;

  before(async function () {
    this.timeout(20000);
    t = await startTestService();
    ids = await createCaptureEvents(t);
    // The §6 example: two evening events on 2018-01-01, long before the default window.
    await createEvent(t, {
      title: 'Early evening',
      start_date: '2018-01-01 16:00:00',
      end_date: '2018-01-01 16:30:00',
    });
    await createEvent(t, { title: 'Late evening', start_date: '2018-01-01 20:00:00', end_date: '2018-01-01 20:30:00' });
  });
  after(async () => t.close());

  it('keeps events that start and end inside start_date..end_date, widened to whole days (capture 19)', async () => {
    const captured = capture('19');
    const res = await t.request('GET', `${API}/events?${new URL(captured.request.url).search.slice(1)}`);
    expect(idsOf(res)).to.deep.equal([ids.full]);
    expect(envelopeOf(bodyOf(res))).to.deep.equal(envelopeOf(captured.response.body));
  });

  it('widens to whole days by default and uses the values exactly with strict_dates (the §6 example)', async () => {
    const range = { start_date: '2018-01-01 15:00', end_date: '2018-01-01 18:00' };
    const widened = await list(range);
    expect(titlesOf(widened)).to.deep.equal(['Early evening', 'Late evening']);
    expect(bodyOf(widened).rest_url).to.equal(
      `${API_ROOT}/events/?page=1&per_page=10&start_date=2018-01-01 00:00:00&end_date=2018-01-01 ` +
        `23:59:59&status=publish`,
    );
    const strict = await list({ ...range, strict_dates: 'true' });
    expect(titlesOf(strict)).to.deep.equal(['Early evening']);
    expect(bodyOf(strict).rest_url).to.equal(
      `${API_ROOT}/events/?page=1&per_page=10&start_date=2018-01-01 15:00:00&end_date=2018-01-01 ` +
        `18:00:00&status=publish&strict_dates=1`,
    );
  });

  it('uses the un-widened default window with strict_dates', async () => {
    expect(await restUrl({ strict_dates: '1' })).to.equal(
      `${API_ROOT}/events/?page=1&per_page=10&start_date=2026-11-21 23:59:00&end_date=2028-11-22 ` +
        `10:52:28&status=publish&strict_dates=1`,
    );
  });

  it('uses containment, not overlap: an event running past end_date is left out', async () => {
    const res = await list({ start_date: '2018-01-01 16:00', end_date: '2018-01-01 20:15', strict_dates: '1' });
    expect(titlesOf(res)).to.deep.equal(['Early evening']);
  });

  it('treats strict_dates as boolean-like: unknown words mean false, never an error', async () => {
    const range = { start_date: '2018-01-01 15:00', end_date: '2018-01-01 18:00' };
    expect(titlesOf(await list({ ...range, strict_dates: ' YES ' }))).to.deep.equal(['Early evening']);
    const notStrict = await list({ ...range, strict_dates: 'perhaps' });
    expect(notStrict.status).to.equal(200);
    expect(titlesOf(notStrict)).to.deep.equal(['Early evening', 'Late evening']);
  });

  it('keeps the default end_date when only start_date is sent', async () => {
    const res = await list({ start_date: '2018-01-01' });
    expect(titlesOf(res)).to.deep.equal([
      'Early evening',
      'Late evening',
      'Minimal Event',
      'Full Event',
      'All Day Event',
    ]);
    expect(bodyOf(res).rest_url).to.equal(
      `${API_ROOT}/events/?page=1&per_page=10&start_date=2018-01-01 00:00:00&end_date=2028-11-22 ` +
        `23:59:59&status=publish`,
    );
  });

  it('starts_before keeps events starting before the value, drops the default window, and is widened', async () => {
    expect(titlesOf(await list({ starts_before: '2018-01-01 18:00', strict_dates: '1' }))).to.deep.equal([
      'Early evening',
    ]);
    const widened = await list({ starts_before: '2018-01-01 18:00' });
    expect(titlesOf(widened)).to.deep.equal(['Early evening', 'Late evening']);
    expect(bodyOf(widened).rest_url).to.equal(
      `${API_ROOT}/events/?page=1&per_page=10&status=publish&starts_before=2018-01-01 23:59:59`,
    );
  });

  it('starts_after keeps events starting after the value (strictly), widened to the end of its day', async () => {
    expect(idsOf(await list({ starts_after: '2026-11-27 10:00', strict_dates: '1' }))).to.deep.equal([
      ids.full,
      ids.allDay,
    ]);
    expect(idsOf(await list({ starts_after: '2026-11-27 10:00' }))).to.deep.equal([ids.allDay]);
    expect(
      idsOf(await list({ starts_after: '2026-11-29 00:00:00', strict_dates: '1' })),
      'strictly after',
    ).to.deep.equal([]);
  });

  it('ends_before keeps events ending before the value', async () => {
    expect(titlesOf(await list({ ends_before: '2018-01-01 20:15', strict_dates: '1' }))).to.deep.equal([
      'Early evening',
    ]);
    expect(titlesOf(await list({ ends_before: '2018-01-01 20:15' }))).to.deep.equal(['Early evening', 'Late evening']);
  });

  it('ends_after keeps events ending after the value', async () => {
    expect(idsOf(await list({ ends_after: '2026-11-29 12:00', strict_dates: '1' }))).to.deep.equal([ids.allDay]);
    // Widened to 2026-11-29 23:59:59, which the all-day event ends at, not after.
    expect(idsOf(await list({ ends_after: '2026-11-29 12:00' }))).to.deep.equal([]);
  });

  it('keeps an explicit start_date next to a relative filter, but not the default end_date', async () => {
    const pairs = { start_date: '2018-01-01 17:00', starts_before: '2018-01-02 00:00', strict_dates: '1' };
    expect(titlesOf(await list(pairs))).to.deep.equal(['Late evening']);
    expect(await restUrl(pairs)).to.equal(
      `${API_ROOT}/events/?page=1&per_page=10&start_date=2018-01-01 ` +
        `17:00:00&status=publish&starts_before=2018-01-02 00:00:00&strict_dates=1`,
    );
  });

  it('accepts relative date forms in filters, read in the site time zone', async () => {
    // Tomorrow is 2026-11-23; the minimal event starts on the 25th.
    expect(await restUrl({ start_date: 'tomorrow', end_date: '+3 days' })).to.equal(
      `${API_ROOT}/events/?page=1&per_page=10&start_date=2026-11-23 00:00:00&end_date=2026-11-25 ` +
        `23:59:59&status=publish`,
    );
    expect(idsOf(await list({ start_date: 'tomorrow', end_date: '+3 days' }))).to.deep.equal([ids.minimal]);
  });

  for (const name of ['start_date', 'end_date', 'starts_before', 'starts_after', 'ends_before', 'ends_after']) {
    it(`refuses an unparseable ${name} with 400 naming it`, async () => {
      expectInvalidParams(await list({ [name]: 'not-a-date' }), name);
    });
  }
});
