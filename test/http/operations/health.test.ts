// Specifies the probes: GET /health (liveness) and GET /ready (stores reachable, read model caught up), outside the
// API.
import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import { toNewEvent } from '../../../src/events/catalogue/envelope.ts';
import { AnyRevision } from '../../../src/events/eventStore.ts';
import { captureTime, startTestService, type TestService } from '../../support/testService.ts';
import { API, bodyOf, expectError } from '../events/support/eventsApi.ts';

const wrongCredentials = `Basic ${Buffer.from('admin:not-the-password').toString('base64')}`;

describe('GET /health and GET /ready', function () {
  let t: TestService;
  before(async () => (t = await startTestService({ CAL_READY_MAX_LAG_SECONDS: '1' })));
  after(async () => t.close());

  it('/health answers 200 {status: ok} without credentials', async () => {
    const res = await t.request('GET', '/health');
    expect(res.status).to.equal(200);
    expect(res.body).to.deep.equal({ status: 'ok' });
    expect(res.headers.get('cache-control')).to.equal('no-store');
  });

  it('/health and /ready never authenticate: wrong Basic credentials do not turn them into 401s', async () => {
    const health = await t.request('GET', '/health', { auth: wrongCredentials });
    expect(health.status).to.equal(200);
    expect(health.body).to.deep.equal({ status: 'ok' });
    expect((await t.request('GET', '/ready', { auth: wrongCredentials })).status).to.equal(200);
    // The same credentials are refused inside the API: the probes really bypass authentication.
    expect((await t.request('GET', `${API}/events`, { auth: wrongCredentials })).status).to.equal(401);
  });

  it('/ready answers 200 ready with every check passing while the read model is caught up', async () => {
    const res = await t.request('GET', '/ready');
    expect(res.status, res.text).to.equal(200);
    expect(res.body).to.deep.equal({
      status: 'ready',
      checks: {
        event_store: 'ok',
        read_store: 'ok',
        projection: { lag_events: 0, lag_seconds: 0, max_lag_seconds: 1, caught_up: true },
      },
    });
  });

  it('/health and /ready are not under /cal/events/v1: there the API answers rest_no_route', async () => {
    expectError(await t.request('GET', `${API}/health`), 404, 'rest_no_route');
    expectError(await t.request('GET', `${API}/ready`), 404, 'rest_no_route');
  });
});

describe('GET /ready while the projection is behind', function () {
  let t: TestService;
  before(async () => (t = await startTestService({ CAL_READY_MAX_LAG_SECONDS: '1' })));
  after(async () => t.close());

  it('answers 503 not_ready with the lag once an unapplied event is older than CAL_READY_MAX_LAG_SECONDS', async () => {
    await t.service.runner!.stop();
    const tenSecondsAgo = new Date(captureTime.getTime() - 10_000);
    const reserved = toNewEvent(
      { type: 'IdBlockReserved', data: { first: 9001, last: 9010 } },
      { actor: 'system', now: tenSecondsAgo, correlationId: randomUUID(), causationId: randomUUID() },
    );
    await t.service.store.append('ids-test', [reserved], AnyRevision);

    const res = await t.request('GET', '/ready');
    expect(res.status, res.text).to.equal(503);
    const body = bodyOf(res);
    expect(body.status).to.equal('not_ready');
    expect(body.checks).to.deep.include({ event_store: 'ok', read_store: 'ok' });
    const projection = (body.checks as { projection: { lag_events: number; lag_seconds: number; caught_up: boolean } })
      .projection;
    expect(projection.lag_events).to.be.at.least(1);
    expect(projection.lag_seconds).to.equal(10);
    expect(projection.caught_up).to.equal(false);
    // Liveness is unaffected: a lagging process is alive, only not ready for traffic.
    expect((await t.request('GET', '/health')).status).to.equal(200);
  });
});
