// Specifies that failures answer in the wire format with catalogue texts only: no stack, path or exception message.
import { expect } from 'chai';
import { adminAuth, startTestService, type TestService } from '../../support/testService.ts';
import { rawRequest, type RawResponse } from './support/rawRequest.ts';

const API = '/cal/events/v1';
/** What would betray internals: stack frames, source or install paths, exception names and parser messages. */
const internals = /\bat \S+ \(|\/work\/|node_modules|\.ts\b|\.js\b|Error\b|secret-detail|Unexpected|JSON\.parse|stack/;

function expectWireError(res: RawResponse, status: number, code: string, message: string): void {
  expect(res.status).to.equal(status);
  expect(JSON.parse(res.text)).to.deep.equal({ code, message, data: { status } });
  expect(res.text).not.to.match(internals);
}

describe('no internals in responses', function () {
  this.timeout(30_000);
  let t: TestService;
  before(async () => (t = await startTestService()));
  after(async () => t.close());

  const failure = () =>
    Object.assign(new Error('secret-detail at /srv/cal/src/projections/memory/store.ts:12'), { code: 'ECONNRESET' });

  it('answers a read whose store throws with 500 rest_internal_error and the generic message', async () => {
    const events = t.service.readStore.events;
    const original = events.get.bind(events);
    // The memory read model is read in the calling turn too (readsNow): it fails there as well.
    const now = t.service.readStore.readsNow?.events;
    const originalNow = now?.get.bind(now);
    for (const thrown of [
      failure(),
      'secret-detail as a string',
      { message: 'secret-detail in an object', stack: 'at x (/srv/y.ts:1:1)' },
    ]) {
      events.get = () => Promise.reject(thrown as Error);
      if (now)
        now.get = () => {
          throw thrown;
        };
      try {
        for (const path of [`${API}/events/1`, `/ca${API}/events/1`]) {
          const res = await rawRequest(t.service.url, path);
          const message = path.startsWith('/ca/')
            ? "S'ha produït un error intern; no s'ha escrit res."
            : 'An internal error occurred; nothing was written.';
          expectWireError(res, 500, 'rest_internal_error', message);
          expect(res.headers['content-type']).to.equal('application/json; charset=UTF-8');
        }
      } finally {
        events.get = original;
        if (now && originalNow) now.get = originalNow;
      }
    }
    expect((await rawRequest(t.service.url, `${API}/events/1`)).status).to.equal(404);
  });

  it('answers a write whose event store throws without saying why', async () => {
    const store = t.service.store;
    const original = store.append.bind(store);
    store.append = () => Promise.reject(failure());
    try {
      const res = await rawRequest(t.service.url, `${API}/venues`, {
        method: 'POST',
        headers: { authorization: adminAuth, 'content-type': 'application/json' },
        body: JSON.stringify({ venue: 'Sala' }),
      });
      expect(res.status).to.be.within(500, 599);
      expect(JSON.parse(res.text)).to.have.all.keys('code', 'message', 'data');
      expect(res.text).not.to.match(internals);
    } finally {
      store.append = original;
    }
  });

  it(
    'answers malformed, oversized or undecodable bodies with their catalogue codes, not the ' + 'parser messages',
    async () => {
      const post = (body: string, headers: Record<string, string> = {}) =>
        rawRequest(t.service.url, `${API}/venues`, {
          method: 'POST',
          headers: { authorization: adminAuth, 'content-type': 'application/json', ...headers },
          body,
        });
      for (const body of ['{"venue": ', '{venue: 1}', '[1,]', '{"a":"\\u12"}']) {
        expectWireError(await post(body), 400, 'rest_invalid_json', 'Invalid JSON body passed.');
      }
      expectWireError(
        await post('{"venue":"x"}', { 'content-encoding': 'gzip' }),
        400,
        'rest_invalid_json',
        'Invalid JSON body passed.',
      );
      expectWireError(
        await post('{"venue":"x"}', { 'content-encoding': 'klingon' }),
        400,
        'rest_invalid_json',
        'Invalid JSON body passed.',
      );
      expectWireError(
        await post(`"${'x'.repeat(1_100_000)}"`),
        413,
        'rest_payload_too_large',
        'The request body is too large.',
      );
    },
  );

  it('answers paths with bad percent-encodings in the wire format', async () => {
    for (const path of ['/%ZZ', `${API}/%`, `${API}/events/%ZZ`, `${API}/categories/%E0%A4%A`, '/health%ZZ']) {
      const res = await rawRequest(t.service.url, path);
      expectWireError(res, 404, 'rest_no_route', 'No route was found matching the URL and request method.');
    }
    const slug = await rawRequest(t.service.url, `${API}/events/by-slug/%E0%A4%A`);
    expect(slug.status).to.equal(400);
    expect(slug.text).not.to.match(internals);
  });

  it('answers an error escaping the operations routes with a bare 500, its message withheld', async () => {
    const { registry } = t.service.metrics;
    const original = registry.metrics.bind(registry);
    registry.metrics = () =>
      Promise.reject(new Error('secret-detail at /srv/cal/node_modules/prom-client/lib/registry.js'));
    try {
      const res = await rawRequest(t.service.url, '/metrics');
      expect(res.status).to.equal(500);
      expect(res.text).to.equal('Internal Server Error');
      expect(res.headers['x-content-type-options']).to.equal('nosniff');
      expect(res.headers['referrer-policy']).to.equal('no-referrer');
    } finally {
      registry.metrics = original;
    }
  });
});
