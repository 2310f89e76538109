// The PHP date phrases locutus's port of PHP's parser lacks or reads wrongly, rewritten or placed here
// (dateTimeInput.ts).
import { DateTime } from 'luxon';

const WEEKDAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'];
/** One capture group of alternatives, for names of weekdays and months with their short forms. */
const alternatives = (names: readonly string[]) => `(${names.join('|')})`;
const WEEKDAY = alternatives([
  'mon(?:day)?',
  'tue(?:s|sday)?',
  'wed(?:nesday)?',
  'thu(?:rs|rsday)?',
  'fri(?:day)?',
  'sat(?:urday)?',
  'sun(?:day)?',
]);
const UNIT = String.raw`(?:sec|second|min|minute|hour|day|week|fortnight|month|year)s?\b`;
const ORDINALS = [
  'first',
  'second',
  'third',
  'fourth',
  'fifth',
  'sixth',
  'seventh',
  'eighth',
  'ninth',
  'tenth',
  'eleventh',
  'twelfth',
];

/** ISO weekday (Monday 1 … Sunday 7) of a weekday name or its abbreviation. */
const isoWeekday = (name: string): number =>
  WEEKDAYS.findIndex((day) => day.startsWith(name.slice(0, 3).toLowerCase())) + 1;

/**
 * `<weekday> this|next|last|previous week` or `this|next|last|previous week <weekday>` (the port mis-places all but
 * Monday).
 */
const WEEKDAY_OF_WEEK = new RegExp(
  String.raw`\b(?:${WEEKDAY}\s+(this|next|last|previous)\s+week|(this|next|last|previous)\s+week\s+${WEEKDAY})\b`,
  'i',
);
const WEEK_SHIFT: Readonly<Record<string, number>> = { this: 0, next: 1, last: -1, previous: -1 };
/** `next <weekday>` and `last <weekday>`: the port counts today as the next or last one when it is that day. */
const NEXT_OR_LAST_WEEKDAY = new RegExp(String.raw`\b(next|last|previous)\s+${WEEKDAY}\b(?!\s+of\b)`, 'gi');

/**
 * Rewrites `phrase` into what the port reads as PHP would read the original; `floatingNowMs` is the current wall
 * clock (as UTC ms) for the phrases that are placed here. Also reads "in 2 weeks" (+2 weeks) and "… at 8pm".
 */
export function rewriteForStrtotime(phrase: string, floatingNowMs: number): string {
  return (
    phrase
      .replace(new RegExp(String.raw`(^|\s)in\s+(\d+)\s*(?=${UNIT})`, 'gi'), '$1+$2 ')
      .replace(/\s+at\s+(?=\d|noon\b|midnight\b)/gi, ' ')
      // PHP reads `GMT+2`, `UTC-3` and a one- or two-digit offset after a time as hours; the port as minutes.
      .replace(/(?:GMT|UTC)(?=[+-]\d)/gi, ' ')
      .replace(
        /(^|\s|:\d\d)([+-])(\d{1,2})(?![\d:]|\s*[a-z])/gi,
        (_, before: string, sign: string, hours: string) => `${before}${sign}${hours.padStart(2, '0')}:00`,
      )
      .replace(WEEKDAY_OF_WEEK, (_, dayFirst?: string, shiftAfter?: string, shiftFirst?: string, dayAfter?: string) => {
        const monday = DateTime.fromMillis(floatingNowMs, { zone: 'utc' }).startOf('week');
        const shift = WEEK_SHIFT[(shiftAfter ?? shiftFirst ?? 'this').toLowerCase()] ?? 0;
        return monday.plus({ weeks: shift, days: isoWeekday(dayFirst ?? dayAfter ?? 'mon') - 1 }).toISODate() ?? '';
      })
      .replace(NEXT_OR_LAST_WEEKDAY, (_, direction: string, day: string) => {
        const today = DateTime.fromMillis(floatingNowMs, { zone: 'utc' }).startOf('day');
        const weekday = isoWeekday(day);
        const days =
          direction.toLowerCase() === 'next'
            ? (weekday - today.weekday + 7) % 7 || 7
            : -((today.weekday - weekday + 7) % 7 || 7);
        return today.plus({ days }).toISODate() ?? '';
      })
      .trim()
  );
}

