// Wall-clock values as numbers: a `YYYY-MM-DD HH:MM:SS` reading counted in milliseconds as if it were UTC, and back.
// Zone arithmetic then comes down to adding offsets, with no date library on the hot paths.

/**
 * `YYYY-MM-DD HH:MM:SS`, a wall-clock reading with no zone. Zero-padded, so strings sort chronologically. Declared
 * here,
 * the lowest of the date modules, so that none of them imports another in a circle; `localDateTime.ts` re-exports it.
 */
export type LocalDateTime = string;

/** The shape, with each field in range; whether the day exists in that month is checked apart. */
export const LOCAL_DATE_TIME = /^(\d{4})-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01]) ([01]\d|2[0-3]):([0-5]\d):([0-5]\d)$/;

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

function daysInMonth(year: number, month: number): number {
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  return month === 2 && leap ? 29 : (DAYS_IN_MONTH[month - 1] ?? 0);
}

/**
 * Milliseconds since the epoch of the reading taken as UTC; undefined unless it is `YYYY-MM-DD HH:MM:SS` naming a
 * calendar date-time (not 2026-02-30, not 24:00:00).
 */
export function wallClockMs(local: string): number | undefined {
  const match = LOCAL_DATE_TIME.exec(local);
  if (!match) return undefined;
  const year = Number(match[1]);
  const month = Number(match[2]);
  const day = Number(match[3]);
  if (day > daysInMonth(year, month)) return undefined;
  return fieldsMs(year, month, day, Number(match[4]), Number(match[5]), Number(match[6]));
}

/** 400 Gregorian years are exactly 146,097 days. */
const MS_PER_400_YEARS = 146_097 * 86_400_000;

/** Milliseconds since the epoch of in-range calendar fields taken as UTC, for any year (month counted from 1). */
export function fieldsMs(
  year: number,
  month: number,
  day: number,
  hour: number,
  minute: number,
  second: number,
): number {
  // Date.UTC reads years 0–99 as 1900–1999; 400 years later the calendar repeats, so those are counted from there.
  const shift = year >= 0 && year < 100 ? 400 : 0;
  const ms = Date.UTC(year + shift, month - 1, day, hour, minute, second);
  return shift === 0 ? ms : ms - MS_PER_400_YEARS;
}

/** The `YYYY-MM-DD HH:MM:SS` reading of `ms` taken as UTC, dropping milliseconds; undefined outside years 0000–9999. */
export function wallClockAt(ms: number): LocalDateTime | undefined {
  return utcWallClockOf(new Date(ms));
}

/** The `YYYY-MM-DD HH:MM:SS` reading of a Date in UTC, as `wallClockAt`. */
export function utcWallClockOf(date: Date): LocalDateTime | undefined {
  if (Number.isNaN(date.getTime())) return undefined;
  // The ISO form has these digits; years outside 0000–9999 make it the longer, signed form.
  const iso = date.toISOString();
  // join, not a template: documents keep this value, and a template's result is a rope of pieces twice the size.
  return iso.length === 24 ? [iso.slice(0, 10), iso.slice(11, 19)].join(' ') : undefined;
}
