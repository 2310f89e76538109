// Specifies the pages' HTTP answers without a browser: assets cacheable under hashed names, pages escaped and
// revalidated, the security policy sent, and every path that is not a page left to the API as before.
import { request } from 'node:http';
import { expect } from 'chai';
import { startTestService, type TestService } from '../support/testService.ts';
import { API } from './support/calendarSeed.ts';

describe('Web pages over HTTP', function () {
  this.timeout(60_000);
  let t: TestService;
  before(async () => {
    t = await startTestService();
  });
  after(async () => t.close());

  const get = (path: string, headers: Record<string, string> = {}) => fetch(`${t.service.url}${path}`, { headers });
  /** A conditional GET as a browser cache sends it (fetch would add `Cache-Control: no-cache`, asking for a reload). */
  const revalidate = (path: string, etag: string) =>
    new Promise<number>((resolve, reject) => {
      request(`${t.service.url}${path}`, { headers: { 'if-none-match': etag } }, (response) => {
        response.resume();
        resolve(response.statusCode ?? 0);
      })
        .on('error', reject)
        .end();
    });

  it('serves every asset of a page under a content-hashed name, for a year, with an ETag, gzip and 304', async () => {
    const page = await (await get('/')).text();
    const assets = [...page.matchAll(/(?:href|src)="(\/assets\/[^"]+)"/g)].map((match) => match[1] as string);
    expect(assets.length).to.be.at.least(3);
    for (const path of assets) {
      expect(path).to.match(/-[A-Za-z0-9]{8,10}\.(js|css)$/);
      const plain = await get(path, { 'accept-encoding': 'identity' });
      expect(plain.status, path).to.equal(200);
      expect(plain.headers.get('cache-control')).to.equal('public, max-age=31536000, immutable');
      const etag = plain.headers.get('etag') ?? '';
      expect(etag).to.match(/^"[^"]+"$/);
      expect(await revalidate(path, etag)).to.equal(304);
      const zipped = await fetch(`${t.service.url}${path}`, { headers: { 'accept-encoding': 'gzip' } });
      expect(zipped.headers.get('content-encoding')).to.equal('gzip');
      expect(await zipped.text()).to.equal(await plain.text());
    }
    expect((await get('/assets/calendar-XXXXXXXX.js')).status).to.equal(404);
  });

  it(
    'sends pages with a security policy that keeps scripts and requests on this origin, and ' + 'revalidates them',
    async () => {
      const page = await get('/');
      expect(page.headers.get('content-type')).to.equal('text/html; charset=utf-8');
      expect(page.headers.get('content-security-policy'))
        .to.include("script-src 'self'")
        .and.include("connect-src 'self'");
      expect(page.headers.get('cache-control')).to.equal('no-cache');
      expect(await revalidate('/', page.headers.get('etag') ?? '')).to.equal(304);
      const head = await fetch(`${t.service.url}/docs`, { method: 'HEAD' });
      expect(head.status).to.equal(200);
      expect(await head.text()).to.equal('');
    },
  );

  it('escapes what editors wrote, in the page and in its structured data', async () => {
    const hostile = '<img src=x onerror=alert(1)></script><script>alert(2)</script>';
    const created = await t.admin('POST', `${API}/events`, {
      body: {
        title: `Hostile ${hostile}`,
        description: `Text ${hostile} <a href="javascript:alert(3)">link</a>`,
        start_date: '2026-12-01 10:00:00',
        end_date: '2026-12-01 11:00:00',
      },
    });
    const { url } = created.body as { url: string };
    const html = await (await get(new URL(url).pathname)).text();
    expect(html).to.include('<h1>Hostile &lt;img src=x onerror=alert(1)&gt;&lt;/script&gt;');
    expect(html).to.not.include('<img src=x').and.not.include('<script>alert').and.not.include('javascript:');
    const jsonLd = /<script type="application\/ld\+json">(.*?)<\/script>/s.exec(html)?.[1] ?? '';
    expect(jsonLd).to.not.include('</');
    expect(JSON.parse(jsonLd).name).to.equal(`Hostile ${hostile}`);
  });

  it('leaves every other path to the API, which answers as before', async () => {
    for (const path of ['/nothing-here', '/events', '/doc', `${API}/nothing`, '/docs/more', '/assetsx/a.js']) {
      const response = await get(path);
      expect(response.status, path).to.equal(404);
      expect(response.headers.get('content-type'), path).to.equal('application/json; charset=UTF-8');
      expect(((await response.json()) as { code: string }).code, path).to.equal('rest_no_route');
    }
    const index = await get(API);
    expect(index.headers.get('content-type')).to.equal('application/json; charset=UTF-8');
    expect(((await index.json()) as { namespace: string }).namespace).to.equal('cal/events/v1');
    const post = await fetch(`${t.service.url}/`, { method: 'POST' });
    expect(post.status).to.equal(404);
    expect(post.headers.get('content-type')).to.equal('application/json; charset=UTF-8');
  });
});
