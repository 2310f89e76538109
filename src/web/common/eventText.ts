// How the pages word an event's dates, a venue's address and its map link, from the API's representations (docs/api.md
// §4); shared by the server-rendered pages and the calendar script, so both say the same.
import type { PageLanguage } from './pageWords.ts';

/** The members of an API event the pages read; every other member is left alone. */
export interface WireEvent {
  readonly id: number;
  readonly url: string;
  readonly rest_url: string;
  readonly title: string;
  readonly description: string;
  readonly excerpt: string;
  readonly slug: string;
  readonly image: false | { readonly url: string };
  readonly all_day: boolean | null;
  readonly start_date: string;
  readonly end_date: string;
  readonly timezone: string;
  readonly timezone_abbr: string;
  readonly cost: string;
  readonly website: string;
  readonly categories: readonly WireTerm[];
  readonly tags: readonly WireTerm[];
  readonly venue: WireVenue | readonly WireVenue[];
  readonly organizer: readonly WireOrganizer[];
  readonly recurrence?: readonly string[];
  readonly recurring_event_id?: number;
  readonly language?: string;
  readonly json_ld?: unknown;
}

export interface WireTerm {
  readonly id: number;
  readonly name: string;
  readonly slug: string;
  readonly description?: string;
  readonly parent?: number;
  readonly url?: string;
}

/** A venue's keys are omitted when empty, and a locked one has its name blanked to `[]` (docs/api.md §4.2, §12). */
export interface WireVenue {
  readonly id: number;
  readonly url?: string;
  readonly venue?: string | readonly never[];
  readonly description?: string;
  readonly slug?: string;
  readonly address?: string;
  readonly city?: string;
  readonly country?: string;
  readonly stateprovince?: string;
  readonly zip?: string;
  readonly phone?: string;
  readonly website?: string;
  readonly geo_lat?: number;
  readonly geo_lng?: number;
  readonly language?: string;
}

export interface WireOrganizer {
  readonly id: number;
  readonly url?: string;
  readonly organizer?: string | readonly never[];
  readonly description?: string;
  readonly slug?: string;
  readonly phone?: string;
  readonly website?: string;
  readonly email?: string;
  readonly language?: string;
}

/** Locale tags for date formatting; the page languages map onto them one to one. */
const locales: Record<PageLanguage, string> = { ca: 'ca', en: 'en', es: 'es' };

/** `YYYY-MM-DD HH:MM:SS` read as a wall-clock time: formatting it in UTC shows exactly those digits. */
const wallClock = (local: string): Date => new Date(`${local.replace(' ', 'T')}Z`);

const dayFormat = (language: PageLanguage) =>
  new Intl.DateTimeFormat(locales[language], {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
const timeFormat = (language: PageLanguage) =>
  new Intl.DateTimeFormat(locales[language], { hour: 'numeric', minute: '2-digit', timeZone: 'UTC' });

/** The event's dates in its own zone: `Tuesday, March 10, 2026, 10:00 AM – 12:00 PM (CET)`; all-day events by day. */
export function whenText(
  event: Pick<WireEvent, 'start_date' | 'end_date' | 'all_day' | 'timezone_abbr'>,
  language: PageLanguage,
  allDayWord: string,
): string {
  const start = wallClock(event.start_date);
  const end = wallClock(event.end_date);
  const days = dayFormat(language);
  const sameDay = event.start_date.slice(0, 10) === event.end_date.slice(0, 10);
  if (event.all_day)
    return sameDay
      ? `${days.format(start)} (${allDayWord})`
      : `${days.format(start)} – ${days.format(end)} (${allDayWord})`;
  const times = timeFormat(language);
  const zone = event.timezone_abbr ? ` (${event.timezone_abbr})` : '';
  if (sameDay) return `${days.format(start)}, ${times.format(start)} – ${times.format(end)}${zone}`;
  return `${days.format(start)}, ${times.format(start)} – ${days.format(end)}, ${times.format(end)}${zone}`;
}

/** A start time as the calendar labels it (`10:00 AM`), from the event's own local start. */
export const startTimeText = (localStart: string, language: PageLanguage): string =>
  timeFormat(language).format(wallClock(localStart));

/** The venue's name, or undefined when it has none to show (blanked by a password, docs/api.md §12). */
export const venueName = (venue: WireVenue): string | undefined =>
  typeof venue.venue === 'string' && venue.venue !== '' ? venue.venue : undefined;

export const organizerName = (organizer: WireOrganizer): string | undefined =>
  typeof organizer.organizer === 'string' && organizer.organizer !== '' ? organizer.organizer : undefined;

/** The venues of an event: the API writes one venue as an object and several as a list (docs/api.md §4.1). */
export const venuesOf = (event: Pick<WireEvent, 'venue'>): readonly WireVenue[] =>
  Array.isArray(event.venue) ? event.venue : [event.venue as WireVenue];

export function addressText(venue: WireVenue): string {
  const parts = [venue.address, venue.city, venue.stateprovince, venue.zip, venue.country];
  return parts.filter((part): part is string => typeof part === 'string' && part.trim() !== '').join(', ');
}

/** A link to the venue on OpenStreetMap: at its coordinates when known, else a search for its address. */
export function mapLink(venue: WireVenue): string | undefined {
  if (
    typeof venue.geo_lat === 'number' &&
    typeof venue.geo_lng === 'number' &&
    (venue.geo_lat !== 0 || venue.geo_lng !== 0)
  ) {
    const { geo_lat: lat, geo_lng: lng } = venue;
    return `https://www.openstreetmap.org/?mlat=${lat}&mlon=${lng}#map=17/${lat}/${lng}`;
  }
  const query = [venueName(venue), addressText(venue)].filter(Boolean).join(', ');
  return addressText(venue) === ''
    ? undefined
    : `https://www.openstreetmap.org/search?query=${encodeURIComponent(query)}`;
}
