// Wall-clock date-times (`YYYY-MM-DD HH:MM:SS`, docs/api.md §1.4) and their conversions between time zones.
import { DateTime } from 'luxon';
import { zoneOf, type TimeZoneId, type ZoneClock } from './timeZone.ts';
import { LOCAL_DATE_TIME, utcWallClockOf, wallClockAt, wallClockMs, type LocalDateTime } from './wallClock.ts';

export type { LocalDateTime } from './wallClock.ts';

/** `{year, month, day, hour, minutes, seconds}`, zero-padded to 4, 2, 2, 2, 2, 2 digits (§4.1 rows 18–25). */
export interface DateDetails {
  year: string;
  month: string;
  day: string;
  hour: string;
  minutes: string;
  seconds: string;
}

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

/** An instant in a zone: milliseconds since the epoch, and the zone's offset there in minutes. */
interface ZonedInstant {
  epochMs: number;
  offset: number;
}

/** Where a wall-clock reading lands in a zone, with the reading (as text and as `wallClockMs`) it was placed from. */
interface PlacedReading extends ZonedInstant {
  local: LocalDateTime;
  localMs: number;
}

/** Offsets a day either side of a reading bracket it: zones change offset at most once in a day or two. */
const MS_PER_DAY = 86_400_000;

/**
 * The instant a wall-clock reading names in a zone, by docs/api.md §1.3: a reading inside a DST gap takes the offset
 * in force before the gap (02:30 on a spring-forward night in Madrid is 01:30Z, shown as 03:30 summer time); a reading
 * that occurs twice (the fall-back hour) is the first of the two, the daylight-time one. It depends on the reading,
 * the zone and the zone's rules only, never on the date the code runs (luxon guesses from the zone's offset now,
 * which made overlaps follow the season; RFC 5545 §3.3.5 and Temporal's "compatible" rule are this one).
 */
function inZone(local: LocalDateTime, zoneId: TimeZoneId, clock: ZoneClock): PlacedReading | undefined {
  const localMs = wallClockMs(local);
  if (localMs === undefined) return undefined;
  const before = clock.offsetMinutes(zoneId, localMs - MS_PER_DAY);
  const after = clock.offsetMinutes(zoneId, localMs + MS_PER_DAY);
  const epochMs = firstInstant(localMs, before, after, zoneId, clock);
  return { local, localMs, epochMs, offset: clock.offsetMinutes(zoneId, epochMs) };
}

/**
 * The earliest instant among the offsets that hold at their own instant (an overlap has two; the larger offset is
 * the earlier instant); none holds in a gap, read with the offset from before it. A number, so the hot path of every
 * write and date filter allocates nothing.
 */
function firstInstant(localMs: number, before: number, after: number, zoneId: TimeZoneId, clock: ZoneClock): number {
  // Offsets of local mean time are fractions of a minute; rounding keeps the instant on whole milliseconds.
  const withBefore = localMs - Math.round(before * 60_000);
  const beforeHolds = clock.offsetMinutes(zoneId, withBefore) === before;
  if (before === after) return beforeHolds ? withBefore : (settledAround(localMs, zoneId, clock) ?? withBefore);
  const withAfter = localMs - Math.round(after * 60_000);
  const afterHolds = clock.offsetMinutes(zoneId, withAfter) === after;
  if (beforeHolds && afterHolds) return Math.min(withBefore, withAfter);
  if (afterHolds) return withAfter;
  return withBefore;
}

/**
 * Two changes within a day either side (rare: a zone that moved and moved back) leave the same offset either side;
 * the offset at the reading itself, if it holds there, is then the answer.
 */
function settledAround(localMs: number, zoneId: TimeZoneId, clock: ZoneClock): number | undefined {
  const offset = clock.offsetMinutes(zoneId, localMs);
  const epochMs = localMs - Math.round(offset * 60_000);
  return clock.offsetMinutes(zoneId, epochMs) === offset ? epochMs : undefined;
}

/** The reading of an instant on its zone's wall clock (luxon's arithmetic); undefined outside years 0000–9999. */
function wallClockOf({ epochMs, offset }: ZonedInstant): LocalDateTime | undefined {
  return wallClockAt(epochMs + offset * 60 * 1000);
}

/** What the zone's clocks show at a placed reading: mostly the reading itself, which then needs no formatting. */
function shownAt(placed: PlacedReading): LocalDateTime | undefined {
  // Exactly equal: offsets can be fractions of a minute (local mean time), and luxon's wall clock is this sum.
  return placed.epochMs + placed.offset * 60 * 1000 === placed.localMs ? placed.local : wallClockOf(placed);
}

/** For values callers hold from this module, where no answer means a broken value, not bad input. */
function orThrow<T>(value: T | undefined, from: LocalDateTime | Date | DateTime): T {
  // `from` is only written out here: formatting a Date or DateTime costs more than the conversion itself.
  if (value === undefined) throw new RangeError(`Not a calendar date-time in years 0000–9999: ${String(from)}`);
  return value;
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
  return orThrow(formatLocalDateTime(dateTime), dateTime);
}

/**
 * The instant, in milliseconds since the epoch, a wall-clock value names in `zoneId` (a gap takes the offset before
 * it, an overlap its first instant: `inZone`). Undefined for no calendar date-time.
 */
export function localToInstant(local: LocalDateTime, zoneId: TimeZoneId, clock: ZoneClock): number | undefined {
  return inZone(local, zoneId, clock)?.epochMs;
}

/**
 * The UTC reading of a wall-clock value in `zoneId` (a gap takes the offset before it, an overlap its first instant:
 * `inZone`).
 */
