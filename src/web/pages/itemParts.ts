// Pieces the item pages share: the language switch to an item's translations, lists of upcoming events, the page frame.
import { html, scriptJson, type SafeHtml } from '../html/html.ts';
import { calendarHome, pageHtml } from '../html/layout.ts';
import { pageLanguages, type PageLanguage } from '../common/pageWords.ts';
import { whenText, type WireEvent } from '../common/eventText.ts';
import { sendPage, type PageRequest } from './pageRequest.ts';

export interface Translatable {
  readonly id: number;
  readonly url?: string;
  readonly language?: string;
  readonly translations?: Readonly<Record<string, number>>;
}

type Collection = 'events' | 'venues' | 'organizers' | 'categories' | 'tags';

/** Each language links to the item's translation in it (or the item itself), else to that language's calendar. */
export async function translationLinks(
  request: PageRequest,
  collection: Collection,
  item: Translatable,
): Promise<Record<PageLanguage, string>> {
  const links = {} as Record<PageLanguage, string>;
  await Promise.all(
    pageLanguages.map(async (language) => {
      const id = item.language === language ? item.id : item.translations?.[language];
      const answer = id === undefined ? undefined : await request.api(`/${collection}/${id}`, { language });
      const url = (answer?.body as { url?: unknown } | undefined)?.url;
      links[language] = answer?.status === 200 && typeof url === 'string' ? request.local(url) : calendarHome(language);
    }),
  );
  return links;
}

export function upcomingList(
  request: PageRequest,
  events: readonly WireEvent[],
  total: number,
  calendarQuery: string,
): SafeHtml {
  const { words, language } = request;
  const items = events.map(
    (event) =>
      html`<li>
        <a href="${request.local(event.url)}">${event.title}</a>
        <span class="when">${whenText(event, language, words.allDay)}</span>
      </li> `,
  );
  const calendarAddress = `${calendarHome(request.segment)}?${calendarQuery}`;
  const calendarLink = html`<p><a href="${calendarAddress}">${words.eventsInCalendar} (${total})</a></p>`;
  return html`<section class="upcoming" aria-labelledby="upcoming-title">
    <h2 id="upcoming-title">${words.upcomingEvents}</h2>
    ${
      events.length === 0
        ? html`<p>${words.noUpcomingEvents}</p>`
        : html`<ul class="event-list">
            ${items}
          </ul>`
    }
    ${total > 0 ? calendarLink : ''}
  </section>`;
}

export interface ItemPage {
  readonly title: string;
  /** The item's own language, for the `lang` of its content. */
  readonly contentLanguage: string | undefined;
  readonly canonical: string;
  readonly main: SafeHtml;
  readonly languageLinks: Record<PageLanguage, string>;
  readonly jsonLd?: unknown;
}

export function sendItemPage(request: PageRequest, page: ItemPage): void {
  const jsonLd =
    page.jsonLd === undefined
      ? ''
      : html`<script type="application/ld+json">
          ${scriptJson(page.jsonLd)}
        </script> `;
  const lang =
    page.contentLanguage && page.contentLanguage !== request.language ? html` lang="${page.contentLanguage}"` : '';
  const body = pageHtml({
    language: request.language,
    title: `${page.title} · ${request.words.siteTitle}`,
    main: html`<article class="item-page" ${lang}>${page.main}</article>`,
    assets: request.assets,
    head: html`<link rel="canonical" href="${page.canonical}" /> ${jsonLd}`,
    languageLinks: page.languageLinks,
    section: 'item',
  });
  sendPage(request.ctx, 200, body);
}

/** Entity-escaped text from the API (an event's `website`, docs/api.md §4.1) back to its characters. */
export const decodeEntities = (text: string): string =>
  text.replace(
    /&(amp|lt|gt|quot|#0?39);/g,
    (_, name: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"' })[name] ?? "'",
  );

/** Only web addresses become links; anything else an editor stored is shown as text. */
export const isWebAddress = (text: string): boolean => /^https?:\/\//i.test(text);

/** `text` as a link to `address` when the item has one (embedded items may come without an address). */
export const linkOrText = (address: string | undefined, text: string | undefined): SafeHtml | string =>
  address ? html`<a href="${address}">${text}</a>` : (text ?? '');

/** A website the item names: a link when it is a web address, else its text as given. */
export const websiteLink = (website: string): SafeHtml | string =>
  isWebAddress(website) ? html`<a href="${website}" rel="nofollow noopener">${website}</a>` : website;

/** The " · Map" link written after an address. */
export const mapSuffix = (map: string | undefined, label: string): SafeHtml | string =>
  map ? html` · <a href="${map}" rel="noopener">${label}</a>` : '';
