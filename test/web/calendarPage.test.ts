// Specifies the calendar page in a real browser (docs/web-pages.md): each view shows the seeded events on their own
// local days, including the week the site zone changes to summer time and an event in another zone; filters and the
// language switch change what is shown and the address; event details; keyboard use; accessibility; screenshots.
import { expect } from 'chai';
import type { Page } from 'playwright-core';
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
import { dstWeek, seedCalendar, siteZone } from './support/calendarSeed.ts';

describe('Calendar page (browser)', function () {
  this.timeout(60_000);
  let t: TestService;
  let browser: TestBrowser;

  before(async function () {
    skipWhenMissing(this, browserMissing());
    t = await startTestService({ CAL_TIMEZONE: siteZone });
    await seedCalendar(t);
    browser = await launchBrowser();
  });
  after(async () => {
    await browser?.close();
    await t?.close();
  });

  const open = async (path: string, viewport = desktop) => {
    const opened = await browser.open(t.service.url, viewport);
    await opened.page.goto(`${t.service.url}${path}`);
    expect(await calendarSettled(opened.page)).to.equal('done');
    return opened;
  };
  const titlesOn = (page: Page, selector: string) => page.locator(`${selector} .fc-event-title`).allTextContents();

  it(
    'month view: every seeded event on its own local day, the New York one on its New York ' + 'date; no other host',
    async () => {
      const { page, foreign, errors } = await open('/?date=2026-03-23');
      for (const day of dstWeek)
        expect(await titlesOn(page, `.fc-daygrid-day[data-date="${day}"]`)).to.include(`Morning yoga ${day}`);
      // 21:00 in New York on the 24th is 02:00 on the 25th in Madrid: the calendar follows the event's own date.
      expect(await titlesOn(page, '.fc-daygrid-day[data-date="2026-03-24"]')).to.include('Late show in New York');
      expect(await titlesOn(page, '.fc-daygrid-day[data-date="2026-03-25"]')).to.not.include('Late show in New York');
      expect(await page.locator('.fc-daygrid-day[data-date="2026-03-24"] .event-zone').allTextContents()).to.deep.equal(
        ['EDT'],
      );
      expect(await titlesOn(page, '.fc-daygrid-day[data-date="2026-03-25"]')).to.include('Open day');
      expect(await titlesOn(page, '.fc-daygrid-day[data-date="2026-03-26"]')).to.include('Spring festival');
      // Other languages' events and drafts are not listed.
      const all = await page.locator('.fc-event-title').allTextContents();
      expect(all).to.not.include.members(['Concierto de primavera', 'Unannounced draft']);
      expect(await page.locator('[role="status"]').textContent()).to.equal('12 events shown');
      expect(await page.locator('.period-title').textContent()).to.equal('March 2026');
      expect(foreign, 'requests to other hosts').to.deep.equal([]);
      expect(errors).to.deep.equal([]);
      expect(await seriousViolations(page)).to.deep.equal([]);
      await screenshot(page, 'calendar-month-desktop');
      await page.close();
    },
  );

  it('week view: the daily 10:00 events keep 10:00 on both sides of the change to summer time', async () => {
    for (const date of ['2026-03-23', '2026-03-29']) {
      const { page, foreign } = await open(`/?view=week&date=${date}`);
      const week = await page
        .locator('.fc-timegrid-col[data-date]')
        .evaluateAll((columns) => columns.map((column) => column.getAttribute('data-date')));
      const tops: number[] = [];
      for (const day of dstWeek.filter((d) => week.includes(d))) {
        const event = page.locator(`.fc-timegrid-col[data-date="${day}"] .fc-timegrid-event`, {
          hasText: `Morning yoga ${day}`,
        });
        expect(await event.locator('.fc-event-time').textContent(), day).to.equal('10:00 AM');
        const column = await page.locator(`.fc-timegrid-col[data-date="${day}"]`).boundingBox();
        const box = await event.boundingBox();
        tops.push(Math.round((box?.y ?? 0) - (column?.y ?? 0)));
      }
      expect(tops.length).to.be.greaterThan(0);
      expect(new Set(tops).size, `top offsets ${tops.join(',')}`).to.equal(1);
      expect(foreign).to.deep.equal([]);
      expect(await seriousViolations(page)).to.deep.equal([]);
      await screenshot(page, `calendar-week-${date}-desktop`);
      await page.close();
    }
  });

  it('list view: days in order, the festival on each of its days, the zone of the New York event shown', async () => {
    const { page } = await open('/?view=list&date=2026-03-23');
    const days = await page
      .locator('tr.fc-list-day')
      .evaluateAll((rows) => rows.map((row) => row.getAttribute('data-date')));
    expect(days).to.deep.equal([...dstWeek]);
    const newYork = page.locator('tr.fc-list-event', { hasText: 'Late show in New York' });
    expect(await newYork.locator('.event-zone').textContent()).to.equal('EDT');
    expect(await page.locator('tr.fc-list-event', { hasText: 'Spring festival' }).count()).to.equal(3);
    expect(await seriousViolations(page)).to.deep.equal([]);
    await screenshot(page, 'calendar-list-desktop');
    await page.close();
  });

  it('on a phone-sized screen: the list by default, filters folded, nothing wider than the screen', async () => {
    for (const view of ['', '&view=month', '&view=week']) {
      const { page } = await open(`/?date=2026-03-23${view}`, phone);
      if (view === '') expect(await page.locator('.view-buttons [aria-pressed="true"]').textContent()).to.equal('List');
      expect(await page.locator('details.filter-panel').getAttribute('open')).to.equal(null);
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(width).to.be.at.most(phone.width);
      expect(await seriousViolations(page)).to.deep.equal([]);
      await screenshot(page, `calendar-${view === '' ? 'list' : view.slice(6)}-phone`);
      await page.close();
    }
  });

  it('filters change what is shown and the address: a category with its children, a tag, search, clear', async () => {
    const { page } = await open('/?date=2026-03-23');
    await page.locator('#filter-category option[value="music"]').waitFor({ state: 'attached' });
    await page.selectOption('#filter-category', 'music');
    await calendarSettled(page);
    await page.waitForURL(/category=music/);
    expect((await page.locator('.fc-event-title').allTextContents()).sort()).to.deep.equal([
      'Jazz night',
      'Spring festival',
    ]);
    await page.selectOption('#filter-category', '');
    await page.selectOption('#filter-tag', 'outdoor');
    await page.waitForURL(/tag=outdoor/);
    await calendarSettled(page);
    const tagged = await page.locator('.fc-event-title').allTextContents();
    expect(tagged)
      .to.include('Spring festival')
      .and.to.include('Morning yoga 2026-03-23')
      .and.not.include('Jazz night');
    await page.selectOption('#filter-tag', '');
    await page.fill('#filter-search', 'quartet');
    await page.press('#filter-search', 'Enter');
    await page.waitForURL(/search=quartet/);
    await calendarSettled(page);
    expect(await page.locator('.fc-event-title').allTextContents()).to.deep.equal(['Jazz night']);
    expect(await page.locator('.subscribe a').getAttribute('href')).to.equal(
      '/cal/events/v1/events.ics?search=quartet',
    );
    // The address alone reproduces the view.
    const shared = await open(new URL(page.url()).pathname + new URL(page.url()).search);
    expect(await shared.page.locator('.fc-event-title').allTextContents()).to.deep.equal(['Jazz night']);
    expect(await shared.page.inputValue('#filter-search')).to.equal('quartet');
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await calendarSettled(page);
    expect(page.url()).to.not.include('search=');
    expect(await page.locator('[role="status"]').textContent()).to.equal('12 events shown');
    await shared.page.close();
    await page.close();
  });

  it('the language switch shows the page in Spanish, with Spanish events, at /es/', async () => {
    const { page } = await open('/?date=2026-03-23&view=list');
    await page.getByRole('navigation', { name: 'Language' }).getByRole('link', { name: 'Español' }).click();
    await page.waitForURL(/\/es\/\?/);
    expect(await calendarSettled(page)).to.equal('done');
    expect(new URL(page.url()).search).to.equal('?view=list&date=2026-03-23');
    expect(await page.locator('html').getAttribute('lang')).to.equal('es');
    expect(await page.locator('.view-buttons button').allTextContents()).to.deep.equal(['Mes', 'Semana', 'Lista']);
    expect(await page.locator('.fc-event-title').allTextContents()).to.deep.equal(['Concierto de primavera']);
    expect(await page.locator('.subscribe a').textContent()).to.equal('Suscribirse a estos eventos (iCalendar)');
    expect(await seriousViolations(page)).to.deep.equal([]);
    await screenshot(page, 'calendar-list-es-desktop');
    await page.goto(`${t.service.url}/ca/?date=2026-03-23&view=list`);
    await calendarSettled(page);
    expect(await page.locator('.fc-event-title').allTextContents()).to.deep.equal(['Concert de primavera']);
    expect(await page.locator('.period-title').textContent()).to.match(/^març/i);
    await page.close();
  });

  it(
    'opens an event by keyboard: its details in a dialog, in its own zone, closed with Escape ' + 'back to the event',
    async () => {
      const { page } = await open('/?date=2026-03-23');
      const jazz = page.locator('.fc-event', { hasText: 'Jazz night' });
      await jazz.focus();
      await page.keyboard.press('Enter');
      const dialog = page.getByRole('dialog', { name: 'Jazz night' });
      await dialog.waitFor();
      const text = await dialog.textContent();
      expect(text).to.include('Friday, March 27, 2026, 9:00 PM – 11:30 PM (CET)');
      expect(text)
        .to.include('Harbour Hall')
        .and.include('Moll de la Fusta 1, Barcelona, 08002, Spain')
        .and.include('Friends of Music');
      expect(text).to.include('10€ – 15€').and.include('Jazz').and.include('Quartet live.');
      expect(await dialog.locator('script').count()).to.equal(0);
      expect(await dialog.getByRole('link', { name: 'Map' }).getAttribute('href')).to.match(
        /^https:\/\/www\.openstreetmap\.org\/search\?query=Harbour%20Hall/,
      );
      expect(await dialog.getByRole('link', { name: 'Event page' }).getAttribute('href')).to.equal(
        '/event/jazz-night/',
      );
      expect(await seriousViolations(page)).to.deep.equal([]);
      await screenshot(page, 'calendar-details-desktop');
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
      expect(await jazz.evaluate((element) => element === document.activeElement)).to.equal(true);
      await page.close();
    },
  );

  it('a password-protected event is listed with its title only; its description never reaches the page', async () => {
    const { page } = await open('/?date=2026-03-23');
    await page.locator('.fc-event', { hasText: 'Members evening' }).click();
    const dialog = page.getByRole('dialog', { name: 'Members evening' });
    await dialog.waitFor();
    expect(await page.content()).to.not.include('The secret agenda');
    await page.close();
  });

  it('the subscribe link gives a feed of the events in view', async function () {
    const { page } = await open('/?date=2026-03-23&category=music');
    const href = await page.locator('.subscribe a').getAttribute('href');
    expect(href).to.equal('/cal/events/v1/events.ics?categories=music');
    const feed = await fetch(`${t.service.url}${href}&starts_after=2026-03-01&starts_before=2026-04-01`);
    if (feed.status === 404) {
      console.log('    skipped: GET /events.ics answers 404 (calendar feeds, issue 17, are not on this branch yet)');
      await page.close();
      return this.skip();
    }
    expect(feed.status).to.equal(200);
    const summaries = [...(await feed.text()).matchAll(/^SUMMARY:(.*)$/gm)].map((match) => match[1]?.trim()).sort();
    expect(summaries).to.deep.equal((await page.locator('.fc-event-title').allTextContents()).sort());
    await page.close();
  });

  it('marks events that belong to a series', async function () {
    const created = await t.admin('POST', '/cal/events/v1/events', {
      body: {
        title: 'Weekly choir',
        start_date: '2026-03-23 18:00:00',
        end_date: '2026-03-23 19:00:00',
        recurrence: ['RRULE:FREQ=WEEKLY;COUNT=2'],
      },
    });
    const body = created.body as { id: number; recurring_event_id?: number };
    if (body.recurring_event_id === undefined) {
      console.log(
        '    skipped: the API does not write series yet (recurring events, issue 16, are not on this branch)',
      );
      await t.admin('DELETE', `/cal/events/v1/events/${body.id}`);
      return this.skip();
    }
    const { page } = await open('/?date=2026-03-23&view=list&search=choir');
    expect(await page.locator('tr.fc-list-event', { hasText: 'Weekly choir' }).count()).to.equal(2);
    expect(await page.locator('tr.fc-list-event .event-series').count()).to.equal(2);
    await page.locator('.fc-event', { hasText: 'Weekly choir' }).first().click();
    expect(await page.getByRole('dialog').textContent()).to.include('Part of a series');
    await page.close();
    // The month and week views mark them too: a symbol hidden from screen readers, and words read in its place.
    const month = (await open('/?date=2026-03-23&search=choir')).page;
    for (const day of ['2026-03-23', '2026-03-30']) {
      const cell = month.locator(`.fc-daygrid-day[data-date="${day}"]`);
      expect(await cell.locator('.event-series[aria-hidden="true"]').textContent()).to.equal('↻');
      expect(await cell.locator('.fc-event .visually-hidden').textContent()).to.equal('Part of a series');
      expect(await cell.locator('.fc-event').textContent()).to.include('Weekly choir↻Part of a series');
    }
    expect(await seriousViolations(month)).to.deep.equal([]);
    await screenshot(month, 'calendar-month-series-desktop');
    await month.close();
    const week = (await open('/?view=week&date=2026-03-30&search=choir')).page;
    expect(await week.locator('.fc-timegrid-col[data-date="2026-03-30"] .event-series').count()).to.equal(1);
    await week.close();
  });

  it('shows an empty period as such', async () => {
    const opened = await browser.open(t.service.url);
    await opened.page.goto(`${t.service.url}/?date=2031-01-15`);
    expect(await calendarSettled(opened.page)).to.equal('empty');
    expect(await opened.page.locator('[role="status"]').textContent()).to.equal('No events in this period.');
    await opened.page.close();
  });
});
