// Wall-clock date-times (`YYYY-MM-DD HH:MM:SS`, wire.md §1.4) and their conversions between time zones.
import { DateTime } from 'luxon';
import { zoneOf, type TimeZoneId } from './timeZone.ts';

/** `YYYY-MM-DD HH:MM:SS`, a wall-clock reading with no zone. Zero-padded, so strings sort chronologically. */
export type LocalDateTime = string;

/** `{year, month, day, hour, minutes, seconds}`, zero-padded to 4, 2, 2, 2, 2, 2 digits (§4.1 rows 18–25). */
export interface DateDetails {
  year: string;
  month: string;
  day: string;
  hour: string;
  minutes: string;
  seconds: string;
}

/** The shape, with each field in range; whether the day exists in that month is left to luxon. */
const LOCAL_DATE_TIME = /^(\d{4})-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01]) ([01]\d|2[0-3]):([0-5]\d):([0-5]\d)$/;
const LUXON_FORMAT = 'yyyy-MM-dd HH:mm:ss';

export function isLocalDateTime(value: string): value is LocalDateTime {
  return LOCAL_DATE_TIME.test(value);
}

/** Splits a value into its parts; throws on a malformed one (callers only hold values this module produced). */
export function dateDetails(local: LocalDateTime): DateDetails {
  const match = LOCAL_DATE_TIME.exec(local);
  if (!match) throw new RangeError(`Not a YYYY-MM-DD HH:MM:SS value: ${local}`);
  const [, year = '', month = '', day = '', hour = '', minutes = '', seconds = ''] = match;
  return { year, month, day, hour, minutes, seconds };
}

/**
 * The instant a wall-clock reading names in a zone. A reading that falls in a DST gap, or twice in an overlap, is
 * resolved as luxon does by default: a gap moves forward by the gap's length (02:30 on a spring-forward night is
 * 03:30 daylight time); for an overlap luxon keeps the offset its fixed-point guess lands on, which for the
 * America/New_York fall-back hour is the later (standard-time) instant.
 */
function inZone(local: LocalDateTime, zoneId: TimeZoneId): DateTime {
  const { year, month, day, hour, minutes, seconds } = dateDetails(local);
  const result = DateTime.fromObject(
    {
      year: Number(year),
      month: Number(month),
      day: Number(day),
      hour: Number(hour),
      minute: Number(minutes),
      second: Number(seconds),
    },
    { zone: zoneOf(zoneId) },
  );
  if (!result.isValid) throw new RangeError(`Not a calendar date-time: ${local}`);
  return result;
}

/**
 * Formats a luxon date-time as a wall-clock value in its own zone, dropping fractions of a second.
 * Undefined for invalid date-times and for years outside 0000–9999, which the fixed-width format cannot hold.
 */
export function formatLocalDateTime(dateTime: DateTime): LocalDateTime | undefined {
  if (!dateTime.isValid) return undefined;
  const formatted = dateTime.toFormat(LUXON_FORMAT);
  return isLocalDateTime(formatted) ? formatted : undefined;
}

function formatChecked(dateTime: DateTime): LocalDateTime {
  const formatted = formatLocalDateTime(dateTime);
  if (formatted === undefined) throw new RangeError(`Date-time out of range: ${dateTime.toISO() ?? 'invalid'}`);
  return formatted;
}

/** The UTC reading of a wall-clock value in `zoneId` (DST gaps and overlaps as described at `inZone`). */
export function localToUtc(local: LocalDateTime, zoneId: TimeZoneId): LocalDateTime {
  return formatChecked(inZone(local, zoneId).toUTC());
}

/** The wall-clock reading in `zoneId` of a UTC value. */
export function utcToLocal(utc: LocalDateTime, zoneId: TimeZoneId): LocalDateTime {
  // Hot path (every representation on a UTC site): the value already is the UTC wall clock.
  if (zoneId === 'UTC' && isLocalDateTime(utc)) return utc;
  return formatChecked(inZone(utc, 'UTC').setZone(zoneOf(zoneId)));
}

