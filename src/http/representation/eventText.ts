// An event's own members (docs/api.md §4.1) and its `json_ld` (§4.6) written as JSON text straight from the read
// model's document, in one pass. The object path (eventRepresentation.ts, then JSON.stringify, then splitting the text
// at its linked items and writing `json_ld` script-safe) built and walked a ~60-member object for every first read and
// every write's answer; this writes the same bytes (test/http/representation/eventText.test.ts holds every document
// shape to that path) with the keys as constant text and only the values escaped.
import type { CostRepresentation } from '../../domain/cost.ts';
import type { EventDocument } from '../../projections/events/eventDocument.ts';
import { dateDetails, isLocalDateTime, utcToLocal } from '../../domain/localDateTime.ts';
import { formatTrimmed } from '../../domain/paragraphs.ts';
import { escapeHtmlEntities, imageExtension, jsonLdDescription } from '../../domain/htmlText.ts';
import { eventUrl } from './eventRepresentation.ts';
import { globalId, type Addresses, type SiteSettings } from './site.ts';

/** The text of one revision of an event around its linked items, `json_ld` and `translations` value. */
export interface EventOwnText {
  /** `{"id":…` up to the linked items: the members before `categories`. */
  readonly head: string;
  /** The members after `organizer` (`custom_fields`, a series' keys), before `language`. */
  readonly middle: string;
  /** `,"language":"…","translations":`. */
  readonly closing: string;
  /** The representation's `url` and `date`, which `json_ld` repeats, and the lowest price of its cost (`offers`). */
  readonly url: string;
  readonly date: string;
  readonly price: string | undefined;
}

/** `json_ld` around its `location` and `organizer`, script-safe as the object path writes it. */
export interface EventJsonLdText {
  /** `,"json_ld":{` and the members before `location`, no closing brace. */
  readonly jsonLdHead: string;
  /** `,` and the members after `organizer` (`offers`, `performer`), then the closing brace. */
  readonly jsonLdTail: string;
}

/**
 * A character JSON.stringify writes otherwise than as itself: quote, backslash, controls, a lone surrogate (with the
 * `u` flag a pair is one character outside the range, and JSON.stringify writes pairs as they are).
 */
