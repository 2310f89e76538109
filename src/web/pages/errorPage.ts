// The page for an address that names nothing, or an item the caller may not see: the API's own answer, in HTML.
import { html } from '../html/html.ts';
import { calendarHome, pageHtml } from '../html/layout.ts';
import { languageLinksOf, sendPage, type PageRequest } from './pageRequest.ts';
import type { ApiAnswer } from '../apiClient.ts';

/** 404 for what does not exist (the API's 400 for an unknown slug or id included); the API's status otherwise. */
export function sendApiRefusal(request: PageRequest, answer: ApiAnswer): void {
  const { words } = request;
  const status = answer.status === 400 || answer.status === 404 ? 404 : answer.status;
  const apiMessage = (answer.body as { message?: unknown } | undefined)?.message;
  const title = status === 404 ? words.notFound : words.notAccessible;
  const text = status === 404 || typeof apiMessage !== 'string' ? words.notFoundText : apiMessage;
  sendErrorPage(request, status, title, text);
}

export function sendErrorPage(request: PageRequest, status: number, title: string, text: string): void {
  const main = html`<h1>${title}</h1>
    <p>${text}</p>
    <p><a href="${calendarHome(request.segment)}">${request.words.backToCalendar}</a></p>`;
  const body = pageHtml({
    language: request.language,
    title: `${title} · ${request.words.siteTitle}`,
    main,
    assets: request.assets,
    languageLinks: languageLinksOf(request.ctx, request.segment),
    section: 'item',
  });
  if (status === 401) request.ctx.set('WWW-Authenticate', 'Basic realm="Calendar"');
  sendPage(request.ctx, status, body);
}
