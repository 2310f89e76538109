// Specifies what `as_of` and `/history` cost: they read a stream no further than the point or page asked for, reuse
// folded states, and are limited per client (docs/security.md, "Costs a caller can impose").
import { expect } from 'chai';
import { captureTime, startTestService, type TestService } from '../../support/testService.ts';
import { API, asObject, bodyOf, createEvent, expectError } from '../events/support/eventsApi.ts';
import { entriesOf } from '../history/support/historyApi.ts';
import { countingStore, type CountingStore } from './support/countingStore.ts';

/** The fold reads forward in chunks: past the point it reads at most one chunk. */
const chunk = 16;
const revisions = 120;

describe('Costs of as_of and /history', function () {
  this.timeout(60_000);
  let t: TestService;
  let counting: CountingStore;
  let id: number;
  const positions: string[] = [];

  before(async () => {
    counting = countingStore();
    t = await startTestService({ CAL_HISTORY_MAX_READS: '0' }, undefined, { wrapStore: counting.wrap });
    id = (await createEvent(t, { title: 'v0', start_date: '2026-12-01 10:00', end_date: '2026-12-01 11:00' }))
      .id as number;
    for (let revision = 1; revision <= revisions; revision++) {
      const res = await t.admin('PATCH', `${API}/events/${id}`, { body: { title: `v${revision}` } });
      expect(res.status, res.text).to.equal(200);
    }
    for (let page = 1; page <= 3; page++) {
      const res = await t.admin('GET', `${API}/events/${id}/history?per_page=50&page=${page}`);
      positions.push(...entriesOf(res).map((entry) => entry.position as string));
    }
    expect(positions).to.have.length(revisions + 1);
  });
  after(async () => t.close());

  it('reads only the prefix of the stream up to an early as_of position', async () => {
    counting.reset();
    const res = await t.request('GET', `${API}/events/${id}?as_of=${positions[2]}`);
    expect(res.status, res.text).to.equal(200);
    expect(bodyOf(res).title).to.equal('v2');
    // Three events within the point and the rest of the one chunk that found its end; not the 121 of the stream.
    expect(counting.counts.streamEvents).to.be.at.most(3 + chunk);
  });

  it('starts a later fold from a state it remembers instead of the stream start', async () => {
    const late = `${API}/events/${id}?as_of=${positions[110]}`;
    expect(bodyOf(await t.request('GET', late)).title).to.equal('v110');
    counting.reset();
    const again = await t.request('GET', late);
    expect(bodyOf(again).title).to.equal('v110');
    expect(counting.counts.streamEvents).to.be.at.most(chunk);
  });

  it('reads a history page and the state before it, not the whole stream', async () => {
    await t.admin('GET', `${API}/events/${id}/history?per_page=10&page=2`);
    counting.reset();
    const res = await t.admin('GET', `${API}/events/${id}/history?per_page=10&page=5`);
    const entries = entriesOf(res);
    expect(entries.map((entry) => entry.revision)).to.deep.equal([40, 41, 42, 43, 44, 45, 46, 47, 48, 49]);
    expect(asObject(entries[0]?.changes).title).to.deep.equal({ before: 'v39', after: 'v40' });
    expect(bodyOf(res)).to.include({ total: revisions + 1, total_pages: 13 });
    expect(res.headers.get('x-cal-total')).to.equal(String(revisions + 1));
    // The page (10), the events from the nearest remembered state to the page (20: from revision 19 to 39) and the
    // look past the remembered head; the stream holds 121.
    expect(counting.counts.streamEvents).to.be.at.most(10 + 20 + chunk);
  });

  it('shows the same entries page by page as in one page', async () => {
    const whole = entriesOf(await t.admin('GET', `${API}/events/${id}/history?per_page=50&page=2`));
    const pieces = [];
    for (let page = 6; page <= 10; page++)
      pieces.push(...entriesOf(await t.admin('GET', `${API}/events/${id}/history?per_page=10&page=${page}`)));
    expect(pieces).to.deep.equal(whole);
  });

  it('answers a page past the last with an empty history and the real totals', async () => {
    const res = await t.admin('GET', `${API}/events/${id}/history?per_page=50&page=9`);
    expect(entriesOf(res)).to.deep.equal([]);
    expect(bodyOf(res)).to.include({ total: revisions + 1, total_pages: 3 });
  });
});

describe('Per client limit on as_of and /history', function () {
  let t: TestService;
  let id: number;
  before(async () => {
    t = await startTestService({ CAL_HISTORY_MAX_READS: '3', CAL_HISTORY_READ_WINDOW_SECONDS: '60' });
    id = (await createEvent(t, { title: 'Limited', start_date: '2026-12-01 10:00', end_date: '2026-12-01 11:00' }))
      .id as number;
  });
  after(async () => t.close());

  it('answers 429 with Retry-After once the allowance is used, in the request language, until it refills', async () => {
    expect((await t.admin('GET', `${API}/events/${id}/history`)).status).to.equal(200);
    expect((await t.request('GET', `${API}/events/${id}?as_of=now`)).status).to.equal(200);
    expect((await t.admin('GET', `${API}/events/${id}?as_of=now`)).status).to.equal(200);

    const refused = await t.admin('GET', `${API}/events/${id}/history`);
    expectError(
      refused,
      429,
      'cal_too_many_history_reads',
      'Too many history and as_of reads from this address. Try again later.',
    );
    expect(refused.body).to.deep.equal({
      code: 'cal_too_many_history_reads',
      message: 'Too many history and as_of reads from this address. Try again later.',
      data: { status: 429 },
    });
    // Three reads a minute: one comes back every 20 s.
    expect(refused.headers.get('retry-after')).to.equal('20');
    const spanish = await t.request('GET', `/es${API}/events/${id}?as_of=now`);
    expectError(
      spanish,
      429,
      'cal_too_many_history_reads',
      'Demasiadas lecturas de historial y de as_of desde esta dirección. Vuelve a intentarlo más tarde.',
    );

    // Reads that fold nothing are not limited.
    expect((await t.request('GET', `${API}/events/${id}`)).status).to.equal(200);

    t.setNow(new Date(captureTime.getTime() + 20_000));
    expect((await t.request('GET', `${API}/events/${id}?as_of=now`)).status).to.equal(200);
    expect((await t.request('GET', `${API}/events/${id}?as_of=now`)).status).to.equal(429);
  });

  it('charges a read once though it renders twice to check an item password', async () => {
    const limited = await startTestService({ CAL_HISTORY_MAX_READS: '2', CAL_HISTORY_READ_WINDOW_SECONDS: '60' });
    try {
      const locked = (
        await createEvent(limited, {
          title: 'Locked',
          start_date: '2026-12-01 10:00',
          end_date: '2026-12-01 11:00',
          password: 'open sesame',
        })
      ).id as number;
      const read = () => limited.request('GET', `${API}/events/${locked}?as_of=now&password=open%20sesame`);
      expect((await read()).status).to.equal(200);
      expect((await read()).status).to.equal(200);
      expect((await read()).status).to.equal(429);
    } finally {
      await limited.close();
    }
  });
});