/** The wall-clock reading in `zoneId` of an instant. */
export function instantToLocal(date: Date, zoneId: TimeZoneId): LocalDateTime {
  // Hot path (every projected event, every write): UTC needs no zone rules, only the ISO form's digits.
  const iso = zoneId === 'UTC' ? date.toISOString() : '';
  // join, not a template: documents keep this value, and a template's result is a rope of pieces twice the size.
  if (iso.length === 24) return [iso.slice(0, 10), iso.slice(11, 19)].join(' ');
  return formatChecked(DateTime.fromJSDate(date, { zone: zoneOf(zoneId) }));
}

/** ISO 8601 with the zone's offset at that moment (`2026-11-27T14:00:00-05:00`); UTC is `+00:00`, never `Z`. */
export function toIsoWithOffset(local: LocalDateTime, zoneId: TimeZoneId): string {
  return inZone(local, zoneId).toFormat("yyyy-MM-dd'T'HH:mm:ssZZ");
}

/** 00:00:00 of the value's day (whole-day widening, §6; all-day events, §10.1). */
export function startOfDay(local: LocalDateTime): LocalDateTime {
  const { year, month, day } = dateDetails(local);
  return `${year}-${month}-${day} 00:00:00`;
}

/** 23:59:59 of the value's day. */
export function endOfDay(local: LocalDateTime): LocalDateTime {
  const { year, month, day } = dateDetails(local);
  return `${year}-${month}-${day} 23:59:59`;
}

/**
 * Adds calendar months the way PHP's `strtotime` does: the day of month is kept and overflows into the next month
 * (January 31 + 1 month = March 3, or 2 in a leap year), where luxon would clamp to the month's last day.
 * The arithmetic runs on the wall-clock reading (in UTC, which has no DST), so the time of day is kept and only the
 * result is placed back in the zone.
 */
export function plusMonthsOverflowing(dateTime: DateTime, months: number): DateTime {
  return dateTime
    .setZone('utc', { keepLocalTime: true })
    .set({ day: 1 })
    .plus({ months })
    .plus({ days: dateTime.day - 1 })
    .setZone(dateTime.zone, { keepLocalTime: true });
}

/**
 * The default list window of §6 before whole-day widening: from "yesterday 23:59:00" (the current UTC date minus one
 * day, 23:59:00 UTC, read in the site zone) to now plus 24 months in the site zone.
 */
export function defaultListWindow(now: Date, siteZone: TimeZoneId): { start: LocalDateTime; end: LocalDateTime } {
  // Every list request without dates asks for this, and the wall clock has only second precision: one second's
  // requests share one computation (luxon's zone arithmetic is the costly part of parsing such a request).
  const second = Math.floor(now.getTime() / 1000);
  if (lastWindow?.second !== second || lastWindow.zone !== siteZone) {
    lastWindow = { second, zone: siteZone, window: computeListWindow(now, siteZone) };
  }
  return lastWindow.window;
}

let lastWindow: { second: number; zone: TimeZoneId; window: { start: LocalDateTime; end: LocalDateTime } } | undefined;

function computeListWindow(now: Date, siteZone: TimeZoneId): { start: LocalDateTime; end: LocalDateTime } {
  const zone = zoneOf(siteZone);
  const yesterdayUtc = DateTime.fromJSDate(now, { zone: 'utc' })
    .startOf('day')
    .minus({ days: 1 })
    .set({ hour: 23, minute: 59 });
  return {
    start: formatChecked(yesterdayUtc.setZone(zone)),
    end: formatChecked(plusMonthsOverflowing(DateTime.fromJSDate(now, { zone }), 24)),
  };
}

/**
 * Seconds of a wall-clock value counted as if it were UTC: ordered exactly like the text, and a number, so indexes and
 * sorts compare in-place fields instead of following a string pointer per comparison.
 */
export function wallClockSeconds(local: LocalDateTime): number {
  return (
    Date.UTC(+local.slice(0, 4), +local.slice(5, 7) - 1, +local.slice(8, 10), +local.slice(11, 13), +local.slice(14, 16), +local.slice(17, 19)) /
    1000
  );
}
