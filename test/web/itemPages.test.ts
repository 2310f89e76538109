// Specifies the public item pages in a real browser: every `url` the API wrote for a seeded event, venue, organizer,
// category and tag opens a page (200) showing that item; read rules as the API's; accessibility; screenshots.
import { expect } from 'chai';
import { startTestService, type TestService } from '../support/testService.ts';
import {
  browserMissing,
  calendarSettled,
  desktop,
  launchBrowser,
  phone,
  screenshot,
  seriousViolations,
  type TestBrowser,
} from './support/browser.ts';
import { API, seedCalendar, siteZone, type Json, type SeededCalendar } from './support/calendarSeed.ts';

describe('Public item pages (browser)', function () {
  this.timeout(60_000);
  let t: TestService;
  let browser: TestBrowser;
  let seeded: SeededCalendar;

  before(async function () {
    const missing = browserMissing();
    if (missing) {
      console.log(`    skipped: ${missing}`);
      return this.skip();
    }
    t = await startTestService({ CAL_TIMEZONE: siteZone });
    seeded = await seedCalendar(t);
    browser = await launchBrowser();
  });
  after(async () => {
    await browser?.close();
    await t?.close();
  });

  /** The API writes addresses on its configured public URL; the test service listens elsewhere. */
  const here = (url: string) => url.replace('http://localhost:8080', t.service.url);
  const visit = async (url: string, viewport = desktop) => {
    const opened = await browser.open(t.service.url, viewport);
    const response = await opened.page.goto(here(url));
    return { ...opened, status: response?.status() };
  };
  const nameOf = (item: Json): string => String(item.title ?? item.venue ?? item.organizer ?? item.name);

  it(
    'opens every url of the seeded items: 200, the item named in the heading, no other host, no ' +
      'serious axe violation',
    async function () {
      this.timeout(240_000);
      const checkedKinds = new Set<string>();
      const items: Json[] = [
        seeded.jazzNight,
        seeded.newYork,
        seeded.festival,
        seeded.spanish,
        seeded.catalan,
        ...seeded.daily,
        seeded.hall,
        seeded.park,
        seeded.organizer,
        seeded.music,
        seeded.jazz,
        seeded.outdoor,
      ];
      for (const item of items) {
        const { page, status, foreign, errors } = await visit(item.url);
        expect(status, item.url).to.equal(200);
        expect(await page.locator('h1').textContent(), item.url).to.equal(nameOf(item));
        if (await page.locator('#calendar-app').count()) await calendarSettled(page);
        expect(foreign, item.url).to.deep.equal([]);
        expect(errors, item.url).to.deep.equal([]);
        // One accessibility check per kind of page: they share their templates.
        const kind =
          new URL(item.url).pathname
            .split('/')
            .filter(Boolean)
            .find((part) => !['ca', 'es', 'en'].includes(part)) ?? '';
        if (!checkedKinds.has(kind)) expect(await seriousViolations(page), item.url).to.deep.equal([]);
        checkedKinds.add(kind);
        await page.close();
      }
      expect([...checkedKinds].sort()).to.deep.equal(['event', 'events', 'organizer', 'tag', 'venue']);
    },
  );

  it('embeds the event json_ld exactly as the API gives it, and shows its details in its own zone', async () => {
    const { page } = await visit(seeded.jazzNight.url);
    const api = (await t.request('GET', `${API}/events/${seeded.jazzNight.id}`)).body as Json;
    const embedded = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? '');
    expect(embedded).to.deep.equal(api.json_ld);
    const text = await page.locator('main').textContent();
    expect(text).to.include('Friday, March 27, 2026, 9:00 PM – 11:30 PM (CET)').and.include('Time zone: Europe/Madrid');
    expect(text)
      .to.include('Moll de la Fusta 1, Barcelona, 08002, Spain')
      .and.include('Friends of Music')
      .and.include('10€ – 15€');
    expect(await page.locator('main script').count()).to.equal(0);
    expect(await page.getByRole('link', { name: 'Jazz' }).getAttribute('href')).to.equal(
      '/events/category/music/jazz/',
    );
    expect(await page.getByRole('link', { name: 'Harbour Hall' }).getAttribute('href')).to.equal(
      '/venue/harbour-hall/',
    );
    expect(await page.locator('link[rel="canonical"]').getAttribute('href')).to.equal(seeded.jazzNight.url);
    await screenshot(page, 'event-page-desktop');
    await page.close();
    const onPhone = await visit(seeded.jazzNight.url, phone);
    await screenshot(onPhone.page, 'event-page-phone');
    await onPhone.page.close();
  });

  it('a venue and an organizer page list their upcoming events, linked to their pages', async () => {
    for (const item of [seeded.hall, seeded.organizer]) {
      const { page } = await visit(item.url);
      const upcoming = page.getByRole('region', { name: 'Upcoming events' });
      expect(await upcoming.getByRole('link', { name: 'Winter concert' }).getAttribute('href')).to.equal(
        '/event/winter-concert/',
      );
      // Events before the service's today (2026-11-22) are past.
      expect(await upcoming.getByRole('link', { name: 'Jazz night' }).count()).to.equal(0);
      await screenshot(page, `${item === seeded.hall ? 'venue' : 'organizer'}-page-desktop`);
      await page.close();
    }
  });

  it('a category view is the calendar of that category, children included', async () => {
    const { page } = await visit(`${seeded.music.url}?date=2026-03-23`);
    await calendarSettled(page);
    expect((await page.locator('.fc-event-title').allTextContents()).sort()).to.deep.equal([
      'Jazz night',
      'Spring festival',
    ]);
    expect(await page.locator('#filter-category').count()).to.equal(0);
    expect(await page.locator('.term-description').textContent()).to.equal('Concerts and sessions');
    await screenshot(page, 'category-page-desktop');
    await page.close();
  });

  it(
    'reads as the API reads: a draft, a password-protected event and unknown addresses show ' + 'nothing of them',
    async () => {
      const draft = await visit(seeded.draft.url);
      expect(draft.status).to.equal(403);
      expect(await draft.page.content()).to.not.include('Unannounced draft');
      expect(await draft.page.locator('h1').textContent()).to.equal('Not accessible');
      await draft.page.close();
      const locked = await visit(seeded.locked.url);
      expect(locked.status).to.equal(403);
      expect(await locked.page.content()).to.not.include('The secret agenda');
      expect(await locked.page.locator('main p').first().textContent()).to.equal(
        'The requested event is not accessible without a password',
      );
      await locked.page.close();
      for (const path of [
        '/event/no-such-event/',
        '/venue/no-such-venue/',
        '/events/category/jazz/',
        '/tag/no-such-tag/',
        '/?post_type=cal_events&p=999999',
        '/?post_type=page&p=1',
      ]) {
        const missing = await visit(`${t.service.url}${path}`);
        expect(missing.status, path).to.equal(404);
        expect(await missing.page.locator('h1').textContent(), path).to.equal('Page not found');
        await missing.page.close();
      }
    },
  );

  it('shows a draft to a signed-in editor through its ?post_type address', async () => {
    const response = await fetch(here(seeded.draft.url), {
      headers: { authorization: `Basic ${Buffer.from('admin:admin-secret').toString('base64')}` },
    });
    expect(response.status).to.equal(200);
    expect(response.headers.get('cache-control')).to.equal('private, no-store');
    expect(await response.text()).to.include('<h1>Unannounced draft</h1>');
  });
});
