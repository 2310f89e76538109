// Specifies request and correlation ids: echoed when acceptable, generated otherwise, and carried into written events.
import { expect } from 'chai';
import { startTestService, type TestResponse, type TestService } from '../../support/testService.ts';
import { API, bodyOf } from '../events/support/eventsApi.ts';
import { entriesOf } from '../history/support/historyApi.ts';

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

const idsOf = (res: TestResponse) => ({
  requestId: res.headers.get('x-request-id'),
  correlationId: res.headers.get('x-correlation-id'),
});

describe('X-Request-Id and X-Correlation-Id', function () {
  let t: TestService;
  before(async () => (t = await startTestService()));
  after(async () => t.close());

  it('echoes acceptable ids on API and probe responses alike', async () => {
    const headers = { 'x-request-id': 'req-42.a:b_c', 'x-correlation-id': 'checkout-7' };
    for (const path of [`${API}/events`, '/health', `${API}/no-such-route`]) {
      expect(idsOf(await t.request('GET', path, { headers })), path).to.deep.equal({
        requestId: 'req-42.a:b_c',
        correlationId: 'checkout-7',
      });
    }
  });

  it('accepts ids up to 128 characters', async () => {
    const longest = 'a'.repeat(128);
    expect(
      idsOf(await t.request('GET', '/health', { headers: { 'x-request-id': longest, 'x-correlation-id': longest } })),
    ).to.deep.equal({ requestId: longest, correlationId: longest });
  });

  it('generates a UUID request id when none is sent; the correlation id then defaults to it', async () => {
    const first = idsOf(await t.request('GET', `${API}/events`));
    const second = idsOf(await t.request('GET', `${API}/events`));
    expect(first.requestId).to.match(uuid);
    expect(first.correlationId).to.equal(first.requestId);
    expect(second.requestId).to.match(uuid).and.not.equal(first.requestId);
  });

  for (const [what, value] of [
    ['too long (200 characters)', 'a'.repeat(200)],
    ['with spaces', 'my request id'],
    ['with markup', '<script>alert(1)</script>'],
    ['with quotes', '"quoted"'],
  ] as const) {
    it(`replaces an id ${what} by a generated one`, async () => {
      const ids = idsOf(
        await t.request('GET', '/health', { headers: { 'x-request-id': value, 'x-correlation-id': value } }),
      );
      expect(ids.requestId).to.match(uuid);
      expect(ids.correlationId).to.equal(ids.requestId);
    });
  }

  it('keeps an acceptable correlation id beside a generated request id, and the reverse', async () => {
    const generatedRequest = idsOf(await t.request('GET', '/health', { headers: { 'x-correlation-id': 'order-9' } }));
    expect(generatedRequest.requestId).to.match(uuid);
    expect(generatedRequest.correlationId).to.equal('order-9');
    const badCorrelation = idsOf(
      await t.request('GET', '/health', { headers: { 'x-request-id': 'req-1', 'x-correlation-id': 'bad id' } }),
    );
    expect(badCorrelation).to.deep.equal({ requestId: 'req-1', correlationId: 'req-1' });
  });

  it("stamps a write's events with the correlation id and, as causation, the request id", async () => {
    const created = await t.admin('POST', `${API}/events`, {
      body: { title: 'Traced', start_date: '2026-12-01 10:00:00', end_date: '2026-12-01 11:00:00' },
      headers: { 'x-request-id': 'req-traced-1', 'x-correlation-id': 'campaign-2026' },
    });
    expect(created.status, created.text).to.equal(201);
    const [entry] = entriesOf(await t.admin('GET', `${API}/events/${bodyOf(created).id as number}/history`));
    expect(entry).to.include({ type: 'EventScheduled', correlation_id: 'campaign-2026', causation_id: 'req-traced-1' });
  });

  it('stamps the generated ids when the caller sent none', async () => {
    const created = await t.admin('POST', `${API}/events`, {
      body: { title: 'Untraced', start_date: '2026-12-01 10:00:00', end_date: '2026-12-01 11:00:00' },
    });
    expect(created.status, created.text).to.equal(201);
    const { requestId } = idsOf(created);
    expect(requestId).to.match(uuid);
    const id = bodyOf(created).id as number;
    const update = await t.admin('PATCH', `${API}/events/${id}`, {
      body: { title: 'Untraced, renamed' },
      headers: { 'x-correlation-id': 'campaign-2026' },
    });
    expect(update.status, update.text).to.equal(200);
    const entries = entriesOf(await t.admin('GET', `${API}/events/${id}/history`));
    expect(entries.map((e) => [e.type, e.correlation_id, e.causation_id])).to.deep.equal([
      ['EventScheduled', requestId, requestId],
      ['EventDetailsChanged', 'campaign-2026', idsOf(update).requestId],
    ]);
  });
});