// eslint-disable-next-line no-control-regex -- the control characters are what JSON escapes
const escapedInJson = /["\\\u0000-\u001f\ud800-\udfff]/u;

/**
 * What JSON.stringify writes of a string between its quotes: the string itself when nothing in it needs an escape (as
 * most values), which a test tells for less than writing it anew; the quotes are part of the constant text around.
 */
const jsonChars = (value: string): string => (escapedInJson.test(value) ? JSON.stringify(value).slice(1, -1) : value);

/** `JSON.stringify(value)`. */
const jsonString = (value: string): string => `"${jsonChars(value)}"`;

/** `JSON.stringify(value)` of a number: non-finite numbers are `null` in JSON. */
const jsonNumber = (value: number): string => (Number.isFinite(value) ? String(value) : 'null');

const unsafeInScript = /[/<>]/;

/**
 * `jsonChars(value)` as `scriptSafeJson` (jsonLdText.ts) escapes it: none of `/`, `<`, `>` is part of a JSON escape,
 * so escaping them in each value equals escaping them in the whole text.
 */
const scriptSafeChars = (value: string): string => {
  const chars = jsonChars(value);
  return unsafeInScript.test(chars)
    ? chars.replaceAll('/', '\\/').replaceAll('<', '\\u003C').replaceAll('>', '\\u003E')
    : chars;
};

/** `"<key>":"…","<key>_details":{"year":…}` of a wall-clock date-time. */
function dateMembers(key: string, local: string): string {
  // The read model holds no malformed value; were one there, dateDetails throws on it as the object path does.
  if (!isLocalDateTime(local)) return JSON.stringify(dateDetails(local));
  return (
    `,"${key}":"${local}","${key}_details":{"year":"${local.slice(0, 4)}","month":"${local.slice(5, 7)}"` +
    `,"day":"${local.slice(8, 10)}","hour":"${local.slice(11, 13)}","minutes":"${local.slice(14, 16)}"` +
    `,"seconds":"${local.slice(17, 19)}"}`
  );
}

function imageText(image: EventDocument['image']): string {
  if (!image) return 'false';
  const extension = imageExtension(image.url);
  const tail = extension ? `,"extension":"${jsonChars(extension)}"}` : '}';
  return `{"url":"${jsonChars(image.url)}","id":${jsonNumber(image.id)}${tail}`;
}

/** `cost` and `cost_details` (docs/api.md §4.7), key order as in CostDetails. */
function costText({ cost, cost_details: details }: CostRepresentation): string {
  return (
    `,"cost":"${jsonChars(cost)}","cost_details":{"currency_symbol":"${jsonChars(details.currency_symbol)}"` +
    `,"currency_code":"${jsonChars(details.currency_code)}"` +
    `,"currency_position":"${jsonChars(details.currency_position)}"` +
    `,"values":[${details.values.map(jsonString).join(',')}]}`
  );
}

/** The members from `id` to `featured`, in the order of eventRepresentation. */
function headText(
  doc: EventDocument,
  settings: SiteSettings,
  addresses: Addresses,
  { url, date, cost }: { url: string; date: string; cost: CostRepresentation },
): string {
  const id = jsonChars(globalId(addresses, doc.id));
  const website = jsonChars(doc.website === null ? url : escapeHtmlEntities(doc.website));
  return (
    `{"id":${jsonNumber(doc.id)},"global_id":"${id}","global_id_lineage":["${id}"]` +
    `,"author":"${jsonChars(doc.author)}","status":"${jsonChars(doc.status)}","date":"${jsonChars(date)}"` +
    `,"date_utc":"${jsonChars(doc.publishedUtc)}"` +
    `,"modified":"${jsonChars(utcToLocal(doc.modifiedUtc, settings.timeZone, settings.zones))}"` +
    `,"modified_utc":"${jsonChars(doc.modifiedUtc)}","url":"${jsonChars(url)}"` +
    `,"rest_url":"${jsonChars(`${addresses.apiRoot}/events/${doc.id}`)}","title":"${jsonChars(doc.title)}"` +
    `,"description":"${jsonChars(formatTrimmed(doc.description))}"` +
    `,"excerpt":"${jsonChars(formatTrimmed(doc.excerpt))}","slug":"${jsonChars(doc.slug)}"` +
    `,"image":${imageText(doc.image)},"all_day":${doc.allDay}` +
    dateMembers('start_date', doc.start) +
    dateMembers('end_date', doc.end) +
    dateMembers('utc_start_date', doc.startUtc) +
    dateMembers('utc_end_date', doc.endUtc) +
    `,"timezone":"${jsonChars(doc.timezone)}","timezone_abbr":"${jsonChars(doc.timezoneAbbr)}"` +
    costText(cost) +
    `,"website":"${website}","show_map":${doc.showMap},"show_map_link":${doc.showMapLink}` +
    `,"hide_from_listings":${doc.hideFromListings},"sticky":${doc.sticky},"featured":${doc.featured}`
  );
}

/** `custom_fields` and the keys of series items and occurrences (docs/api.md §20.2). */
function middleText(doc: EventDocument): string {
  if (doc.recurringEventId === undefined) return ',"custom_fields":[]';
  const recurrence = (doc.recurrence ?? []).map(jsonString).join(',');
  return (
    `,"custom_fields":[],"recurrence":[${recurrence}],"recurring_event_id":${jsonNumber(doc.recurringEventId)}` +
    `,"original_start_date":"${jsonChars(doc.originalStart ?? doc.start)}"`
  );
}

/** The event's own text: what JSON.stringify(eventRepresentation(…, noEmbeddedLinks)) writes, split around the rest. */
export function eventOwnText(doc: EventDocument, settings: SiteSettings, addresses: Addresses): EventOwnText {
  const url = eventUrl(doc, addresses);
  const date = utcToLocal(doc.publishedUtc, settings.timeZone, settings.zones);
  const cost = settings.costs.of(doc.cost);
  return {
    head: flattened(headText(doc, settings, addresses, { url, date, cost: cost.details })),
    middle: middleText(doc),
    closing: `,"language":"${jsonChars(doc.language)}","translations":`,
    url,
    date,
    price: cost.lowest,
  };
}

/** Matches at the first character of any text: running it flattens the text (see `flattened`). */
const anyCharacter = /[^]/;

/**
 * The text as one flat string. Written piece by piece, it is a tree of joined pieces (a rope) that each later use
 * walks again: a kept fragment is used many times. A regular expression runs on flat text only, so V8 flattens the
 * rope in place when one runs on it; a regular expression's run is never dropped as unused, as `Number(text)` was by
 * the optimising compiler (measured: the rope stayed).
 */
function flattened(text: string): string {
  anyCharacter.test(text);
  return text;
}

const jsonLdOpening = `,"json_ld":{"@context":"http:\\/\\/schema.org","@type":"Event","name":`;
const attendance =
  ',"eventAttendanceMode":"https:\\/\\/schema.org\\/OfflineEventAttendanceMode"' +
  ',"eventStatus":"https:\\/\\/schema.org\\/EventScheduled"';

/** `"offers":{…},` of an event with a price. */
function offersText(price: string, settings: SiteSettings, safeUrl: string, date: string): string {
  const validFrom = settings.isoTimes.of(`${date.slice(0, 10)} 00:00:00`, settings.timeZone);
  return (
    `"offers":{"@type":"Offer","price":"${scriptSafeChars(price)}"` +
    `,"priceCurrency":"${scriptSafeChars(settings.currency.code)}","url":"${safeUrl}"` +
    `,"category":"primary","availability":"inStock","validFrom":"${scriptSafeChars(validFrom)}"},`
  );
}

/** The event's `json_ld` as eventJsonLdParts (eventRepresentation.ts) builds it, written script-safe. */
export function eventJsonLdText(
  doc: EventDocument,
  settings: SiteSettings,
  { url, date, price }: Pick<EventOwnText, 'url' | 'date' | 'price'>,
): EventJsonLdText {
  const safeUrl = scriptSafeChars(url);
  const image = doc.image ? `,"image":"${scriptSafeChars(doc.image.url)}"` : '';
  const jsonLdHead = flattened(
    `${jsonLdOpening}"${scriptSafeChars(doc.title)}"` +
      `,"description":"${scriptSafeChars(jsonLdDescription(doc.excerpt, doc.description))}"${image}` +
      `,"url":"${safeUrl}"${attendance}` +
      `,"startDate":"${scriptSafeChars(settings.isoTimes.of(doc.start, doc.timezone))}"` +
      `,"endDate":"${scriptSafeChars(settings.isoTimes.of(doc.end, doc.timezone))}"`,
  );
  const offers = price === undefined ? '' : offersText(price, settings, safeUrl, date);
  return { jsonLdHead, jsonLdTail: `,${offers}"performer":"Organization"}` };
}
