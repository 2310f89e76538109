// Date-time input (docs/api.md §1.3): reads every accepted form into a wall-clock value in a target time zone.
import * as chrono from 'chrono-node';
import { DateTime } from 'luxon';
import { existingLocalTime, formatLocalDateTime, plusMonthsOverflowing, type LocalDateTime } from './localDateTime.ts';
import { zoneOf, type TimeZoneId } from './timeZone.ts';

/*
 * The grammar is closed: each form below must match the whole trimmed input, so chrono's forgiving partial matches
 * ("tomorrow" out of "tomorrow whenever") never leak through. Inside a recognised form, chrono reads the weekday
 * and time-of-day phrases and luxon does the zone-aware arithmetic; the semantics follow PHP's `strtotime`, which
 * the reference implementation used, wherever it and chrono disagree (noted at each place).
 */

const TIME_12H = String.raw`(?:1[0-2]|0?[1-9])(?::[0-5]\d)?\s?[ap]m`;
const TIME_24H = String.raw`(?:[01]?\d|2[0-3]):[0-5]\d(?::[0-5]\d)?`;
const TIME_OF_DAY = `${TIME_12H}|${TIME_24H}|noon|midnight`;
const DAY_WORD = 'now|today|midnight|noon|tomorrow|yesterday';
const WEEKDAY = 'sunday|monday|tuesday|wednesday|thursday|friday|saturday|sun|mon|tue|wed|thu|fri|sat';
const UNIT = '(sec|second|min|minute|hour|day|week|fortnight|month|year)s?';

const CLOCK = String.raw`(?:[01]\d|2[0-3]):[0-5]\d(?::[0-5]\d(?:\.\d+)?)?`;
const OFFSET = String.raw`z|[+-](?:[01]\d|2[0-3]):[0-5]\d`;

/** Form 1: a Unix timestamp. */
const TIMESTAMP = /^-?\d+$/;
/** Form 2: ISO-like date, optional time, optional offset (only after a time). */
const ISO_LIKE = new RegExp(String.raw`^(\d{4}-\d\d-\d\d)(?:[ t](${CLOCK})(${OFFSET})?)?$`, 'i');
/** Form 2 as the wire writes values (`YYYY-MM-DD HH:MM:SS`) or a date alone: most of what clients send. */
const CANONICAL = /^\d{4}-\d\d-\d\d(?: \d\d:\d\d:\d\d)?$/;
/** Form 3: a calendar date and a 12-hour time. */
const DATE_AND_12H = new RegExp(String.raw`^(\d{4}-\d\d-\d\d)\s+(${TIME_12H})$`, 'i');
/** Form 4: a relative phrase, optionally followed by a time of day. */
const RELATIVE = new RegExp(
  String.raw`^(?:(${DAY_WORD})|(?:(next|last)\s+)?(${WEEKDAY})|([+-])\s*(\d+)\s*${UNIT})(?:\s+(${TIME_OF_DAY}))?$`,
  'i',
);

/**
 * Reads `input` (§1.3) as a wall-clock value in `targetZone`, with `now` as the reference for relative forms.
 * Undefined when the whole trimmed input is not one of the accepted forms or names no calendar date-time.
 */
export function parseDateTimeInput(input: string, targetZone: TimeZoneId, now: Date): LocalDateTime | undefined {
  const text = input.trim();
  if (TIMESTAMP.test(text)) return fromTimestamp(text);
  // The same reading as luxon's for form 2 below, at a fraction of the cost.
  if (CANONICAL.test(text)) return existingLocalTime(text.length === 10 ? `${text} 00:00:00` : text, targetZone);
  const zone = zoneOf(targetZone);

  const iso = ISO_LIKE.exec(text);
  if (iso) {
    const [, date = '', time, offset] = iso;
    const normalised = time === undefined ? date : `${date}T${time}${offset?.toUpperCase() ?? ''}`;
    // Without an offset luxon reads the value in `zone`; with one it reads that instant and shows it in `zone`.
    return formatLocalDateTime(DateTime.fromISO(normalised, { zone }));
  }

  const dated = DATE_AND_12H.exec(text);
  if (dated) {
    const [, date = '', time = ''] = dated;
    return formatLocalDateTime(atTimeOfDay(DateTime.fromISO(date, { zone }), time));
  }

  const relative = RELATIVE.exec(text);
  if (relative) return formatLocalDateTime(fromRelative(relative, DateTime.fromJSDate(now, { zone })));
  return undefined;
}

