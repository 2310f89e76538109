// Reads the VEVENTs of a checked calendar file with ical.js into what the event commands take (docs/api.md §21.2):
// the REST fields of an event write, plus its venue, organizer and categories by name. Pure: the zone clock and the
// site zone come in; nothing is written here.
import ICAL from 'ical.js';
import { left, right, type Either } from 'fp-ts/lib/Either.js';
import { instantToLocal, localToInstant } from '../../domain/localDateTime.ts';
import type { TimeZoneId, ZoneClock } from '../../domain/timeZone.ts';
import type { IcsProblem, ScannedCalendar } from './icsScan.ts';
import { resolveZone, type ZoneContext } from './icsZones.ts';
import { isRuleBomb, seriesSkipReason } from './icsSeries.ts';

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
}

export interface ImportedVenue {
  readonly name: string;
  readonly address: string;
}

export interface ImportedOrganizer {
  readonly name: string;
  readonly email: string;
}

/** One VEVENT to import: its identity and version, and what it becomes. */
export interface ImportedComponent {
  readonly uid: string;
  readonly sequence: number;
  /** `LAST-MODIFIED` (else `DTSTAMP`) as an ISO instant; a later one updates an event of the same SEQUENCE. */
  readonly lastModified: string;
  readonly args: ImportedEventArgs;
  readonly venue?: ImportedVenue;
  readonly organizer?: ImportedOrganizer;
  readonly categories: readonly string[];
}

/** A VEVENT that is not imported, and why (the answer lists them). */
export interface SkippedComponent {
  readonly uid: string;
  readonly reason: string;
}

export interface ReadCalendar {
  readonly prodId: string;
  readonly components: readonly ImportedComponent[];
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

const two = (n: number): string => String(n).padStart(2, '0');
/** `YYYY-MM-DD`, the date of a DATE or DATE-TIME value as written (its zone aside). */
const dateText = (time: ICAL.Time): string =>
  `${String(time.year).padStart(4, '0')}-${two(time.month)}-${two(time.day)}`;
/** `YYYY-MM-DD HH:MM:SS`, the wall clock of a DATE-TIME value as written (without a UTC `Z`). */
const wallText = (time: ICAL.Time): string =>
  `${dateText(time)} ${two(time.hour)}:${two(time.minute)}:${two(time.second)}`;

/** Where a DTSTART/DTEND's wall clock is: UTC, a TZID's database zone, or floating (the site zone, §21.2). */
function zoneOfTime(event: ICAL.Component, name: string, time: ICAL.Time, ctx: ZoneContext): TimeZoneId | undefined {
  if (time.zone === ICAL.Timezone.utcTimezone) return 'UTC';
  const tzid = event.getFirstProperty(name)?.getParameter('tzid');
  if (typeof tzid !== 'string' || tzid === '') return ctx.siteZone;
  return resolveZone(tzid, [time.year, time.month, time.day, time.hour], ctx);
}

/** The wall clock of `time` (in `from`) read in the zone `to`. */
function inZone(time: ICAL.Time, from: TimeZoneId, to: TimeZoneId, zones: ZoneClock): string {
  if (from === to) return wallText(time);
  const instant = localToInstant(wallText(time), from, zones) as number;
  return instantToLocal(new Date(instant), to, zones);
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
  const cut = location.includes('\n') ? location.indexOf('\n') : location.indexOf(',');
  if (cut === -1) return { name: escapeHtml(location), address: '' };
  const rest = location
    .slice(cut + 1)
    .replace(/\s*\n\s*/g, ', ')
    .trim();
  return { name: escapeHtml(location.slice(0, cut).trim()), address: escapeHtml(rest) };
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

/** One VEVENT: what to import, or why it is skipped. Throws ValueProblem on a value that is not what its type says. */
function readVevent(event: ICAL.Component, ctx: ZoneContext): ImportedComponent | SkippedComponent {
  const uid = textOf(event, 'uid');
  if (uid === '') return { uid: '', reason: 'no UID' };
  for (const rule of event.getAllProperties('rrule').map((property) => property.getFirstValue()))
    if (rule instanceof ICAL.Recur && isRuleBomb({ freq: rule.freq, count: rule.count })) throw new RuleBomb();
  const series = seriesSkipReason((name) => event.hasProperty(name));
  if (series) return { uid, reason: series };
  const status = textOf(event, 'status').toUpperCase();
  if (status === 'CANCELLED') return { uid, reason: 'cancelled' };
  const title = textOf(event, 'summary');
  if (title === '') return { uid, reason: 'no SUMMARY' };
  const dates = datesOf(event, ctx);
  if (typeof dates === 'string') return { uid, reason: dates };
  const sequence = Number(event.getFirstPropertyValue('sequence') ?? 0);
  const venue = venueOf(event);
  const organizer = organizerOf(event);
  return {
    uid,
    sequence: Number.isSafeInteger(sequence) && sequence >= 0 ? sequence : 0,
    lastModified: lastModifiedOf(event),
    args: {
      title: escapeHtml(title),
      description: escapeHtml(textOf(event, 'description')),
      ...dates,
      status: status === 'TENTATIVE' ? 'draft' : 'publish',
      ...websiteOf(event),
    },
    ...(venue ? { venue } : {}),
    ...(organizer ? { organizer } : {}),
    categories: categoriesOf(event),
  };
}

const isSkipped = (read: ImportedComponent | SkippedComponent): read is SkippedComponent => 'reason' in read;

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
  const skipped: SkippedComponent[] = [];
  const vevents = calendar.getAllSubcomponents('vevent');
  for (const [index, event] of vevents.entries()) {
    try {
      const read = readVevent(event, zoneContext);
      if (isSkipped(read)) skipped.push(read);
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
  return right({ prodId: textOf(calendar, 'prodid'), components, skipped });
}