export function localToUtc(local: LocalDateTime, zoneId: TimeZoneId, clock: ZoneClock): LocalDateTime {
  const { epochMs } = orThrow(inZone(local, zoneId, clock), local);
  return orThrow(wallClockAt(epochMs), local);
}

/**
 * What the clocks of `zoneId` show at the instant a wall-clock value names there: the value itself, unless it falls
 * in a DST gap (then later by the gap's length: the offset before the gap applies, `inZone`). Undefined for no
 * calendar date-time.
 */
export function existingLocalTime(
  local: LocalDateTime,
  zoneId: TimeZoneId,
  clock: ZoneClock,
): LocalDateTime | undefined {
  const placed = inZone(local, zoneId, clock);
  return placed && shownAt(placed);
}

/** The wall-clock reading in `zoneId` of a UTC value. */
export function utcToLocal(utc: LocalDateTime, zoneId: TimeZoneId, clock: ZoneClock): LocalDateTime {
  // Hot path (every representation on a UTC site): the value already is the UTC wall clock.
  if (zoneId === 'UTC' && isLocalDateTime(utc)) return utc;
  const epochMs = orThrow(wallClockMs(utc), utc);
  return orThrow(wallClockOf({ epochMs, offset: clock.offsetMinutes(zoneId, epochMs) }), utc);
}

/** The wall-clock reading in `zoneId` of an instant. */
export function instantToLocal(date: Date, zoneId: TimeZoneId, clock: ZoneClock): LocalDateTime {
  // Hot path (every projected event, every write): UTC needs no zone rules, only the ISO form's digits.
  if (zoneId === 'UTC') return orThrow(utcWallClockOf(date), date);
  const epochMs = date.getTime();
  return orThrow(wallClockOf({ epochMs, offset: clock.offsetMinutes(zoneId, epochMs) }), date);
}

/** The UTC wall-clock reading of an instant: UTC needs no zone rules, so no clock. */
export function instantToUtc(date: Date): LocalDateTime {
  return orThrow(utcWallClockOf(date), date);
}

/** ISO 8601 with the zone's offset at that moment (`2026-11-27T14:00:00-05:00`); UTC is `+00:00`, never `Z`. */
export function toIsoWithOffset(local: LocalDateTime, zoneId: TimeZoneId, clock: ZoneClock): string {
  const placed = orThrow(inZone(local, zoneId, clock), local);
  const shown = orThrow(shownAt(placed), local);
  // The offset is asked again at the settled instant, as luxon's formatter does.
  return `${shown.slice(0, 10)}T${shown.slice(11)}${offsetText(clock.offsetMinutes(zoneId, placed.epochMs))}`;
}

/** luxon's `ZZ`: `+05:30`, `-04:56` (fractions of a minute dropped), `+00:00`. */
function offsetText(offset: number): string {
  const hours = Math.trunc(Math.abs(offset / 60));
  const minutes = Math.trunc(Math.abs(offset % 60));
  return `${offset >= 0 ? '+' : '-'}${String(hours).padStart(2, '0')}:${String(minutes).padStart(2, '0')}`;
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
export function defaultListWindow(
  now: Date,
  siteZone: TimeZoneId,
  windows: ListWindows,
): { start: LocalDateTime; end: LocalDateTime } {
  return windows.at(now, siteZone);
}

/**
 * The default list window, remembered for the last second asked: every list request without dates asks for it, and
 * the wall clock has only second precision, so one second's requests share one computation (luxon's zone arithmetic
 * is the costly part of parsing such a request). Whoever serves the lists owns one (docs/architecture.md §2).
 */
export class ListWindows {
  private last: { second: number; zone: TimeZoneId; window: { start: LocalDateTime; end: LocalDateTime } } | undefined;

  at(now: Date, siteZone: TimeZoneId): { start: LocalDateTime; end: LocalDateTime } {
    const second = Math.floor(now.getTime() / 1000);
    if (this.last?.second !== second || this.last.zone !== siteZone) {
      this.last = { second, zone: siteZone, window: computeListWindow(now, siteZone) };
    }
    return this.last.window;
  }
}

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
  // Read digit by digit: every event document takes two keys, and six slices were six strings to make and collect.
  // Anything but a digit where a field's digits go is read as the slices read it (`+' 1'`, `+'1a'`, short text).
  for (const at of digitPositions) if (!isDigit(local.charCodeAt(at))) return wallClockSecondsOfSlices(local);
  return (
    Date.UTC(
      digitsAt(local, 0, 4),
      digitsAt(local, 5, 2) - 1,
      digitsAt(local, 8, 2),
      digitsAt(local, 11, 2),
      digitsAt(local, 14, 2),
      digitsAt(local, 17, 2),
    ) / 1000
  );
}

const zeroCode = 48;
const isDigit = (code: number): boolean => code >= zeroCode && code <= zeroCode + 9;
const digitPositions = [0, 1, 2, 3, 5, 6, 8, 9, 11, 12, 14, 15, 17, 18];

/** The number written by `count` digits from `from`, known to be digits. */
function digitsAt(text: string, from: number, count: number): number {
  let value = 0;
  for (let at = from; at < from + count; at++) value = value * 10 + text.charCodeAt(at) - zeroCode;
  return value;
}

function wallClockSecondsOfSlices(local: string): number {
  return (
    Date.UTC(
      +local.slice(0, 4),
      +local.slice(5, 7) - 1,
      +local.slice(8, 10),
      +local.slice(11, 13),
      +local.slice(14, 16),
      +local.slice(17, 19),
    ) / 1000
  );
}
