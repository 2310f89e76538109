// The iCalendar text of a list of events (docs/api.md §21.1), written by ical-generator. Pure: the same documents,
// addresses and settings give the same bytes, which is what lets the feed's ETag be taken without rendering.
import ical, { ICalCalendarMethod, ICalEventStatus, type ICalCalendar, type ICalEventData } from 'ical-generator';
import { DateTime } from 'luxon';
import { stripTags } from '../../domain/htmlText.ts';
import type { PostStatus } from '../../events/catalogue/values.ts';
import type { EventDocument } from '../../projections/events/eventDocument.ts';
import type { VenueDocument } from '../../projections/venues/venueDocument.ts';
import { eventUrl } from '../representation/eventRepresentation.ts';
import type { Addresses } from '../representation/site.ts';
import type { CalendarMemo } from './calendarMemo.ts';
import type { ZoneClock } from '../../domain/timeZone.ts';
import { seriesLines } from './seriesLines.ts';
import { fieldsMs } from '../../domain/wallClock.ts';

/** What a feed shows beside its events. */
export interface CalendarContext {
  readonly addresses: Addresses;
  /** Host of CAL_PUBLIC_URL: the right-hand side of every UID, so an event keeps its UID in every feed. */
  readonly uidHost: string;
  /** `X-WR-CALNAME`. */
  readonly name: string;
  /** `X-WR-TIMEZONE`: the site zone. */
  readonly siteZone: string;
  /** Whether a linked venue or organizer is locked for this request: a locked one is left out, never blanked in. */
  readonly isLocked: (item: VenueDocument | EventDocument['embedded']['organizers'][number]) => boolean;
  /** Reads the series' lines on their event's wall clock. */
  readonly zones: ZoneClock;
  /** Zone answers kept across renderings (zones known, VTIMEZONE texts). */
  readonly memo: CalendarMemo;
}

/**
 * What a feed writes: a single event, or a series (docs/api.md §21.1) as its series item, the ids of the occurrences
 * (the series item's own among them) the feed shows, and the exceptions it shows (documents of occurrences with their
 * own facts). Every planned occurrence not shown is excluded with EXDATE, so that a calendar application's expansion
 * gives the occurrences the feed's filters matched, and no others.
 */
export type CalendarEntry =
  | { readonly kind: 'event'; readonly event: EventDocument }
  | {
      readonly kind: 'series';
      readonly series: EventDocument;
      readonly shown: ReadonlySet<number>;
      readonly exceptions: readonly EventDocument[];
    };

/** How often calendar applications should fetch the feed again (`REFRESH-INTERVAL`, `X-PUBLISHED-TTL`), in seconds. */
export const refreshSeconds = 3600;

const localFormat = 'yyyy-MM-dd HH:mm:ss';

/** A stored wall-clock text (`YYYY-MM-DD HH:MM:SS`) in `zone`. */
const wallClock = (text: string, zone: string): DateTime => DateTime.fromFormat(text, localFormat, { zone });
/**
 * A stored UTC text (`YYYY-MM-DD HH:MM:SS`) as an instant. Read by hand rather than by luxon's format parser, which
 * took about half of a feed's rendering; the stored texts were checked when written.
 */
const utcMs = (text: string): number =>
  fieldsMs(
    +text.slice(0, 4),
    +text.slice(5, 7),
    +text.slice(8, 10),
    +text.slice(11, 13),
    +text.slice(14, 16),
    +text.slice(17, 19),
  );
const utc = (text: string, zone = 'utc'): DateTime => DateTime.fromMillis(utcMs(text), { zone });
/** DTSTAMP, CREATED and LAST-MODIFIED are UTC: ical-generator writes a Date's UTC reading without luxon. */
const utcDate = (text: string): Date => new Date(utcMs(text));

/** RFC 5545 §3.8.1.11; a draft, pending or future event is not yet confirmed. */
const statusOf: Record<PostStatus, ICalEventStatus> = {
  publish: ICalEventStatus.CONFIRMED,
  private: ICalEventStatus.CONFIRMED,
  future: ICalEventStatus.TENTATIVE,
  draft: ICalEventStatus.TENTATIVE,
  pending: ICalEventStatus.TENTATIVE,
  trash: ICalEventStatus.CANCELLED,
};

