// The wire representation of an event (docs/api.md §4.1), with `json_ld` for single-event reads (§4.6).
import { translationKeys } from './translationSlots.ts';
import type { EventDocument } from '../../projections/events/eventDocument.ts';
import { dateDetails, utcToLocal } from '../../domain/localDateTime.ts';
import { formatTrimmed } from '../../domain/paragraphs.ts';
import { escapeHtmlEntities, imageExtension, jsonLdDescription } from '../../domain/htmlText.ts';
import { globalId, type Addresses, type SiteSettings } from './site.ts';
import { embeddedTermRepresentation } from './termRepresentation.ts';
import type { VenueDocument } from '../../projections/venues/venueDocument.ts';
import type { OrganizerDocument } from '../../projections/organizers/organizerDocument.ts';
import type { TermDocument } from '../../projections/terms/termDocument.ts';

export type Wire = Record<string, unknown>;

const publicStatuses = new Set(['publish', 'private']);

export function eventUrl(doc: Pick<EventDocument, 'id' | 'slug' | 'status'>, addresses: Addresses): string {
  return publicStatuses.has(doc.status)
    ? `${addresses.site}/event/${doc.slug}/`
    : `${addresses.site}/?post_type=cal_events&p=${doc.id}`;
}

/**
 * How linked items render inside an event: venues and organizers in their standalone shape (blanked when locked for
 * this request), terms with their current counts, which change too often to be copied into every event. A venue or
 * organizer the caller may not see renders as `undefined` and is left out, as if it were not linked.
 */
export interface LinkedRendering {
  venue(doc: VenueDocument, withJsonLd: boolean): Wire | undefined;
  organizer(doc: OrganizerDocument, withJsonLd: boolean): Wire | undefined;
  /** The `json_ld` member of a venue or organizer, for the event's `location` / `organizer` (no `@context`). */
  venueJsonLd(doc: VenueDocument): Wire | undefined;
  organizerJsonLd(doc: OrganizerDocument): Wire | undefined;
  termCount(doc: TermDocument): number;
}

const shown = <T>(items: readonly (T | undefined)[]): T[] => items.filter((item): item is T => item !== undefined);

/**
 * `embedded`: the linked items to show, the document's own unless the caller renders them apart (the fragments of
 * list pages and single reads pass none, rather than copying the whole document to leave them out).
 */
export function eventRepresentation(
  doc: EventDocument,
  settings: SiteSettings,
  addresses: Addresses,
  linked: LinkedRendering,
  withJsonLd = false,
  embedded: EventDocument['embedded'] = doc.embedded,
): Wire {
  const url = eventUrl(doc, addresses);
  const id = globalId(addresses, doc.id);
  const { cost, cost_details } = settings.costs.of(doc.cost).details;
  return {
    id: doc.id,
    global_id: id,
    global_id_lineage: [id],
    author: doc.author,
    status: doc.status,
    date: utcToLocal(doc.publishedUtc, settings.timeZone, settings.zones),
    date_utc: doc.publishedUtc,
    modified: utcToLocal(doc.modifiedUtc, settings.timeZone, settings.zones),
    modified_utc: doc.modifiedUtc,
    url,
    rest_url: `${addresses.apiRoot}/events/${doc.id}`,
    title: doc.title,
    description: formatTrimmed(doc.description),
    excerpt: formatTrimmed(doc.excerpt),
    slug: doc.slug,
    image: doc.image ? imageRepresentation(doc.image) : false,
    all_day: doc.allDay,
    start_date: doc.start,
    start_date_details: dateDetails(doc.start),
    end_date: doc.end,
    end_date_details: dateDetails(doc.end),
    utc_start_date: doc.startUtc,
    utc_start_date_details: dateDetails(doc.startUtc),
    utc_end_date: doc.endUtc,
    utc_end_date_details: dateDetails(doc.endUtc),
    timezone: doc.timezone,
    timezone_abbr: doc.timezoneAbbr,
    cost,
    cost_details,
    website: doc.website === null ? url : escapeHtmlEntities(doc.website),
    show_map: doc.showMap,
    show_map_link: doc.showMapLink,
    hide_from_listings: doc.hideFromListings,
    sticky: doc.sticky,
    featured: doc.featured,
    categories: termsOf(embedded.categories, addresses, linked),
    tags: termsOf(embedded.tags, addresses, linked),
    venue: venueMember(shown(embedded.venues.map((v) => linked.venue(v, withJsonLd)))),
    organizer: shown(embedded.organizers.map((o) => linked.organizer(o, withJsonLd))),
    custom_fields: [],
    ...seriesKeys(doc),
    ...translationKeys('event', doc),
  };
}

