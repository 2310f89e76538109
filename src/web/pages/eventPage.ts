// The public page of one event (`{site}/event/{slug}/`, or `?post_type=cal_events&p={id}`): its details as the API
// gives them to this caller, with the event's `json_ld` embedded for search engines.
import { editorHtml, html, type SafeHtml } from '../html/html.ts';
import { calendarHome } from '../html/layout.ts';
import {
  addressText,
  mapLink,
  organizerName,
  venueName,
  venuesOf,
  whenText,
  type WireEvent,
  type WireTerm,
  type WireVenue,
} from '../common/eventText.ts';
import type { PageLanguage } from '../common/pageWords.ts';
import {
  decodeEntities,
  isWebAddress,
  linkOrText,
  mapSuffix,
  sendItemPage,
  translationLinks,
  websiteLink,
} from './itemParts.ts';
import type { PageRequest } from './pageRequest.ts';
import { seriesPart } from './seriesPart.ts';

export async function sendEventPage(
  request: PageRequest,
  event: WireEvent,
  apiLanguage: PageLanguage | undefined,
): Promise<void> {
  const { words } = request;
  const [termLinks, series, languageLinks] = await Promise.all([
    categoryLinks(request, event.categories, apiLanguage),
    seriesPart(request, event, apiLanguage),
    translationLinks(request, 'events', event),
  ]);
  const main = html`<h1>${event.title}</h1>
    ${series.note} ${event.image ? html`<img class="item-image" src="${event.image.url}" alt="" />` : ''}
    <dl class="facts">${eventFacts(request, event, termLinks, apiLanguage)}</dl>
    ${event.description ? html`<div class="description">${editorHtml(event.description)}</div>` : ''}
    <p class="actions"><a href="${request.local(event.rest_url)}.ics">${words.addToCalendar}</a></p>
    ${series.dates}`;
  sendItemPage(request, {
    title: event.title,
    contentLanguage: event.language,
    canonical: event.url,
    main,
    languageLinks,
    jsonLd: event.json_ld,
  });
}

/** One `<dt>`/`<dd>` pair of the event's facts list. */
function fact(term: string, value: SafeHtml | string): SafeHtml {
  return html`<dt>${term}</dt>
    <dd>${value}</dd> `;
}

/** A fact whose value is a list of links, left out when the list is empty. */
function listFact(term: string, items: readonly SafeHtml[]): SafeHtml | '' {
  return items.length > 0
    ? fact(
        term,
        html`<ul class="inline-list">
          ${items}
        </ul>`,
      )
    : '';
}

/** The event's facts (when, where, who, cost, terms, website); those it has no value for are left out. */
function eventFacts(
  request: PageRequest,
  event: WireEvent,
  termLinks: SafeHtml[],
  apiLanguage: PageLanguage | undefined,
): SafeHtml {
  const { words, language } = request;
  const tagLinks = event.tags.map(
    (tag) => html`<li><a href="${calendarHome(apiLanguage)}tag/${encodeURIComponent(tag.slug)}/">${tag.name}</a></li>`,
  );
  const venues = venuesOf(event).filter((venue) => venueName(venue) !== undefined);
  const organizers = event.organizer.filter((organizer) => organizerName(organizer) !== undefined);
  const organizerLinks = organizers.map(
    (organizer) =>
      html`<li>${linkOrText(organizer.url && request.local(organizer.url), organizerName(organizer))}</li>`,
  );
  const website = decodeEntities(event.website);
  const zone = html`<span class="zone">${words.timeZone}: ${event.timezone}</span>`;
  return html`${fact(words.when, html`${whenText(event, language, words.allDay)}<br />${zone}`)}
  ${venues.length > 0 ? fact(words.where, html`${venues.map((venue) => venueBlock(request, venue))}`) : ''}
  ${listFact(words.organizers, organizerLinks)} ${event.cost ? fact(words.cost, event.cost) : ''}
  ${listFact(words.categories, termLinks)} ${listFact(words.tags, tagLinks)}
  ${website !== event.url && isWebAddress(website) ? fact(words.website, websiteLink(website)) : ''}`;
}

function venueBlock(request: PageRequest, venue: WireVenue): SafeHtml {
  const name = venueName(venue);
  const map = mapLink(venue);
  const address = addressText(venue);
  const addressLine = address ? html`<br /><span class="address">${address}</span>` : '';
  return html`<div class="venue">
    ${linkOrText(venue.url && request.local(venue.url), name)}${addressLine}${mapSuffix(map, request.words.map)}
  </div>`;
}

/** Embedded categories carry no address; each one's own read gives its `url` (its parent chain's path). */
async function categoryLinks(
  request: PageRequest,
  categories: readonly WireTerm[],
  language: PageLanguage | undefined,
): Promise<SafeHtml[]> {
  return Promise.all(
    categories.map(async (category) => {
      const answer = await request.api(`/categories/${category.id}`, { language });
      const url = (answer.body as { url?: unknown } | undefined)?.url;
      return html`<li>
        ${linkOrText(answer.status === 200 && typeof url === 'string' ? request.local(url) : undefined, category.name)}
      </li>`;
    }),
  );
}