/**
 * The stable UID of an event: its id at the site's host (the same in `events.ics`, `events/{id}.ics` and over time).
 */
export const eventUid = (id: number, uidHost: string): string => `${id}@${uidHost}`;

/** Title and description are stored as HTML with entities (docs/api.md §4.1): text properties carry plain text. */
const plainText = (html: string): string =>
  stripTags(html)
    .replace(
      /&(amp|lt|gt|quot|nbsp|#0?39|#8217|#8211);/g,
      (_, name: string) =>
        ({
          amp: '&',
          lt: '<',
          gt: '>',
          quot: '"',
          nbsp: ' ',
          '#39': "'",
          '#039': "'",
          '#8217': '\u2019',
          '#8211': '\u2013',
        })[name] ?? '',
    )
    .replace(/[ \t]+\n/g, '\n')
    .trim();

function location(event: EventDocument, ctx: CalendarContext): ICalEventData['location'] {
  const venue = event.embedded.venues.find((candidate) => !ctx.isLocked(candidate));
  if (!venue) return null;
  const address = [
    venue.address,
    venue.city,
    venue.stateprovince || venue.state || venue.province,
    venue.zip,
    venue.country,
  ]
    .map((part) => plainText(part))
    .filter((part) => part !== '')
    .join(', ');
  const geo = venue.geoLat !== null && venue.geoLng !== null ? { geo: { lat: venue.geoLat, lon: venue.geoLng } } : {};
  return { title: plainText(venue.name), ...(address !== '' ? { address } : {}), ...geo };
}

/**
 * ORGANIZER's value must be a cal-address (RFC 5545 §3.8.4.3), a URI. An organizer without an e-mail gets an address
 * in the `.invalid` domain, which RFC 2606 reserves so that it can never be delivered to: Google Calendar, Apple
 * Calendar, Outlook and Thunderbird show the CN and read the address as no one's, and an import here reads it back
 * as no e-mail (docs/api.md §21.1).
 */
export const noEmailAddress = 'no-email@organizer.invalid';

function organizer(event: EventDocument, ctx: CalendarContext): ICalEventData['organizer'] {
  const shown = event.embedded.organizers.find((candidate) => !ctx.isLocked(candidate));
  return shown ? { name: plainText(shown.name), email: shown.email || noEmailAddress } : null;
}

/** All-day events are dates with an exclusive end (RFC 5545 §3.6.1): the day after the last day. */
function dates(
  event: EventDocument,
  ctx: CalendarContext,
): Pick<ICalEventData, 'start' | 'end' | 'allDay' | 'timezone'> {
  if (event.allDay) {
    const start = DateTime.fromISO(event.start.slice(0, 10), { zone: 'UTC' });
    const end = DateTime.fromISO(event.end.slice(0, 10), { zone: 'UTC' }).plus({ days: 1 });
    return { start, end, allDay: true, timezone: null };
  }
  const zone = ctx.memo.zoneKnown(event.timezone) ? event.timezone : null;
  if (zone === null) return { start: utc(event.startUtc), end: utc(event.endUtc), timezone: null };
  return { start: utc(event.startUtc, zone), end: utc(event.endUtc, zone), timezone: zone };
}

function vevent(event: EventDocument, ctx: CalendarContext): ICalEventData {
  const description = plainText(event.description);
  return {
    id: eventUid(event.id, ctx.uidHost),
    // The stream revision grows with every change of the event: what SEQUENCE must do.
    sequence: event.revision,
    stamp: utcDate(event.modifiedUtc),
    created: utcDate(event.publishedUtc),
    lastModified: utcDate(event.modifiedUtc),
    ...dates(event, ctx),
    summary: plainText(event.title),
    ...(description !== '' ? { description } : {}),
    url: eventUrl(event, ctx.addresses),
    location: location(event, ctx),
    organizer: organizer(event, ctx),
    categories: event.embedded.categories.map((term) => ({ name: plainText(term.name) })),
    status: statusOf[event.status],
  };
}

/** The starts of the series' planned occurrences (its own first) that the feed does not show. */
function hiddenStarts(series: EventDocument, shown: ReadonlySet<number>): string[] {
  const planned = [{ id: series.id, originalStart: series.start }, ...(series.occurrences ?? [])];
  return planned.filter(({ id }) => !shown.has(id)).map(({ originalStart }) => originalStart);
}

/** The series' VEVENT with its lines, then a VEVENT per exception shown, under the series' UID (RFC 5545 §3.8.4.4). */
function seriesVevents(entry: Extract<CalendarEntry, { kind: 'series' }>, ctx: CalendarContext): ICalEventData[] {
  const { series } = entry;
  const start = { start: series.start, zone: series.timezone, allDay: series.allDay };
  const lines = seriesLines(series.recurrence ?? [], start, hiddenStarts(series, entry.shown), ctx.zones);
  // ical-generator writes a one-line text as an RRULE value; an RDATE alone is given twice (RFC 5545 §3.8.5.2: the
  // recurrence set is a set, so the same date twice is one occurrence).
  const text = lines.length === 1 && !lines[0]?.startsWith('RRULE:') ? [...lines, ...lines] : lines;
  const master = { ...vevent(series, ctx), repeating: text.join('\r\n') };
  const overrides = entry.exceptions.map((exception) => {
    const original = exception.originalStart ?? exception.start;
    const recurrenceId = series.allDay
      ? DateTime.fromISO(original.slice(0, 10), { zone: 'UTC' })
      : wallClock(original, series.timezone);
    // SEQUENCE is the series' revision on every VEVENT of the series: they change together.
    return { ...vevent(exception, ctx), id: eventUid(series.id, ctx.uidHost), recurrenceId };
  });
  return [master, ...overrides];
}

/** The years the events span, in their own zones: each VTIMEZONE covers them (and the site zone, `X-WR-TIMEZONE`). */
function yearSpan(entries: readonly CalendarEntry[], fallback: number): { from: number; to: number } {
  let from = fallback;
  let to = fallback;
  for (const entry of entries) {
    const events = entry.kind === 'event' ? [entry.event] : [entry.series, ...entry.exceptions];
    // A series spans the years up to its last planned occurrence.
    const last = entry.kind === 'series' ? entry.series.occurrences?.at(-1)?.originalStart : undefined;
    for (const event of events) {
      from = Math.min(from, Number(event.start.slice(0, 4)) - 1);
      to = Math.max(to, Number((last !== undefined && last > event.end ? last : event.end).slice(0, 4)) + 1);
    }
  }
  return { from, to };
}

/**
 * The calendar of `entries` in their order. `year` (the year of the request in the site zone) bounds the VTIMEZONE of
 * an empty feed. A year's margin on either side covers the instants that fall in a neighbouring year in another zone.
 */
export function eventCalendar(entries: readonly CalendarEntry[], ctx: CalendarContext, year: number): string {
  const span = yearSpan(entries, year);
  const calendar: ICalCalendar = ical({
    name: ctx.name,
    prodId: { company: 'cal-events-service', product: 'events', language: 'EN' },
    method: null as unknown as ICalCalendarMethod,
    scale: 'GREGORIAN',
    ttl: refreshSeconds,
    // No calendar zone: ical-generator would write DTSTAMP, CREATED and LAST-MODIFIED in it, and those must be UTC.
    timezone: { name: null, generator: (zone) => ctx.memo.vtimezone(zone, span.from, span.to) },
    x: [['X-WR-TIMEZONE', ctx.siteZone]],
  });
  for (const entry of entries) {
    const vevents = entry.kind === 'event' ? [vevent(entry.event, ctx)] : seriesVevents(entry, ctx);
    for (const data of vevents) calendar.createEvent(data);
  }
  // RFC 5545 §3.1 ends every content line with CRLF, the last one too; ical-generator leaves the last one open.
  return `${calendar.toString()}\r\n`;
}
