// Specifies the limit on failed Basic-auth attempts per client: 429 with Retry-After, per address, then free again.
import { expect } from 'chai';
import { adminPassword, captureTime, startTestService, type TestService } from '../../support/testService.ts';
import { basic, requestFrom, type AddressedResponse } from './support/fromAddress.ts';

const API = '/cal/events/v1';
const right = basic('admin', adminPassword);
const wrong = basic('admin', 'not-it');
const unknown = basic('ghost', 'whatever');
const secondsLater = (seconds: number) => new Date(captureTime.getTime() + seconds * 1000);

function expectTooMany(
  res: AddressedResponse,
  retryAfter: string,
  message = 'Too many failed authentication attempts from this address. Try again later.',
): void {
  expect(res.status).to.equal(429);
  expect(res.headers['retry-after']).to.equal(retryAfter);
  expect(res.body).to.deep.equal({ code: 'rest_too_many_requests', message, data: { status: 429 } });
  expect(res.headers['x-content-type-options']).to.equal('nosniff');
}

describe('failed Basic-auth attempts, limited per client', function () {
  this.timeout(60_000);

  describe('with the defaults: 10 failures per 60 s', () => {
    let t: TestService;
    let events: string;
    before(async () => {
      t = await startTestService();
      events = `${t.service.url}${API}/events`;
    });
    after(async () => t.close());

    it(
      'answers the 11th attempt after 10 failures with 429 and Retry-After, even with the right ' + 'password',
      async () => {
        for (let i = 0; i < 10; i++) {
          const res = await requestFrom('127.0.0.2', events, { authorization: i % 2 === 0 ? wrong : unknown });
          expect(res.status, `failure ${i + 1}`).to.equal(401);
        }
        expectTooMany(await requestFrom('127.0.0.2', events, { authorization: right }), '60');
        expectTooMany(await requestFrom('127.0.0.2', events, { authorization: wrong }), '60');
        const spanish = await requestFrom('127.0.0.2', `${t.service.url}/es${API}/events`, { authorization: right });
        expectTooMany(
          spanish,
          '60',
          'Demasiados intentos de autenticación fallidos desde esta dirección. Vuelve a intentarlo más tarde.',
        );
      },
    );

    it('leaves other client addresses alone', async () => {
      expect((await requestFrom('127.0.0.3', events, { authorization: right })).status).to.equal(200);
      expect((await requestFrom('127.0.0.3', events, { authorization: wrong })).status).to.equal(401);
    });

    it('never limits requests without Basic credentials, nor the probes outside the API', async () => {
      expect((await requestFrom('127.0.0.2', events)).status).to.equal(200);
      expect((await requestFrom('127.0.0.2', events, { authorization: 'Bearer something' })).status).to.equal(200);
      expect((await requestFrom('127.0.0.2', `${t.service.url}/health`, { authorization: right })).status).to.equal(
        200,
      );
    });

    it('does not extend the wait for refused attempts, and frees the client when the window has passed', async () => {
      t.setNow(secondsLater(59));
      expectTooMany(await requestFrom('127.0.0.2', events, { authorization: right }), '1');
      t.setNow(secondsLater(60));
      const res = await requestFrom('127.0.0.2', events, { authorization: right });
      expect(res.status).to.equal(200);
      expect(res.headers['cache-control']).to.include('private');
    });

    it('gives only as many telling answers as the allowance when attempts arrive together', async () => {
      const answers = await Promise.all(
        Array.from({ length: 30 }, () => requestFrom('127.0.0.4', events, { authorization: wrong })),
      );
      const statuses = answers.map((res) => res.status);
      expect(statuses.filter((s) => s === 401)).to.have.length(10);
      expect(statuses.filter((s) => s === 429)).to.have.length(20);
    });
  });

  describe('who the client is', () => {
    let direct: TestService;
    let proxied: TestService;
    before(async () => {
      direct = await startTestService({ CAL_AUTH_MAX_FAILURES: '2' });
      proxied = await startTestService({ CAL_AUTH_MAX_FAILURES: '2', CAL_TRUST_PROXY: 'true' });
    });
    after(async () => Promise.all([direct.close(), proxied.close()]));

    it('is the socket address by default: X-Forwarded-For cannot buy a client fresh attempts', async () => {
      const events = `${direct.service.url}${API}/events`;
      for (const forwarded of ['198.51.100.1', '198.51.100.2']) {
        expect(
          (await requestFrom('127.0.0.6', events, { authorization: wrong, 'x-forwarded-for': forwarded })).status,
        ).to.equal(401);
      }
      const res = await requestFrom('127.0.0.6', events, { authorization: right, 'x-forwarded-for': '198.51.100.3' });
      expect(res.status).to.equal(429);
    });

    it('is the last X-Forwarded-For entry, the one the trusted proxy appended, with CAL_TRUST_PROXY', async () => {
      const events = `${proxied.service.url}${API}/events`;
      // Whatever a client writes itself comes first; the proxy appends the address it saw.
      for (const forwarded of ['198.51.100.7', '203.0.113.1, 198.51.100.7']) {
        expect(
          (await requestFrom('127.0.0.7', events, { authorization: wrong, 'x-forwarded-for': forwarded })).status,
        ).to.equal(401);
      }
      expect(
        (
          await requestFrom('127.0.0.7', events, {
            authorization: right,
            'x-forwarded-for': '203.0.113.2, 198.51.100.7',
          })
        ).status,
      ).to.equal(429);
      expect(
        (await requestFrom('127.0.0.7', events, { authorization: right, 'x-forwarded-for': '198.51.100.8' })).status,
      ).to.equal(200);
    });
  });

  describe('as configured: 3 failures per 5 s', () => {
    let t: TestService;
    let events: string;
    before(async () => {
      t = await startTestService({ CAL_AUTH_MAX_FAILURES: '3', CAL_AUTH_FAILURE_WINDOW_SECONDS: '5' });
      events = `${t.service.url}${API}/events`;
    });
    after(async () => t.close());

    it('refuses the 4th attempt for the rest of the window, and counts successes as nothing', async () => {
      expect((await requestFrom('127.0.0.5', events, { authorization: right })).status).to.equal(200);
      for (let i = 0; i < 3; i++)
        expect((await requestFrom('127.0.0.5', events, { authorization: wrong })).status).to.equal(401);
      t.setNow(secondsLater(2));
      expectTooMany(await requestFrom('127.0.0.5', events, { authorization: right }), '3');
      t.setNow(secondsLater(5));
      expect((await requestFrom('127.0.0.5', events, { authorization: right })).status).to.equal(200);
    });
  });
});
