// Reading `recurrence` content lines (RFC 5545 §3.1, §3.8.5): the property, its TZID and VALUE parameters, and
// date values. Rule parts are checked by ruleParts.ts.
import { wallClockMs, type LocalDateTime } from '../wallClock.ts';
import type { TimeZoneId } from '../timeZone.ts';
import type { RecurrenceReason } from './recurrenceReasons.ts';
import { knownZone } from './zonedReadings.ts';

/** A date or date-time as a line wrote it: a date alone, a wall-clock reading (in TZID's zone, or the event's), UTC. */
export type DateValue =
  | { readonly kind: 'date'; readonly date: string }
  | { readonly kind: 'local'; readonly local: LocalDateTime; readonly zone?: TimeZoneId }
  | { readonly kind: 'utc'; readonly utc: LocalDateTime };

export type ContentLine =
  | { readonly property: 'RRULE'; readonly text: string; readonly value: string }
  | { readonly property: 'RDATE' | 'EXDATE'; readonly text: string; readonly dates: readonly DateValue[] };

export type LineReading =
  { readonly ok: true; readonly line: ContentLine } | { readonly ok: false; readonly reason: RecurrenceReason };

const DATE_VALUE = /^(\d{4})(\d{2})(\d{2})(?:T(\d{2})(\d{2})(\d{2})(Z?))?$/;
const PROPERTY = /^([A-Za-z][A-Za-z0-9-]*)((?:;[A-Za-z-]+=[^;:,"]+)*):(.*)$/s;

const refuse = (reason: RecurrenceReason): LineReading => ({ ok: false, reason });

/** Reads one date value (`20260630`, `20260630T190000`, `20260630T170000Z`); undefined unless a calendar date. */
export function readDateValue(text: string, zone: TimeZoneId | undefined, valueIsDate: boolean): DateValue | undefined {
  const match = DATE_VALUE.exec(text);
  if (!match) return undefined;
  const [, year, month, day, hour, minute, second, utc] = match;
  const date = `${year}-${month}-${day}`;
  const local = `${date} ${hour ?? '00'}:${minute ?? '00'}:${second ?? '00'}`;
  if (wallClockMs(local) === undefined) return undefined;
  if (hour === undefined) return valueIsDate ? { kind: 'date', date } : undefined;
  if (valueIsDate) return undefined;
  if (utc === 'Z') return zone === undefined ? { kind: 'utc', utc: local } : undefined;
  return zone === undefined ? { kind: 'local', local } : { kind: 'local', local, zone };
}

/** Reads one content line; the property name and parameter names are case-insensitive, as RFC 5545 says. */
export function readContentLine(text: string): LineReading {
  const line = text.trim();
  const match = PROPERTY.exec(line);
  if (!match) return refuse({ code: 'recurrence-unreadable', line });
  const [, rawName = '', rawParams = '', value = ''] = match;
  const property = rawName.toUpperCase();
  if (property !== 'RRULE' && property !== 'RDATE' && property !== 'EXDATE') {
    return refuse({ code: 'recurrence-other-property', line });
  }
  const params = new Map<string, string>();
  for (const param of rawParams.split(';').slice(1)) {
    const [name = '', paramValue = ''] = param.split('=');
    const key = name.toUpperCase();
    if (params.has(key)) return refuse({ code: 'recurrence-unreadable', line });
    params.set(key, paramValue);
  }
  if (property === 'RRULE') {
    return params.size === 0
      ? { ok: true, line: { property, text: line, value } }
      : refuse({ code: 'recurrence-unreadable', line });
  }
  return readDateLine(property, line, params, value);
}

function readDateLine(
  property: 'RDATE' | 'EXDATE',
  line: string,
  params: Map<string, string>,
  value: string,
): LineReading {
  const valueType = params.get('VALUE')?.toUpperCase() ?? 'DATE-TIME';
  const tzid = params.get('TZID');
  if ([...params.keys()].some((key) => key !== 'VALUE' && key !== 'TZID'))
    return refuse({ code: 'recurrence-unreadable', line });
  if (valueType !== 'DATE' && valueType !== 'DATE-TIME') return refuse({ code: 'recurrence-unreadable', line });
  const zone = tzid === undefined ? undefined : knownZone(tzid);
  if (tzid !== undefined && zone === undefined) return refuse({ code: 'recurrence-unknown-time-zone', value: tzid });
  const dates: DateValue[] = [];
  for (const item of value.split(',')) {
    const date = readDateValue(item, zone, valueType === 'DATE');
    if (!date) return refuse({ code: 'recurrence-unreadable', line });
    dates.push(date);
  }
  return { ok: true, line: { property, text: line, dates } };
}
