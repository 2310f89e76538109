// The public pages of a venue (`{site}/venue/{slug}/`) and an organizer (`{site}/organizer/{slug}/`): what the API
// shows of them to this caller (a locked one blanked, docs/api.md §12), and their upcoming events.
import { editorHtml, html, type SafeHtml } from '../html/html.ts';
import {
  addressText,
  mapLink,
  organizerName,
  venueName,
  type WireEvent,
  type WireOrganizer,
  type WireVenue,
} from '../common/eventText.ts';
import type { PageLanguage } from '../common/pageWords.ts';
import { upcomingEvents } from './itemLookup.ts';
import { mapSuffix, sendItemPage, translationLinks, upcomingList, websiteLink } from './itemParts.ts';
import type { PageRequest } from './pageRequest.ts';

type Item = (WireVenue | WireOrganizer) & {
  readonly json_ld?: unknown;
  readonly translations?: Record<string, number>;
};

const fact = (term: string, value: SafeHtml | string) =>
  html`<dt>${term}</dt>
    <dd>${value}</dd> `;

function contactFacts(request: PageRequest, item: Item): SafeHtml {
  const { words } = request;
  const email = 'email' in item ? item.email : undefined;
  const { phone, website } = item;
  const phoneLink = phone ? html`<a href="tel:${phone.replace(/[^+\d]/g, '')}">${phone}</a>` : '';
  return html`${phone ? fact(words.phone, phoneLink) : ''}
  ${email ? fact(words.email, html`<a href="mailto:${email}">${email}</a>`) : ''}
  ${website ? fact(words.website, websiteLink(website)) : ''}`;
}

export async function sendVenuePage(
  request: PageRequest,
  venue: WireVenue & Item,
  apiLanguage: PageLanguage | undefined,
): Promise<void> {
  const name = venueName(venue) ?? '';
  const address = addressText(venue);
  const map = mapLink(venue);
  const facts = html`${address ? fact(request.words.where, html`${address}${mapSuffix(map, request.words.map)}`) : ''}
  ${contactFacts(request, venue)}`;
  await sendPlacePage(request, 'venues', venue, name, facts, { venue: venue.id }, apiLanguage);
}

export async function sendOrganizerPage(
  request: PageRequest,
  organizer: WireOrganizer & Item,
  apiLanguage: PageLanguage | undefined,
): Promise<void> {
  await sendPlacePage(
    request,
    'organizers',
    organizer,
    organizerName(organizer) ?? '',
    contactFacts(request, organizer),
    { organizer: organizer.id },
    apiLanguage,
  );
}

async function sendPlacePage(
  request: PageRequest,
  collection: 'venues' | 'organizers',
  item: Item,
  name: string,
  facts: SafeHtml,
  filter: Record<string, number>,
  apiLanguage: PageLanguage | undefined,
): Promise<void> {
  const [upcoming, languageLinks] = await Promise.all([
    upcomingEvents<WireEvent>(request, filter, apiLanguage),
    translationLinks(request, collection, item as Item & { id: number }),
  ]);
  // The calendar opens on the month of the first upcoming event.
  const first = upcoming.items[0]?.start_date.slice(0, 10);
  const query = new URLSearchParams({
    ...Object.fromEntries(Object.entries(filter).map(([key, value]) => [key, String(value)])),
    view: 'list',
    ...(first ? { date: first } : {}),
  });
  const main = html`<h1>${name}</h1>
    <dl class="facts">${facts}</dl>
    ${item.description ? html`<div class="description">${editorHtml(item.description)}</div>` : ''}
    ${upcomingList(request, upcoming.items, upcoming.total, query.toString())}`;
  // A venue's or organizer's json_ld is written to sit inside an event's; standing alone it needs its context.
  const jsonLd =
    typeof item.json_ld === 'object' && item.json_ld !== null
      ? { '@context': 'http://schema.org', ...item.json_ld }
      : undefined;
  sendItemPage(request, {
    title: name,
    contentLanguage: item.language,
    canonical: item.url ?? '',
    main,
    languageLinks,
    jsonLd,
  });
}
