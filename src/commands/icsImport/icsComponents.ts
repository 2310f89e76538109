// Reads the VEVENTs of a checked calendar file with ical.js into what the event commands take (docs/api.md §21.2):
// the REST fields of an event write, plus its venue, organizer and categories by name. Pure: the zone clock and the
// site zone come in; nothing is written here.
import ICAL from 'ical.js';
import { left, right, type Either } from 'fp-ts/lib/Either.js';
import type { TimeZoneId, ZoneClock } from '../../domain/timeZone.ts';
import type { IcsProblem, ScannedCalendar } from './icsScan.ts';
import type { ZoneContext } from './icsZones.ts';
import { dateText, inZone, zoneOfValue } from './icsTimes.ts';
import { isRuleBomb } from './icsSeries.ts';
import { recurrenceIdOf, recurrenceLinesOf, type RecurrenceId } from './icsRecurrence.ts';

/** An event write as the REST API takes it (docs/api.md §10.1), read from one VEVENT. */
export interface ImportedEventArgs {
  readonly title: string;
  readonly description: string;
  readonly start_date: string;
  readonly end_date: string;
  readonly timezone: TimeZoneId;
  readonly all_day: boolean;
  readonly status: 'publish' | 'draft';
  readonly website?: string;
  /** The series' RRULE/RDATE/EXDATE lines (docs/api.md §20.1); absent for a single event. */
  readonly recurrence?: readonly string[];
}

export interface ImportedVenue {
  readonly name: string;
  readonly address: string;
  /** From `GEO` (RFC 5545 §3.8.1.6): latitude and longitude, each within its range. */
  readonly coordinates?: { readonly lat: number; readonly lng: number };
}

export interface ImportedOrganizer {
  readonly name: string;
  readonly email: string;
}

/** What a VEVENT links: its venue, organizer and categories, by their fields and names. */
export interface ImportedLinks {
  readonly venue?: ImportedVenue;
  readonly organizer?: ImportedOrganizer;
  readonly categories: readonly string[];
}

/** One VEVENT to import: its identity and version, and what it becomes. */
export interface ImportedComponent extends ImportedLinks {
  readonly uid: string;
  readonly sequence: number;
  /** `LAST-MODIFIED` (else `DTSTAMP`) as an ISO instant; a later one updates an event of the same SEQUENCE. */
  readonly lastModified: string;
  readonly args: ImportedEventArgs;
}

/**
 * A VEVENT with a RECURRENCE-ID: one occurrence of the series of the same UID, changed (`change`, the whole entry as
 * written) or cancelled (`change` absent, STATUS:CANCELLED).
 */
export interface ImportedOverride {
  readonly uid: string;
  readonly sequence: number;
  readonly lastModified: string;
  readonly recurrenceId: RecurrenceId;
  readonly change?: ImportedEventArgs;
  /** The change's own links (each absent one keeps the series'). */
  readonly links?: ImportedLinks;
}

/** A VEVENT that is not imported, and why (the answer lists them). */
export interface SkippedComponent {
  readonly uid: string;
  readonly reason: string;
}

export interface ReadCalendar {
  readonly prodId: string;
  readonly components: readonly ImportedComponent[];
  readonly overrides: readonly ImportedOverride[];
  readonly skipped: readonly SkippedComponent[];
}

export interface ReadContext {
  readonly zones: ZoneClock;
  readonly siteZone: TimeZoneId;
}

/** A problem inside one VEVENT's values: the file is not valid iCalendar there. */
class ValueProblem extends Error {}

/** A rule no calendar needs (icsSeries.ts): the whole file is refused. */
class RuleBomb extends Error {}

/** Text properties are stored as HTML (docs/api.md §4.1): the file's plain text is escaped, never interpreted. */
const escapeHtml = (text: string): string => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

const textOf = (event: ICAL.Component, name: string): string => {
  const value = event.getFirstPropertyValue(name);
  return typeof value === 'string' ? value.trim() : '';
};

function timeOf(event: ICAL.Component, name: string): ICAL.Time | undefined {
  const property = event.getFirstProperty(name);
  if (!property) return undefined;
  const value = property.getFirstValue();
  if (!(value instanceof ICAL.Time) || Number.isNaN(value.toUnixTime())) throw new ValueProblem(name.toUpperCase());
  return value;
}

/** Where a DTSTART/DTEND's wall clock is: UTC, a TZID's database zone, or floating (the site zone, §21.2). */
function zoneOfTime(event: ICAL.Component, name: string, time: ICAL.Time, ctx: ZoneContext): TimeZoneId | undefined {
  const property = event.getFirstProperty(name);
  return property ? zoneOfValue(property, time, ctx) : ctx.siteZone;
}

function plus(time: ICAL.Time, duration: ICAL.Duration): ICAL.Time {
  const end = time.clone();
  end.addDuration(duration);
  return end;
}