const WEEKDAY_OF_MONTH = new RegExp(String.raw`^(${ORDINALS.join('|')}|next|last)\s+${WEEKDAY}\s+of\s+(\S.*)$`, 'i');

/** "first monday of <month>" and "last friday of <month>" (PHP's "weekday of"), which the port does not read. */
export function weekdayOf(phrase: string): { rest: string; place: (wallMs: number) => number | undefined } | undefined {
  const match = WEEKDAY_OF_MONTH.exec(phrase);
  if (!match) return undefined;
  const [, which = '', day = '', rest = ''] = match;
  const weekday = isoWeekday(day);
  const ordinal = which.toLowerCase() === 'next' ? 1 : ORDINALS.indexOf(which.toLowerCase()) + 1;
  return {
    rest,
    place: (wallMs) => {
      const inMonth = DateTime.fromMillis(wallMs, { zone: 'utc' });
      if (ordinal === 0) {
        const last = inMonth.endOf('month');
        return last
          .minus({ days: (last.weekday - weekday + 7) % 7 })
          .set(timeOf(inMonth))
          .toMillis();
      }
      const first = inMonth.startOf('month');
      // Past the month's end PHP goes on counting into the next month ("fifth monday of february").
      return first
        .plus({ days: ((weekday - first.weekday + 7) % 7) + (ordinal - 1) * 7 })
        .set(timeOf(inMonth))
        .toMillis();
    },
  };
}

const timeOf = (dateTime: DateTime) => ({ hour: dateTime.hour, minute: dateTime.minute, second: dateTime.second });

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
const MONTH = alternatives([
  'jan(?:uary)?',
  'feb(?:ruary)?',
  'mar(?:ch)?',
  'apr(?:il)?',
  'may',
  'june?',
  'july?',
  'aug(?:ust)?',
  'sep(?:t|tember)?',
  'oct(?:ober)?',
  'nov(?:ember)?',
  'dec(?:ember)?',
]);
const DAY = String.raw`(\d{1,2})(?:st|nd|rd|th)?`;

/** Calendar dates written with numbers or month names, as [regex, which group is year, month, day]. */
const CALENDAR_DATES: readonly [RegExp, number, number, number][] = [
  [/(?<!\d)(\d{4})[-/](\d{1,2})[-/](\d{1,2})(?!\d)/, 1, 2, 3], // 2026-12-24, 2026/12/24
  [/(?<![\d./-])(\d{1,2})\/(\d{1,2})(?:\/(\d{1,4}))?(?![\d/])/, 3, 1, 2], // American 12/24/2026, 12/24
  [/(?<![\d./-])(\d{1,2})[-.](\d{1,2})[-.](\d{2,4})(?![\d.-])/, 3, 2, 1], // 24-12-2026, 24.12.2026, 30.6.08
  [new RegExp(String.raw`\b${MONTH}[\s.-]*${DAY}(?!\d)(?:[\s,.-]+(\d{4}))?`, 'i'), 3, 1, 2], // December 24, 2026
  [new RegExp(String.raw`(?<!\d)${DAY}[\s.-]*${MONTH}\b(?:[\s.-]*(\d{4}))?`, 'i'), 3, 2, 1], // 24 December 2026
];

/**
 * Whether the text writes a day its month does not have (2026-02-30, April 31): PHP moves such a date into the next
 * month without a word, which hides a typo; this service refuses it instead.
 */
export function impossibleCalendarDay(text: string): boolean {
  return CALENDAR_DATES.some(([pattern, yearAt, monthAt, dayAt]) => {
    const match = pattern.exec(text);
    if (!match) return false;
    const monthText = match[monthAt] ?? '';
    const month = /^\d+$/.test(monthText) ? Number(monthText) : MONTHS.indexOf(monthText.slice(0, 3).toLowerCase()) + 1;
    const year = match[yearAt] === undefined ? 2000 : Number(match[yearAt]); // no year: February may have 29 days
    if (month < 1 || month > 12) return false; // PHP's own range checks refuse these
    return Number(match[dayAt]) > DateTime.utc(year, month, 1).daysInMonth!;
  });
}
