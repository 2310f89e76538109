// Specifies that every response, API or not, error or not, streams included, carries nosniff and no-referrer.
import { expect } from 'chai';
import { ProjectionLagMeter } from '../../../src/projections/projectionLag.ts';
import { pino } from 'pino';
import { listen, type HttpServer } from '../../../src/http/httpServer.ts';
import { createOperationsApp } from '../../../src/http/operationsApp.ts';
import { openSse } from '../../support/sseClient.ts';
import { adminAuth, startTestService, type TestService } from '../../support/testService.ts';
import { basic } from './support/fromAddress.ts';
import { rawRequest, type RawResponse } from './support/rawRequest.ts';

const API = '/cal/events/v1';

function expectSecurityHeaders(res: RawResponse | { headers: Record<string, unknown> }, what: string): void {
  expect(res.headers['x-content-type-options'], what).to.equal('nosniff');
  expect(res.headers['referrer-policy'], what).to.equal('no-referrer');
}

describe('security headers on every response', function () {
  this.timeout(30_000);
  let t: TestService;
  before(async () => (t = await startTestService({ CAL_AUTH_MAX_FAILURES: '1' })));
  after(async () => t.close());

  it('are sent on API answers, errors of every kind and the probes', async () => {
    const wrong = basic('admin', 'wrong');
    const cases: [string, string, Record<string, string>?, string?, string?][] = [
      ['GET', `${API}/events`],
      ['GET', `/es${API}/events`, { authorization: adminAuth }],
      ['HEAD', `${API}/events`],
      ['OPTIONS', `${API}/events`, { origin: 'https://app.example' }],
      ['GET', `${API}/events/999999`],
      ['GET', '/nowhere'],
      ['GET', '/%ZZ'],
      ['DELETE', `${API}/events/1`],
      ['POST', `${API}/venues`, { authorization: adminAuth, 'content-type': 'application/json' }, '{"venue": '],
      // From a client of its own (the allowance is one failure): the second is refused with 429.
      ['GET', `${API}/events`, { authorization: wrong }, undefined, '127.0.0.9'],
      ['GET', `${API}/events`, { authorization: wrong }, undefined, '127.0.0.9'],
      ['GET', `${API}/changes`],
      ['HEAD', `${API}/changes`, { authorization: adminAuth }],
      ['GET', '/health'],
      ['GET', '/ready'],
      ['GET', '/metrics'],
    ];
    const statuses: number[] = [];
    for (const [method, path, headers, body, localAddress] of cases) {
      const res = await rawRequest(t.service.url, path, { method, headers, body, localAddress });
      statuses.push(res.status);
      expectSecurityHeaders(res, `${method} ${path}`);
    }
    expect(statuses).to.deep.equal([200, 200, 200, 200, 404, 404, 404, 401, 400, 401, 429, 401, 200, 200, 200, 200]);
  });

  it('are sent on the change feed, which writes its own response head', async () => {
    const feed = await openSse(`${t.service.url}${API}/changes`, { authorization: adminAuth });
    try {
      expect(feed.status).to.equal(200);
      expect(feed.headers['content-type']).to.equal('text/event-stream; charset=utf-8');
      expectSecurityHeaders(feed, 'GET /changes');
    } finally {
      feed.abort();
    }
  });

  it('are sent by a projector process, which serves only the probes', async () => {
    const { store, readStore, metrics, projections } = t.service;
    const app = createOperationsApp(
      {
        store,
        readStore,
        metrics,
        appliedPosition: async () => projections.appliedPosition,
        lag: new ProjectionLagMeter(store),
        maxLagSeconds: 5,
        clock: () => new Date(),
      },
      pino({ level: 'silent' }),
    );
    const server: HttpServer = await listen(app, 0, '127.0.0.1');
    try {
      for (const path of ['/health', '/ready', '/metrics', '/nowhere'])
        expectSecurityHeaders(await rawRequest(server.url, path), path);
    } finally {
      await server.close(1000);
    }
  });
});