type Dates = Pick<ImportedEventArgs, 'start_date' | 'end_date' | 'timezone' | 'all_day'>;

/** All-day events end on the day before DTEND (exclusive, RFC 5545 §3.6.1); timed ones keep their zone. */
function datesOf(event: ICAL.Component, ctx: ZoneContext): Dates | string {
  const start = timeOf(event, 'dtstart');
  if (!start) return 'no DTSTART';
  const duration = event.getFirstPropertyValue('duration');
  const end = timeOf(event, 'dtend') ?? (duration instanceof ICAL.Duration ? plus(start, duration) : undefined);
  if (start.isDate) {
    const last = end && end.compare(start) > 0 ? end.clone() : start.clone();
    if (end && end.compare(start) > 0) last.adjust(-1, 0, 0, 0);
    return { start_date: dateText(start), end_date: dateText(last), timezone: ctx.siteZone, all_day: true };
  }
  const startZone = zoneOfTime(event, 'dtstart', start, ctx);
  if (startZone === undefined)
    return `unknown time zone ${String(event.getFirstProperty('dtstart')?.getParameter('tzid'))}`;
  // A UTC time is shown in the site zone, as the instant it is (a zone of its own would read oddly on the site).
  const zone = startZone === 'UTC' ? ctx.siteZone : startZone;
  const endZone = end && !end.isDate ? zoneOfTime(event, 'dtend', end, ctx) : startZone;
  if (endZone === undefined)
    return `unknown time zone ${String(event.getFirstProperty('dtend')?.getParameter('tzid'))}`;
  const startText = inZone(start, startZone, zone, ctx.zones);
  const endText = end && !end.isDate ? inZone(end, endZone, zone, ctx.zones) : startText;
  return { start_date: startText, end_date: endText, timezone: zone, all_day: false };
}

/** `LOCATION` is one text: the venue's name, then its address after a line break or the first comma. */
function venueOf(event: ICAL.Component): ImportedVenue | undefined {
  const location = textOf(event, 'location');
  if (location === '') return undefined;
  const coordinates = coordinatesOf(event);
  const cut = location.includes('\n') ? location.indexOf('\n') : location.indexOf(',');
  const rest =
    cut === -1
      ? ''
      : location
          .slice(cut + 1)
          .replace(/\s*\n\s*/g, ', ')
          .trim();
  const name = cut === -1 ? location : location.slice(0, cut).trim();
  return { name: escapeHtml(name), address: escapeHtml(rest), ...(coordinates ? { coordinates } : {}) };
}

/** `GEO:lat;lon`; anything but two numbers within ±90 and ±180 is not read (the venue is imported without it). */
function coordinatesOf(event: ICAL.Component): ImportedVenue['coordinates'] {
  const value: unknown = event.getFirstPropertyValue('geo');
  if (!Array.isArray(value) || value.length !== 2) return undefined;
  const [lat, lng] = value as unknown[];
  const within = (n: unknown, limit: number): n is number => typeof n === 'number' && Math.abs(n) <= limit;
  return within(lat, 90) && within(lng, 180) ? { lat, lng } : undefined;
}

/** `ORGANIZER;CN=Name:mailto:address`; the common name, else the address, names the organizer. */
function organizerOf(event: ICAL.Component): ImportedOrganizer | undefined {
  const property = event.getFirstProperty('organizer');
  if (!property) return undefined;
  const value = String(property.getFirstValue() ?? '').trim();
  const address = /^mailto:/i.test(value) ? value.slice('mailto:'.length).trim() : '';
  // RFC 2606 reserves `.invalid`: the address of an organizer without one (this service's feeds write such).
  const email = /\.invalid$/i.test(address) ? '' : address;
  const cn = property.getParameter('cn');
  const name = (typeof cn === 'string' ? cn : '').trim() || email;
  return name === '' ? undefined : { name: escapeHtml(name), email };
}

function categoriesOf(event: ICAL.Component): string[] {
  const names = event
    .getAllProperties('categories')
    .flatMap((property) => property.getValues().map((value) => String(value).trim()));
  return [...new Set(names.filter((name) => name !== '').map(escapeHtml))];
}

const websiteOf = (event: ICAL.Component): { website?: string } => {
  const url = textOf(event, 'url');
  return /^https?:\/\//i.test(url) && URL.canParse(url) ? { website: url } : {};
};

function lastModifiedOf(event: ICAL.Component): string {
  const time = timeOf(event, 'last-modified') ?? timeOf(event, 'dtstamp');
  return time ? new Date(time.toUnixTime() * 1000).toISOString() : '';
}

