// Measures the calendar page's time to first calendar with 100,000 events seeded (the benchmark's data set: three
// years around now, three zones, three languages). Slow to seed, so it runs only with CAL_WEB_FIRST_RENDER=1:
//   CAL_WEB_FIRST_RENDER=1 node --import tsx node_modules/mocha/bin/mocha.js --no-config --timeout 0
// test/web/firstRender.test.ts
// It reports figures and asserts only that the calendar rendered; speed targets belong to the benchmark.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import { openLmdbEventStore } from '../../src/events/embedded/lmdbEventStore.ts';
import { seed } from '../../bench/seed.ts';
import { fullShape } from '../../bench/seedShape.ts';
import { captureTime, startTestService, type TestService } from '../support/testService.ts';
import {
  browserMissing,
  skipWhenMissing,
  calendarSettled,
  launchBrowser,
  screenshot,
  type TestBrowser,
} from './support/browser.ts';

describe('Calendar page: time to first calendar with 100k events (CAL_WEB_FIRST_RENDER=1)', function () {
  this.timeout(0);
  let t: TestService;
  let browser: TestBrowser;
  let dir: string;

  before(async function () {
    const missing =
      process.env.CAL_WEB_FIRST_RENDER === '1'
        ? browserMissing()
        : 'set CAL_WEB_FIRST_RENDER=1 to seed 100k events and measure';
    skipWhenMissing(this, missing);
    dir = mkdtempSync(join(tmpdir(), 'cal-first-render-'));
    const store = await openLmdbEventStore(join(dir, 'events'));
    const seeded = await seed(store, fullShape, captureTime);
    await store.close();
    console.log(`    seeded ${seeded.calendarEvents} events (${seeded.storeEvents} store events)`);
    t = await startTestService({}, dir);
    browser = await launchBrowser();
    // One visit first: the figures are those of a running service whose bundle is built and code warm.
    const warm = await browser.open(t.service.url);
    await warm.page.goto(`${t.service.url}/?view=list&date=2027-06-07`);
    await calendarSettled(warm.page, 600_000);
    await warm.page.close();
  });
  after(async () => {
    await browser?.close();
    await t?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  for (const view of ['month', 'week', 'list'] as const) {
    it(`${view} view of the seeded month: first events and all events shown`, async () => {
      const { page } = await browser.open(t.service.url);
      const started = Date.now();
      await page.goto(`${t.service.url}/?view=${view}&date=2026-11-23`);
      await page.locator('.fc-event').first().waitFor({ timeout: 120_000 });
      const firstCalendar = Date.now() - started;
      await calendarSettled(page, 600_000);
      const allLoaded = Date.now() - started;
      const status = await page.locator('[role="status"]').textContent();
      const navigation = await page.evaluate(() =>
        Math.round(performance.getEntriesByType('navigation')[0]?.duration ?? 0),
      );
      console.log(
        `    ${view}: first calendar with events ${firstCalendar} ms, all loaded ${allLoaded} ms ` +
          `(${status}; page load ${navigation} ms)`,
      );
      expect(await page.locator('.fc-event').count()).to.be.greaterThan(0);
      await screenshot(page, `first-render-${view}-100k`, { fullPage: false });
      await page.close();
    });
  }
});
