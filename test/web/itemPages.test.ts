// Specifies the public item pages in a real browser: every `url` the API wrote for a seeded event, venue, organizer,
// category and tag opens a page (200) showing that item; read rules as the API's; accessibility; screenshots.
import { expect } from 'chai';
import { startTestService, type TestService } from '../support/testService.ts';
import {
  browserMissing,
  skipWhenMissing,
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
    skipWhenMissing(this, browserMissing());
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

  it('an occurrence page: part of a series, the rule in words, the series item, the other dates', async () => {
    // Tuesdays from the test clock's week (today is Sunday 2026-11-22) to 22 December: five dates.
    const series = (
      await t.admin('POST', `${API}/events`, {
        body: {
          title: 'Tuesday choir',
          start_date: '2026-11-24 19:00:00',
          end_date: '2026-11-24 20:30:00',
          recurrence: ['RRULE:FREQ=WEEKLY;BYDAY=TU;UNTIL=20261222'],
        },
      })
    ).body as Json;
    const children = (await t.request('GET', `${API}/events?post_parent=${series.id}`)).body as { events: Json[] };
    expect(children.events.map((event) => String(event.start_date).slice(0, 10))).to.deep.equal([
      '2026-12-01',
      '2026-12-08',
      '2026-12-15',
      '2026-12-22',
    ]);
    const [second, ...later] = children.events as [Json, ...Json[]];
    const { page, errors } = await visit(second.url);
    expect(await page.locator('.series-note').textContent()).to.match(
      /^\s*Part of a series: every week on Tuesday until December 22, 2026 · First event of the series\s*$/,
    );
    expect(await page.getByRole('link', { name: 'First event of the series' }).getAttribute('href')).to.equal(
      new URL(series.url).pathname,
    );
    const dates = page.getByRole('region', { name: 'Other upcoming dates of the series' });
    const links = await dates
      .getByRole('link')
      .evaluateAll((anchors) => anchors.map((anchor) => [anchor.textContent?.trim(), anchor.getAttribute('href')]));
    expect(links).to.deep.equal(
      later.map((event) => [
        `Tuesday, ${new Date(`${String(event.start_date).slice(0, 10)}T12:00:00Z`).toLocaleDateString('en', {
          month: 'long',
          day: 'numeric',
          timeZone: 'UTC',
        })}, 2026, 7:00 PM – 8:30 PM (CET)`,
        new URL(event.url).pathname,
      ]),
    );
    expect(errors).to.deep.equal([]);
    expect(await seriousViolations(page)).to.deep.equal([]);
    await screenshot(page, 'event-series-page-desktop');
    await page.close();
    // The series item itself: the rule, no link to itself, every occurrence as its other dates.
    const first = await visit(series.url);
    expect(await first.page.locator('.series-note').textContent()).to.match(
      /^\s*Part of a series: every week on Tuesday until December 22, 2026\s*$/,
    );
    expect(await first.page.locator('.series-dates li').count()).to.equal(4);
    await first.page.close();
  });

  it('a Catalan series page lists its dates in Catalan in place of the rule in words', async () => {
    const series = (
      await t.admin('POST', `/ca${API}/events`, {
        body: {
          title: 'Coral dels dimarts',
          start_date: '2026-11-24 19:00:00',
          end_date: '2026-11-24 20:30:00',
          recurrence: ['RRULE:FREQ=WEEKLY;COUNT=3'],
        },
      })
    ).body as Json;
    const { page } = await visit(series.url);
    expect((await page.locator('.series-note').textContent())?.trim()).to.equal("Forma part d'una sèrie");
    const dates = page.getByRole('region', { name: 'Altres dates properes de la sèrie' });
    expect((await dates.getByRole('link').allTextContents()).map((text) => text.trim())).to.deep.equal([
      'dimarts, 1 de desembre del 2026, 19:00 – 20:30 (CET)',
      'dimarts, 8 de desembre del 2026, 19:00 – 20:30 (CET)',
    ]);
    await page.close();
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
