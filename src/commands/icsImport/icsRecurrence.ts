// A recurring VEVENT's RRULE, RDATE and EXDATE lines as the service's `recurrence` takes them (docs/api.md §20.1,
// §21.2), and the RECURRENCE-ID of an override. Calendar applications write dates in any zone (UTC, Windows names,
// their own VTIMEZONE names); the service reads RDATE and EXDATE on the series' wall clock, so each value is written
// again in the series' zone (dates for whole-day series), the reverse of what the feeds do (src/http/ical).
import ICAL from 'ical.js';
import type { TimeZoneId } from '../../domain/timeZone.ts';
import type { ZoneContext } from './icsZones.ts';
import { dateText, inZone, wallText, zoneOfValue } from './icsTimes.ts';

/** Where and how a series starts: its lines are written on this wall clock. */
export interface SeriesClock {
  readonly timezone: TimeZoneId;
  readonly all_day: boolean;
}

/** The start an override replaces, as written: a wall clock in a zone, or a date. */
export interface RecurrenceId {
  readonly local: string;
  readonly zone: TimeZoneId;
  readonly isDate: boolean;
}

const compactDateTime = (local: string): string => local.replace(/[-:]/g, '').replace(' ', 'T');
const compactDate = (local: string): string => local.slice(0, 10).replace(/-/g, '');

/** One RDATE or EXDATE property's values on the series' wall clock, or why they cannot be read. */
function datesLines(property: ICAL.Property, series: SeriesClock, ctx: ZoneContext): string[] | string {
  const name = property.name.toUpperCase();
  const dates: string[] = [];
  const times: string[] = [];
  for (const value of property.getValues()) {
    if (!(value instanceof ICAL.Time)) return `${name} periods are not imported`;
    if (series.all_day || value.isDate) {
      dates.push(compactDate(dateText(value)));
      continue;
    }
    const zone = zoneOfValue(property, value, ctx);
    if (zone === undefined) return `unknown time zone ${String(property.getParameter('tzid'))}`;
    times.push(compactDateTime(inZone(value, zone, series.timezone, ctx.zones)));
  }
  return [
    ...(dates.length > 0 ? [`${name};VALUE=DATE:${dates.join(',')}`] : []),
    ...(times.length > 0 ? [`${name};TZID=${series.timezone}:${times.join(',')}`] : []),
  ];
}

/** The `recurrence` lines of a VEVENT (none for a single event), or why they cannot be imported. */
export function recurrenceLinesOf(event: ICAL.Component, series: SeriesClock, ctx: ZoneContext): string[] | string {
  const lines: string[] = [];
  for (const property of event.getAllProperties('rrule')) {
    const rule = property.getFirstValue();
    if (!(rule instanceof ICAL.Recur)) return 'RRULE unreadable';
    lines.push(`RRULE:${rule.toString()}`);
  }
  for (const property of [...event.getAllProperties('rdate'), ...event.getAllProperties('exdate')]) {
    const written = datesLines(property, series, ctx);
    if (typeof written === 'string') return written;
    lines.push(...written);
  }
  return lines;
}

/** An override's RECURRENCE-ID, or why it cannot be read. */
export function recurrenceIdOf(event: ICAL.Component, ctx: ZoneContext): RecurrenceId | string {
  const property = event.getFirstProperty('recurrence-id');
  const value = property?.getFirstValue();
  if (!property || !(value instanceof ICAL.Time)) return 'RECURRENCE-ID unreadable';
  if (value.isDate) return { local: `${dateText(value)} 00:00:00`, zone: ctx.siteZone, isDate: true };
  const zone = zoneOfValue(property, value, ctx);
  if (zone === undefined) return `unknown time zone ${String(property.getParameter('tzid'))}`;
  return { local: wallText(value), zone, isDate: false };
}
