// Browser tests drive Debian's Chromium through playwright-core (never a browser of Playwright's own): a fresh profile
// per run, every request to another origin failed and recorded, axe for accessibility, screenshots to test-output/.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';

export const chromiumPath = '/usr/bin/chromium';
export const screenshotDir = join(import.meta.dirname, '../../../test-output/screenshots');

/** Why browser tests cannot run here, or undefined when they can. */
export const browserMissing = (): string | undefined =>
  existsSync(chromiumPath)
    ? undefined
    : `${chromiumPath} is missing (install Debian's chromium package: .ci/install-chromium)`;

/** In a suite's `before` hook: skips the suite, its reason printed, when `missing` names one (mocha's skip throws). */
export function skipWhenMissing(hook: Mocha.Context, missing: string | undefined): void {
  if (missing === undefined) return;
  console.log(`    skipped: ${missing}`);
  hook.skip();
}

export interface TestBrowser {
  readonly context: BrowserContext;
  /** A page that may talk to `origin` only: anything else is aborted and listed in `foreign`. */
  open(
    origin: string,
    viewport?: { width: number; height: number },
  ): Promise<{ page: Page; foreign: string[]; errors: string[] }>;
  close(): Promise<void>;
}

export const desktop = { width: 1280, height: 900 };
export const phone = { width: 390, height: 844 };

export async function launchBrowser(): Promise<TestBrowser> {
  const profile = mkdtempSync(join(tmpdir(), 'cal-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: chromiumPath,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
    viewport: desktop,
    locale: 'en-US',
    timezoneId: 'America/Los_Angeles',
  });
  return {
    context,
    open: async (origin, viewport = desktop) => {
      const page = await context.newPage();
      await page.setViewportSize(viewport);
      const foreign: string[] = [];
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      await page.route('**/*', async (route) => {
        const url = route.request().url();
        if (url.startsWith(`${origin}/`) || url.startsWith('data:')) return route.continue();
        foreign.push(url);
        return route.abort('blockedbyclient');
      });
      return { page, foreign, errors };
    },
    close: async () => {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

export interface AxeViolation {
  readonly id: string;
  readonly impact: string | null;
  readonly help: string;
  readonly nodes: { readonly target: unknown; readonly html: string }[];
}

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/**
 * Waits until no finite CSS transition or animation runs: a colour caught halfway through one (Swagger UI's buttons
 * fade in 0.3 s) is measured by axe as it is at that instant, which on a busy machine failed the contrast rule.
 */
async function transitionsSettled(page: Page): Promise<void> {
  await page.waitForFunction(
    () =>
      document
        .getAnimations()
        .every(
          (animation) =>
            animation.playState !== 'running' || animation.effect?.getComputedTiming().endTime === Infinity,
        ),
    null,
    { timeout: 10_000 },
  );
}

/** axe-core's serious and critical violations on the page as it stands (WCAG 2.x A and AA rules and best practices). */
export async function seriousViolations(page: Page): Promise<string[]> {
  // Evaluated through the debugging protocol: the pages' Content-Security-Policy rightly refuses an injected script
  // tag.
  await transitionsSettled(page);
  await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: { run: (context: Document, options: object) => Promise<{ violations: AxeViolation[] }> };
      }
    ).axe;
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return result.violations.map((violation) => ({
      ...violation,
      nodes: violation.nodes.slice(0, 8).map((node) => ({ target: node.target, html: node.html.slice(0, 200) })),
    }));
  });
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id} (${violation.impact}): ${violation.help} ${JSON.stringify(violation.nodes)}`);
}

/** A PNG under test-output/screenshots/ (not committed): the whole page unless told otherwise. */
export async function screenshot(page: Page, name: string, { fullPage = true } = {}): Promise<void> {
  mkdirSync(screenshotDir, { recursive: true });
  await page.screenshot({ path: join(screenshotDir, `${name}.png`), fullPage });
}

/** Waits until the calendar finished loading its period (`data-calendar` on the root element). */
export async function calendarSettled(page: Page, timeout = 30_000): Promise<string> {
  const handle = await page.waitForFunction(
    () => {
      const state = document.documentElement.dataset.calendar;
      return state === 'done' || state === 'empty' || state === 'failed' ? state : false;
    },
    null,
    { timeout },
  );
  return (await handle.jsonValue()) as string;
}
