// Specifies CORS as configured by CAL_CORS_ORIGINS: off by default, `*` reflecting any origin, or a list of origins.
import { expect } from 'chai';
import { corsHeadersFor } from '../../../src/http/middleware/commonHeaders.ts';
import { startTestService, type TestResponse, type TestService } from '../../support/testService.ts';

const API = '/cal/events/v1';
const allowHeaders = 'Authorization, Content-Disposition, Content-MD5, Content-Type';
const exposeHeaders = 'X-Cal-Total, X-Cal-TotalPages, Link, ETag, X-Cal-Truncated';
const preflight = {
  'access-control-request-method': 'POST',
  'access-control-request-headers': 'authorization, content-type',
};

function expectNoOriginGrant(res: TestResponse): void {
  for (const name of [
    'access-control-allow-origin',
    'access-control-allow-methods',
    'access-control-allow-credentials',
  ]) {
    expect(res.headers.get(name), name).to.equal(null);
  }
}

function expectGranted(res: TestResponse, origin: string): void {
  expect(res.headers.get('access-control-allow-origin')).to.equal(origin);
  expect(res.headers.get('access-control-allow-methods')).to.equal('OPTIONS, GET, POST, PUT, PATCH, DELETE');
  expect(res.headers.get('access-control-allow-credentials')).to.equal('true');
  expect(res.headers.get('vary')).to.equal('Origin');
}

function expectWireHeaders(res: TestResponse): void {
  expect(res.headers.get('access-control-allow-headers')).to.equal(allowHeaders);
  expect(res.headers.get('access-control-expose-headers')).to.equal(exposeHeaders);
}

describe('corsHeadersFor', () => {
  it('grants nothing and varies on nothing when off', () => {
    expect(corsHeadersFor('https://a.example', [])).to.deep.equal({});
    expect(corsHeadersFor('', [])).to.deep.equal({});
  });

  it('with *, reflects any origin as the reference does, and adds nothing without one', () => {
    expect(corsHeadersFor('https://any.example', '*')).to.include({
      'Access-Control-Allow-Origin': 'https://any.example',
      Vary: 'Origin',
    });
    expect(corsHeadersFor('', '*')).to.deep.equal({});
  });

  it('with a list, grants exactly the listed origins and tells caches that answers vary by origin', () => {
    const allowed = ['https://a.example', 'http://localhost:3000'];
    expect(corsHeadersFor('http://localhost:3000', allowed)).to.include({
      'Access-Control-Allow-Origin': 'http://localhost:3000',
    });
    for (const other of [
      'https://b.example',
      'https://a.example:443x',
      'http://a.example',
      'https://a.example.evil.test',
      'null',
      '',
    ]) {
      expect(corsHeadersFor(other, allowed), other).to.deep.equal({ Vary: 'Origin' });
    }
  });
});

describe('CORS in the service', function () {
  this.timeout(30_000);

  describe('off by default', () => {
    let t: TestService;
    before(async () => (t = await startTestService()));
    after(async () => t.close());

    it('grants no origin on reads, errors and preflights, but keeps the headers everyone gets (§1.5)', async () => {
      const origin = { origin: 'https://app.example' };
      for (const res of [
        await t.request('GET', `${API}/events`, { headers: origin }),
        await t.request('GET', `${API}/nowhere`, { headers: origin }),
        await t.request('OPTIONS', `${API}/events`, { headers: { ...origin, ...preflight } }),
      ]) {
        expectNoOriginGrant(res);
        expect(res.headers.get('vary')).to.equal(null);
        expectWireHeaders(res);
      }
    });
  });

  describe('CAL_CORS_ORIGINS=*', () => {
    let t: TestService;
    before(async () => (t = await startTestService({ CAL_CORS_ORIGINS: '*' })));
    after(async () => t.close());

    it('reflects any origin on reads, errors and preflights (docs/api.md §1.5)', async () => {
      const origin = { origin: 'https://anything.example' };
      const preflighted = await t.request('OPTIONS', `${API}/events`, { headers: { ...origin, ...preflight } });
      expect(preflighted.status).to.equal(200);
      for (const res of [
        preflighted,
        await t.request('GET', `${API}/events`, { headers: origin }),
        await t.request('GET', `${API}/nowhere`, { headers: origin }),
      ]) {
        expectGranted(res, 'https://anything.example');
        expectWireHeaders(res);
      }
      const plain = await t.request('GET', `${API}/events`);
      expectNoOriginGrant(plain);
      expect(plain.headers.get('vary')).to.equal(null);
    });
  });

  describe('CAL_CORS_ORIGINS as a list', () => {
    let t: TestService;
    before(
      async () => (t = await startTestService({ CAL_CORS_ORIGINS: 'https://app.example, http://localhost:3000' })),
    );
    after(async () => t.close());

    it('grants a listed origin, on the preflight and on the credentialed request that follows', async () => {
      const origin = { origin: 'http://localhost:3000' };
      const preflighted = await t.request('OPTIONS', `${API}/events`, { headers: { ...origin, ...preflight } });
      expect(preflighted.status).to.equal(200);
      expectGranted(preflighted, 'http://localhost:3000');
      const created = await t.admin('POST', `${API}/venues`, { headers: origin, body: { venue: 'Sala CORS' } });
      expect(created.status).to.equal(201);
      expectGranted(created, 'http://localhost:3000');
    });

    it('grants no other origin, and marks every answer as varying by origin', async () => {
      for (const origin of ['https://evil.example', 'https://app.example.evil.example', 'http://app.example']) {
        const res = await t.request('GET', `${API}/events`, { headers: { origin } });
        expect(res.status).to.equal(200);
        expectNoOriginGrant(res);
        expect(res.headers.get('vary'), origin).to.equal('Origin');
        expectWireHeaders(res);
      }
      expect((await t.request('GET', `${API}/events`)).headers.get('vary')).to.equal('Origin');
    });
  });
});
