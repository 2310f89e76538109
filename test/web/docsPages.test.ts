// Specifies the interactive API reference in a real browser: /docs lists every route of /doc and a request tried from
// it answers 200; /docs/events renders the AsyncAPI catalogue; both load only this service's files.
import { expect } from 'chai';
import { startTestService, type TestService } from '../support/testService.ts';
import {
  browserMissing,
  skipWhenMissing,
  launchBrowser,
  phone,
  screenshot,
  seriousViolations,
  type TestBrowser,
} from './support/browser.ts';
import { API } from './support/calendarSeed.ts';

describe('API reference pages (browser)', function () {
  this.timeout(60_000);
  let t: TestService;
  let browser: TestBrowser;

  before(async function () {
    skipWhenMissing(this, browserMissing());
    t = await startTestService();
    await t.admin('POST', `${API}/events`, {
      body: { title: 'Tried from the reference', start_date: '2026-11-25 10:00:00', end_date: '2026-11-25 11:00:00' },
    });
    browser = await launchBrowser();
  });
  after(async () => {
    await browser?.close();
    await t?.close();
  });

  it('lists every route and method of /doc, and a request tried from the page answers 200', async function () {
    this.timeout(240_000);
    const doc = (await t.request('GET', `${API}/doc`)).body as { paths: Record<string, Record<string, unknown>> };
    const { page, foreign, errors } = await browser.open(t.service.url);
    await page.goto(`${t.service.url}/docs`);
    await page.locator('.opblock').first().waitFor();
    const shown = await page
      .locator('.opblock')
      .evaluateAll((blocks) =>
        blocks.map(
          (block) =>
            `${block.querySelector('.opblock-summary-method')?.textContent?.toLowerCase()} ` +
            `${block.querySelector('.opblock-summary-path')?.getAttribute('data-path')}`,
        ),
      );
    const documented = Object.entries(doc.paths).flatMap(([path, operations]) =>
      Object.keys(operations).map((method) => `${method} ${path}`),
    );
    expect(shown.sort()).to.deep.equal(documented.sort());
    expect(await seriousViolations(page)).to.deep.equal([]);
    await screenshot(page, 'docs-openapi-desktop');

    const events = page.locator('.opblock-get', { has: page.locator('[data-path="/events"]') });
    await events.locator('.opblock-summary').click();
    await events.getByRole('button', { name: 'Try it out' }).click();
    await events.getByRole('button', { name: 'Execute' }).click();
    const status = events.locator('.live-responses-table .response .response-col_status').first();
    await status.waitFor();
    expect((await status.textContent())?.trim()).to.equal('200');
    expect(await events.locator('.live-responses-table').textContent()).to.include('Tried from the reference');
    expect(await seriousViolations(page)).to.deep.equal([]);
    await screenshot(page, 'docs-openapi-tried-desktop');
    expect(foreign).to.deep.equal([]);
    expect(errors).to.deep.equal([]);
    await page.close();
  });

  it('renders the event catalogue of /doc/events', async function () {
    this.timeout(240_000);
    const catalogue = (await t.request('GET', `${API}/doc/events`)).body as {
      info: { title: string };
      components: { messages: Record<string, unknown> };
    };
    const { page, foreign, errors } = await browser.open(t.service.url);
    await page.goto(`${t.service.url}/docs/events`);
    // The component renders the whole catalogue at once; it takes a while on a busy machine.
    await page.waitForFunction(
      (title) => document.getElementById('asyncapi-reference')?.textContent?.includes(title),
      catalogue.info.title,
      { timeout: 90_000 },
    );
    const text = await page.locator('main').textContent();
    for (const message of Object.keys(catalogue.components.messages).slice(0, 5)) expect(text).to.include(message);
    expect(await seriousViolations(page)).to.deep.equal([]);
    await screenshot(page, 'docs-asyncapi-desktop', { fullPage: false });
    expect(foreign).to.deep.equal([]);
    expect(errors).to.deep.equal([]);
    await page.close();
    const onPhone = await browser.open(t.service.url, phone);
    await onPhone.page.goto(`${t.service.url}/docs`);
    await onPhone.page.locator('.opblock').first().waitFor();
    await screenshot(onPhone.page, 'docs-openapi-phone');
    await onPhone.page.close();
  });
});
