// The calendar page at `{base}/` and `{base}/{lang}/`, and the category and tag views of it: a server-rendered frame
// whose calendar the script fills from the API.
import { html, scriptJson, type SafeHtml } from '../html/html.ts';
import { pageHtml } from '../html/layout.ts';
import { apiRootPath } from '../apiClient.ts';
import { calendarBootId, type CalendarBoot, type FixedFilter } from '../common/calendarBoot.ts';
import { languageLinksOf, sendPage, type PageRequest } from './pageRequest.ts';
import type { PageLanguage } from '../common/pageWords.ts';

export interface CalendarView {
  /** The heading; the site title on the calendar page itself. */
  readonly heading?: string;
  /** Built HTML shown under the heading (a term's description). */
  readonly intro?: SafeHtml;
  readonly fixed?: FixedFilter;
  /**
   * The API language to list in when it is not the page's: a term found in another language lists that language's
   * events.
   */
  readonly apiLanguage?: PageLanguage | undefined;
  /** Where the language switch goes; by default the same address with the other segment. */
  readonly languageLinks?: Record<PageLanguage, string>;
}

export function sendCalendarPage(request: PageRequest, view: CalendarView = {}): void {
  const { words, settings } = request;
  const boot: CalendarBoot = {
    language: request.language,
    segment: request.segment,
    apiRoot: apiRootPath('apiLanguage' in view ? view.apiLanguage : request.segment),
    publicBase: settings.base,
    siteTimeZone: settings.timeZone,
    ...(view.fixed ? { fixed: view.fixed } : {}),
  };
  const heading = view.heading ?? words.siteTitle;
  const main = html`<h1 id="page-title">${heading}</h1>
    ${view.intro ? html`<div class="term-description">${view.intro}</div>` : ''}
    <div id="calendar-app" class="calendar-app" aria-busy="true">
      <p class="calendar-status" role="status">${words.loading}</p>
    </div>`;
  const body = pageHtml({
    language: request.language,
    title: view.heading ? `${view.heading} · ${words.siteTitle}` : words.siteTitle,
    main,
    assets: request.assets,
    bundles: ['calendar'],
    head: html`<script type="application/json" id="${calendarBootId}">
      ${scriptJson(boot)}
    </script>`,
    languageLinks: view.languageLinks ?? languageLinksOf(request.ctx, request.segment),
    section: view.fixed ? 'item' : 'calendar',
  });
  sendPage(request.ctx, 200, body);
}
