// Specifies the browser tests' accessibility check itself: it measures a page once its transitions have ended, so a
// colour caught halfway through a fade is not reported as a contrast failure (or missed as one).
import { expect } from 'chai';
import {
  browserMissing,
  skipWhenMissing,
  launchBrowser,
  seriousViolations,
  type TestBrowser,
} from './support/browser.ts';

// A button that fades from a low-contrast grey to a dark blue behind white text once the page marks it ready.
const fadingButton = `<!doctype html><html lang="en"><head><title>fade</title><style>
  button { color: #fff; background: #d0d0d0; transition: background-color 2s linear; font-size: 14px; }
  button.ready { background: #1f5fbf; }
</style></head><body><main><button type="button">Execute</button></main></body></html>`;

describe('the accessibility check of the browser tests', function () {
  this.timeout(60_000);
  let browser: TestBrowser;

  before(async function () {
    skipWhenMissing(this, browserMissing());
    browser = await launchBrowser();
  });
  after(async () => browser?.close());

  it('waits for a running transition to end before measuring contrast', async () => {
    const { page } = await browser.open('http://127.0.0.1');
    await page.setContent(fadingButton);
    await page.evaluate(() => document.querySelector('button')?.classList.add('ready'));
    const running = await page.evaluate(() => document.getAnimations().length);
    expect(running, 'the fade runs when the check starts').to.equal(1);
    expect(await seriousViolations(page)).to.deep.equal([]);
    await page.close();
  });

  it('still reports a contrast failure that lasts', async () => {
    const { page } = await browser.open('http://127.0.0.1');
    await page.setContent(fadingButton.replace('#1f5fbf', '#c8c8c8'));
    await page.evaluate(() => document.querySelector('button')?.classList.add('ready'));
    const violations = await seriousViolations(page);
    expect(violations.map((violation) => violation.split(' ')[0])).to.deep.equal(['color-contrast']);
    await page.close();
  });
});