/** Form 4, evaluated from `current` (now, in the target zone). */
function fromRelative(match: RegExpExecArray, current: DateTime): DateTime {
  const [, word, direction, weekday, sign = '+', amount = '', unit, time] = match;
  if (unit !== undefined) {
    // PHP sets the time of day first and adds the interval after, so "+2 hours 9am" is 11:00.
    const base = time === undefined ? current : atTimeOfDay(current, time);
    const add = INTERVALS[unit.toLowerCase()];
    return add === undefined ? DateTime.invalid(`unknown unit: ${unit}`) : add(base, Number(`${sign}${amount}`));
  }
  const day =
    weekday === undefined
      ? fromWord((word ?? '').toLowerCase(), current)
      : fromWeekday(direction?.toLowerCase(), weekday, current);
  return time === undefined ? day : atTimeOfDay(day, time);
}

/** The timestamp's UTC calendar date and time, taken as the wall-clock value: §1.3 does not apply the zone here. */
function fromTimestamp(text: string): LocalDateTime | undefined {
  const seconds = Number(text);
  if (!Number.isSafeInteger(seconds)) return undefined;
  return formatLocalDateTime(DateTime.fromSeconds(seconds, { zone: 'utc' }));
}

/**
 * A chrono reference whose instant, read in UTC, is `current`'s wall clock. Chrono only takes fixed offsets, so
 * handing it the target zone's wall clock as UTC keeps its day arithmetic clear of DST; the answer is read back
 * the same way.
 */
function floatingReference(current: DateTime): chrono.ParsingReference {
  return { instant: current.setZone('utc', { keepLocalTime: true }).toJSDate(), timezone: 0 };
}

/** `dateTime` at the time of day chrono reads from `time` (`9am`, `4:30 PM`, `16:00:30`, `noon`). */
function atTimeOfDay(dateTime: DateTime, time: string): DateTime {
  const [parsed] = chrono.casual.parse(time, floatingReference(dateTime));
  if (!dateTime.isValid || parsed === undefined || parsed.text !== time) return DateTime.invalid('unreadable time');
  return dateTime.set({
    hour: parsed.start.get('hour') ?? 0,
    minute: parsed.start.get('minute') ?? 0,
    second: parsed.start.get('second') ?? 0,
    millisecond: 0,
  });
}

/** PHP's day words: all but `now` mean 00:00 (`noon` 12:00) of the day, where chrono would keep the current time. */
function fromWord(word: string, current: DateTime): DateTime {
  const today = current.startOf('day');
  switch (word) {
    case 'now':
      return current;
    case 'today':
    case 'midnight': // chrono reads "midnight" as the coming one; PHP as the start of today
      return today;
    case 'noon':
      return today.set({ hour: 12 });
    case 'tomorrow':
      return today.plus({ days: 1 });
    case 'yesterday':
      return today.minus({ days: 1 });
    default:
      return DateTime.invalid(`not a day word: ${word}`);
  }
}

/**
 * 00:00 of the weekday PHP means: `monday` is today if today is a Monday, else the coming one; `next monday` the
 * first Monday after today; `last monday` the last one before today. Chrono resolves a bare weekday the same way
 * with `forwardDate`, and "last" the same way, but reads "next monday" as Monday of next week; so "next" asks it
 * for the bare weekday on or after tomorrow.
 */
function fromWeekday(direction: string | undefined, weekday: string, current: DateTime): DateTime {
  const day = current.startOf('day');
  const from = direction === 'next' ? day.plus({ days: 1 }) : day;
  const phrase = direction === 'last' ? `last ${weekday}` : weekday;
  const [parsed] = chrono.casual.parse(phrase, floatingReference(from), { forwardDate: direction !== 'last' });
  const year = parsed?.start.get('year');
  const month = parsed?.start.get('month');
  const date = parsed?.start.get('day');
  if (parsed?.text !== phrase || year == null || month == null || date == null) {
    return DateTime.invalid(`unreadable weekday: ${phrase}`);
  }
  return day.set({ year, month, day: date }).startOf('day');
}

/**
 * Signed intervals by unit. Hours and smaller are elapsed time (luxon's `plus`, as PHP 8.1+ does across DST);
 * days and larger keep the wall-clock time, with PHP's day-of-month overflow for months and years.
 */
const INTERVALS: Readonly<Record<string, (base: DateTime, amount: number) => DateTime>> = {
  sec: (base, amount) => base.plus({ seconds: amount }),
  second: (base, amount) => base.plus({ seconds: amount }),
  min: (base, amount) => base.plus({ minutes: amount }),
  minute: (base, amount) => base.plus({ minutes: amount }),
  hour: (base, amount) => base.plus({ hours: amount }),
  day: (base, amount) => base.plus({ days: amount }),
  week: (base, amount) => base.plus({ weeks: amount }),
  fortnight: (base, amount) => base.plus({ weeks: 2 * amount }),
  month: (base, amount) => plusMonthsOverflowing(base, amount),
  year: (base, amount) => plusMonthsOverflowing(base, 12 * amount),
};