/** The keys of series items and occurrences (docs/api.md §20.2); none for events outside a series. */
function seriesKeys(doc: EventDocument): Wire {
  if (doc.recurringEventId === undefined) return {};
  return {
    recurrence: [...(doc.recurrence ?? [])],
    recurring_event_id: doc.recurringEventId,
    original_start_date: doc.originalStart ?? doc.start,
  };
}

/** An event's terms in wire order: by name ignoring case, then id (docs/api.md §4.1). */
export const sortedTerms = (terms: readonly TermDocument[]): TermDocument[] =>
  [...terms].sort((a, b) => a.name.toLowerCase().localeCompare(b.name.toLowerCase()) || a.id - b.id);

function termsOf(terms: readonly TermDocument[], addresses: Addresses, linked: LinkedRendering): Wire[] {
  return sortedTerms(terms).map((doc) =>
    embeddedTermRepresentation({ doc, count: linked.termCount(doc), ancestorSlugs: [] }, addresses),
  );
}

/** One venue is an object, none `[]`, several a list in link order. */
const venueMember = (venues: Wire[]): Wire | Wire[] => (venues.length === 1 ? (venues[0] as Wire) : venues);

/**
 * The event's `json_ld` (docs/api.md §4.6) around its `location` and `organizer`: the members before them and those
 * after. `url` and `date` are the representation's. Shared by the object form and the text form of single reads.
 */
export function eventJsonLdParts(
  doc: EventDocument,
  settings: SiteSettings,
  url: string,
  date: string,
): { readonly before: Wire; readonly after: Wire } {
  const price = settings.costs.of(doc.cost).lowest;
  const image = doc.image ? { image: doc.image.url } : {};
  const offers =
    price === undefined
      ? {}
      : {
          offers: {
            '@type': 'Offer',
            price,
            priceCurrency: settings.currency.code,
            url,
            category: 'primary',
            availability: 'inStock',
            validFrom: settings.isoTimes.of(`${date.slice(0, 10)} 00:00:00`, settings.timeZone),
          },
        };
  return {
    before: {
      '@context': 'http://schema.org',
      '@type': 'Event',
      name: doc.title,
      description: jsonLdDescription(doc.excerpt, doc.description),
      ...image,
      url,
      eventAttendanceMode: 'https://schema.org/OfflineEventAttendanceMode',
      eventStatus: 'https://schema.org/EventScheduled',
      startDate: settings.isoTimes.of(doc.start, doc.timezone),
      endDate: settings.isoTimes.of(doc.end, doc.timezone),
    },
    after: { ...offers, performer: 'Organization' },
  };
}

/** The single-GET form: the representation plus `json_ld` as its last key. */
export function eventWithJsonLd(
  doc: EventDocument,
  settings: SiteSettings,
  addresses: Addresses,
  linked: LinkedRendering,
): Wire {
  const wire = eventRepresentation(doc, settings, addresses, linked, true);
  // The first venue and organizer the caller may see, as the event's own `venue` / `organizer` members show them.
  const [location] = shown(doc.embedded.venues.map((v) => linked.venueJsonLd(v)));
  const [organizer] = shown(doc.embedded.organizers.map((o) => linked.organizerJsonLd(o)));
  const { before, after } = eventJsonLdParts(doc, settings, wire.url as string, wire.date as string);
  // `language` and `translations` stay last, after `json_ld` (docs/api.md §15).
  const { language, translations, ...keys } = wire;
  return {
    ...keys,
    json_ld: { ...before, ...(location ? { location } : {}), ...(organizer ? { organizer } : {}), ...after },
    language,
    translations,
  };
}

function imageRepresentation(image: { id: number; url: string }): Wire {
  const extension = imageExtension(image.url);
  return { url: image.url, id: image.id, ...(extension ? { extension } : {}) };
}
