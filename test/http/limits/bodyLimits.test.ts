// Specifies the body limits: 1 MiB, JSON nested at most 64 deep, and a connection that stays usable after a body the
// service refused half-way (docs/api.md §13.1 `rest_invalid_json` and the 413 of docs/architecture.md §6).
import { gzipSync } from 'node:zlib';
import { Agent } from 'node:http';
import { expect } from 'chai';
import { startTestService, type TestService } from '../../support/testService.ts';
import { maxJsonDepth } from '../../../src/http/middleware/requestLimits.ts';
import { API, dates, send, type LimitResponse } from './support/limitsClient.ts';

const MiB = 1024 * 1024;
const jsonType = { 'content-type': 'application/json' };

/** A valid event create of exactly `size` bytes: an ignored member pads it. */
function eventOfSize(size: number): string {
  const shell = JSON.stringify({ title: 'Sized', ...dates, padding: '' });
  return shell.replace('"padding":""', `"padding":"${'p'.repeat(size - shell.length)}"`);
}

/** `{"title":…,"padding":[[…1…]]}`: the object itself is level 1, so the padding adds `depth - 1` levels. */
function eventNested(depth: number): string {
  const inner = `${'['.repeat(depth - 1)}1${']'.repeat(depth - 1)}`;
  return `{"title":"Nested",${JSON.stringify(dates).slice(1, -1)},"padding":${inner}}`;
}

function expectWireError(res: LimitResponse, status: number, code: string): Record<string, unknown> {
  expect(res.status, res.text.slice(0, 300)).to.equal(status);
  expect(res.headers['content-type']).to.equal('application/json; charset=UTF-8');
  expect(res.body?.code).to.equal(code);
  const data = res.body?.data as Record<string, unknown>;
  expect(Object.keys(data)[0]).to.equal('status');
  expect(data.status).to.equal(status);
  return data;
}

describe('Body limits', function () {
  this.timeout(60_000);
  let t: TestService;
  let agent: Agent;
  before(async () => (t = await startTestService()));
  after(async () => t.close());
  beforeEach(() => (agent = new Agent({ keepAlive: true, maxSockets: 1 })));
  afterEach(() => agent.destroy());

  const post = (body: string | Buffer, headers: Record<string, string> = jsonType) =>
    send(t.service.url, agent, { method: 'POST', path: `${API}/events`, headers, body });
  const head = () => t.service.store.headPosition();

  describe('size', () => {
    it('accepts a JSON body of exactly 1 MiB', async () => {
      const res = await post(eventOfSize(MiB));
      expect(res.status, res.text.slice(0, 300)).to.equal(201);
    });

    it('answers one byte more with 413 rest_payload_too_large, writing nothing', async () => {
      const before = await head();
      expectWireError(await post(eventOfSize(MiB + 1)), 413, 'rest_payload_too_large');
      expectWireError(
        await post(`title=x&padding=${'p'.repeat(MiB)}`, { 'content-type': 'application/x-www-form-urlencoded' }),
        413,
        'rest_payload_too_large',
      );
      expect(await head()).to.equal(before);
    });

    it('counts the decompressed bytes: a small gzip body that inflates past 1 MiB gets 413', async () => {
      const bomb = gzipSync(Buffer.from(eventOfSize(4 * MiB)));
      expect(bomb.length).to.be.below(64 * 1024);
      expectWireError(await post(bomb, { ...jsonType, 'content-encoding': 'gzip' }), 413, 'rest_payload_too_large');
    });

    it(
      'refuses a chunked body at the limit without its size announced, and serves the next ' +
        'request on the connection',
      async () => {
        const chunk = Buffer.alloc(64 * 1024, 'a');
        const res = await send(t.service.url, agent, {
          method: 'POST',
          path: `${API}/events`,
          headers: jsonType,
          chunks: Array.from({ length: 40 }, () => chunk),
        });
        expectWireError(res, 413, 'rest_payload_too_large');
        const next = await send(t.service.url, agent, { method: 'GET', path: `${API}/events` });
        expect(next.status, next.text.slice(0, 200)).to.equal(200);
      },
    );

    it('serves the next request on a connection whose gzip body could not be decoded half-way', async () => {
      const res = await post(Buffer.alloc(300_000, 'x'), { ...jsonType, 'content-encoding': 'gzip' });
      expectWireError(res, 400, 'rest_invalid_json');
      const next = await send(t.service.url, agent, { method: 'GET', path: `${API}/events` });
      expect(next.status, next.text.slice(0, 200)).to.equal(200);
    });
  });

  describe('JSON nesting', () => {
    it(`accepts ${maxJsonDepth} levels`, async () => {
      expect(maxJsonDepth).to.equal(64);
      const res = await post(eventNested(64));
      expect(res.status, res.text.slice(0, 300)).to.equal(201);
    });

    it(
      'answers one level more with 400 rest_invalid_json naming the depth, before any handler, ' + 'writing nothing',
      async () => {
        const before = await head();
        const data = expectWireError(await post(eventNested(65)), 400, 'rest_invalid_json');
        expect(data.json_error_message).to.equal('Maximum nesting depth of 64 exceeded.');
        // Nested objects too; and anonymous: the body is refused before permissions are even looked at.
        const objects = `{"title":"x","padding":${'{"a":'.repeat(70)}1${'}'.repeat(70)}}`;
        const anonymous = await send(t.service.url, agent, {
          method: 'POST',
          path: `${API}/events`,
          headers: { ...jsonType, authorization: '' },
          body: objects,
        });
        expectWireError(anonymous, 400, 'rest_invalid_json');
        expect(await head()).to.equal(before);
      },
    );

    it('survives 10 000 and 500 000 levels, which would overflow the stack of any recursive walk', async () => {
      for (const depth of [10_000, 500_000]) expectWireError(await post(eventNested(depth)), 400, 'rest_invalid_json');
      const alive = await send(t.service.url, agent, { method: 'GET', path: '/health' });
      expect(alive.status).to.equal(200);
    });
  });
});