const versionOf = (event: ICAL.Component): { sequence: number; lastModified: string } => {
  const sequence = Number(event.getFirstPropertyValue('sequence') ?? 0);
  return {
    sequence: Number.isSafeInteger(sequence) && sequence >= 0 ? sequence : 0,
    lastModified: lastModifiedOf(event),
  };
};

/** The event write a VEVENT becomes, with its series lines; or why it cannot be. */
function argsOf(event: ICAL.Component, status: string, ctx: ZoneContext): ImportedEventArgs | string {
  const title = textOf(event, 'summary');
  if (title === '') return 'no SUMMARY';
  const dates = datesOf(event, ctx);
  if (typeof dates === 'string') return dates;
  const recurrence = event.hasProperty('recurrence-id') ? [] : recurrenceLinesOf(event, dates, ctx);
  if (typeof recurrence === 'string') return recurrence;
  return {
    title: escapeHtml(title),
    description: escapeHtml(textOf(event, 'description')),
    ...dates,
    status: status === 'TENTATIVE' ? 'draft' : 'publish',
    ...websiteOf(event),
    ...(recurrence.length > 0 ? { recurrence } : {}),
  };
}

/** A VEVENT with a RECURRENCE-ID: the occurrence it changes or cancels. */
function readOverride(event: ICAL.Component, uid: string, status: string, ctx: ZoneContext) {
  const recurrenceId = recurrenceIdOf(event, ctx);
  if (typeof recurrenceId === 'string') return { uid, reason: recurrenceId };
  if (status === 'CANCELLED') return { uid, ...versionOf(event), recurrenceId };
  const change = argsOf(event, status, ctx);
  if (typeof change === 'string') return { uid, reason: change };
  return { uid, ...versionOf(event), recurrenceId, change, links: linksOf(event) };
}

type ReadVevent = ImportedComponent | ImportedOverride | SkippedComponent;

/** One VEVENT: what to import, or why it is skipped. Throws ValueProblem on a value that is not what its type says. */
function readVevent(event: ICAL.Component, ctx: ZoneContext): ReadVevent {
  const uid = textOf(event, 'uid');
  if (uid === '') return { uid: '', reason: 'no UID' };
  for (const rule of event.getAllProperties('rrule').map((property) => property.getFirstValue()))
    if (rule instanceof ICAL.Recur && isRuleBomb({ freq: rule.freq, count: rule.count })) throw new RuleBomb();
  const status = textOf(event, 'status').toUpperCase();
  if (event.hasProperty('recurrence-id')) return readOverride(event, uid, status, ctx);
  if (status === 'CANCELLED') return { uid, reason: 'cancelled' };
  const args = argsOf(event, status, ctx);
  if (typeof args === 'string') return { uid, reason: args };
  return { uid, ...versionOf(event), args, ...linksOf(event) };
}

function linksOf(event: ICAL.Component): ImportedLinks {
  const venue = venueOf(event);
  const organizer = organizerOf(event);
  return { ...(venue ? { venue } : {}), ...(organizer ? { organizer } : {}), categories: categoriesOf(event) };
}

const isSkipped = (read: ReadVevent): read is SkippedComponent => 'reason' in read;
const isOverride = (read: ReadVevent): read is ImportedOverride => 'recurrenceId' in read;

/** Every VEVENT of the file, read; a value ical.js cannot read makes the whole file a 400 (at its VEVENT's line). */
export function readCalendar(scanned: ScannedCalendar, ctx: ReadContext): Either<IcsProblem, ReadCalendar> {
  let calendar: ICAL.Component;
  try {
    calendar = new ICAL.Component(ICAL.parse(scanned.text) as unknown[]);
  } catch {
    return left({ kind: 'unreadable', line: 1 });
  }
  const vtimezones = new Map(
    calendar.getAllSubcomponents('vtimezone').map((zone) => [String(zone.getFirstPropertyValue('tzid')), zone]),
  );
  const zoneContext: ZoneContext = { ...ctx, vtimezones };
  const components: ImportedComponent[] = [];
  const overrides: ImportedOverride[] = [];
  const skipped: SkippedComponent[] = [];
  const vevents = calendar.getAllSubcomponents('vevent');
  for (const [index, event] of vevents.entries()) {
    try {
      const read = readVevent(event, zoneContext);
      if (isSkipped(read)) skipped.push(read);
      else if (isOverride(read)) overrides.push(read);
      else components.push(read);
    } catch (error) {
      if (!(error instanceof Error)) throw error;
      if (error instanceof RuleBomb) return left({ kind: 'rrule-too-large', line: scanned.veventLines[index] ?? 1 });
      const property = error instanceof ValueProblem ? error.message : undefined;
      return left({
        kind: 'bad-value',
        line: scanned.veventLines[index] ?? 1,
        ...(property ? { name: property } : {}),
      });
    }
  }
  return right({ prodId: textOf(calendar, 'prodid'), components, overrides, skipped });
}
