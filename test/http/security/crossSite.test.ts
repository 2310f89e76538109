// Specifies that writes a browser sends for a page of another origin are refused (403 rest_cross_site_request), unless
// CAL_CORS_ORIGINS allows that origin, while clients that are not browsers and the service's own pages write as before.
import { expect } from 'chai';
import { crossSiteRefused } from '../../../src/http/middleware/crossSiteWrites.ts';
import { adminAuth, startTestService, type TestService } from '../../support/testService.ts';
import { API, bodyOf, expectError } from '../events/support/eventsApi.ts';

const evil = 'https://evil.example';
const when = 'start_date=2026-12-01%2010:00:00&end_date=2026-12-01%2011:00:00';
/** What a cross-site HTML form posts: a form body, which needs no CORS preflight. */
const formPost = (title: string) => ({
  rawBody: `title=${encodeURIComponent(title)}&${when}`,
  contentType: 'application/x-www-form-urlencoded',
});

describe('cross-site writes', function () {
  this.timeout(60_000);

  describe('the rule', () => {
    const own = ['http://localhost:8080'];
    it('refuses unsafe methods from another origin, or marked cross-site or same-site without an origin', () => {
      for (const method of ['POST', 'PUT', 'PATCH', 'DELETE']) {
        expect(crossSiteRefused(method, evil, undefined, own, []), method).to.equal(true);
        expect(crossSiteRefused(method, 'null', undefined, own, []), `${method} null`).to.equal(true);
        expect(crossSiteRefused(method, undefined, 'cross-site', own, []), method).to.equal(true);
        expect(crossSiteRefused(method, undefined, 'same-site', own, []), method).to.equal(true);
      }
    });
    it('lets safe methods, clients without Origin or Sec-Fetch-Site, own and allowed origins through', () => {
      for (const method of ['GET', 'HEAD', 'OPTIONS'])
        expect(crossSiteRefused(method, evil, 'cross-site', own, []), method).to.equal(false);
      expect(crossSiteRefused('POST', undefined, undefined, own, [])).to.equal(false);
      expect(crossSiteRefused('POST', undefined, 'same-origin', own, [])).to.equal(false);
      expect(crossSiteRefused('POST', undefined, 'none', own, [])).to.equal(false);
      expect(crossSiteRefused('POST', 'http://localhost:8080', 'same-origin', own, [])).to.equal(false);
      expect(crossSiteRefused('POST', evil, 'cross-site', own, [evil])).to.equal(false);
      expect(crossSiteRefused('POST', evil, 'cross-site', own, '*')).to.equal(false);
      expect(crossSiteRefused('POST', 'https://other.example', 'cross-site', own, [evil])).to.equal(true);
    });
  });

  describe('CAL_CORS_ORIGINS unset (the default)', () => {
    let t: TestService;
    before(async () => (t = await startTestService()));
    after(async () => t.close());

    const titles = async (): Promise<string[]> =>
      ((bodyOf(await t.admin('GET', `${API}/events?per_page=50`)).events ?? []) as { title: string }[]).map(
        (e) => e.title,
      );

    it(
      "refuses a form posted from another site with the browser's cached credentials: 403, " + 'nothing written',
      async () => {
        const res = await t.admin('POST', `${API}/events`, {
          ...formPost('Forged'),
          headers: { origin: evil, 'sec-fetch-site': 'cross-site' },
        });
        expectError(res, 403, 'rest_cross_site_request');
        expect(bodyOf(res).message).to.match(/another site/);
        expect(await titles()).not.to.include('Forged');
      },
    );

    it('refuses updates and deletes from another origin, and leaves the item as it was', async () => {
      const made = await t.admin('POST', `${API}/events`, formPost('Kept'));
      expect(made.status, made.text).to.equal(201);
      const path = `${API}/events/${bodyOf(made).id as number}`;
      for (const method of ['POST', 'PUT', 'PATCH']) {
        expectError(
          await t.admin(method, path, { body: { title: 'Changed' }, headers: { origin: evil } }),
          403,
          'rest_cross_site_request',
        );
      }
      expectError(await t.admin('DELETE', path, { headers: { origin: 'null' } }), 403, 'rest_cross_site_request');
      expectError(
        await t.admin('DELETE', path, { headers: { 'sec-fetch-site': 'same-site' } }),
        403,
        'rest_cross_site_request',
      );
      const after = bodyOf(await t.admin('GET', path));
      expect(after).to.include({ title: 'Kept', status: 'publish' });
    });

    it('answers in the language of the path segment', async () => {
      const ca = await t.admin('POST', `/ca${API}/venues`, { body: { venue: 'x' }, headers: { origin: evil } });
      expectError(ca, 403, 'rest_cross_site_request');
      expect(bodyOf(ca).message).to.match(/^No s'accepten escriptures/);
      const es = await t.admin('POST', `/es${API}/venues`, { body: { venue: 'x' }, headers: { origin: evil } });
      expect(bodyOf(es).message).to.match(/^No se aceptan escrituras/);
    });

    it(
      'does not look at the credentials of a forged write: wrong ones get 403, not 401, and count ' +
        'as no failed login',
      async () => {
        const wrong = `Basic ${Buffer.from('admin:wrong').toString('base64')}`;
        for (let i = 0; i < 15; i++) {
          expectError(
            await t.request('POST', `${API}/tags`, { body: { name: 'x' }, auth: wrong, headers: { origin: evil } }),
            403,
            'rest_cross_site_request',
          );
        }
        // Past the failed-login allowance (10) had they counted; the real password still works.
        expect((await t.admin('GET', `${API}/events`)).status).to.equal(200);
      },
    );

    it(
      "lets writes through from clients that send neither header, from the service's own origins " +
        'and same-origin pages',
      async () => {
        expect((await t.admin('POST', `${API}/events`, formPost('From curl'))).status).to.equal(201);
        expect(
          (
            await t.admin('POST', `${API}/events`, {
              ...formPost('From the public origin'),
              headers: { origin: 'http://localhost:8080' },
            })
          ).status,
        ).to.equal(201);
        const addressed = t.service.url.replace(/\/$/, '');
        expect(
          (
            await t.admin('POST', `${API}/events`, {
              ...formPost('From the address used'),
              headers: { origin: addressed },
            })
          ).status,
        ).to.equal(201);
        expect(
          (
            await t.admin('POST', `${API}/events`, {
              ...formPost('Same origin'),
              headers: { 'sec-fetch-site': 'same-origin' },
            })
          ).status,
        ).to.equal(201);
        expect(
          (
            await t.admin('POST', `${API}/events`, {
              ...formPost('Typed address'),
              headers: { 'sec-fetch-site': 'none' },
            })
          ).status,
        ).to.equal(201);
      },
    );

    it('answers reads and preflights from any origin as before', async () => {
      expect(
        (await t.request('GET', `${API}/events`, { headers: { origin: evil, 'sec-fetch-site': 'cross-site' } })).status,
      ).to.equal(200);
      const preflight = await t.request('OPTIONS', `${API}/events`, {
        headers: { origin: evil, 'access-control-request-method': 'POST' },
      });
      expect(preflight.status).to.equal(200);
    });
  });

  describe('CAL_CORS_ORIGINS lists origins', () => {
    let t: TestService;
    before(async () => (t = await startTestService({ CAL_CORS_ORIGINS: 'https://app.example' })));
    after(async () => t.close());

    it('accepts writes from a listed origin, same-site included, and refuses the others', async () => {
      const listed = await t.request('POST', `${API}/events`, {
        ...formPost('From the app'),
        auth: adminAuth,
        headers: { origin: 'https://app.example', 'sec-fetch-site': 'same-site' },
      });
      expect(listed.status, listed.text).to.equal(201);
      expectError(
        await t.admin('POST', `${API}/events`, { ...formPost('Forged'), headers: { origin: evil } }),
        403,
        'rest_cross_site_request',
      );
    });
  });

  describe('CAL_CORS_ORIGINS=*', () => {
    let t: TestService;
    before(async () => (t = await startTestService({ CAL_CORS_ORIGINS: '*' })));
    after(async () => t.close());

    it('accepts writes from any origin, as it lets any origin read', async () => {
      expect(
        (await t.admin('POST', `${API}/events`, { ...formPost('Anywhere'), headers: { origin: evil } })).status,
      ).to.equal(201);
    });
  });
});
