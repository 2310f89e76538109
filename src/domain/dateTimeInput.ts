// Date-time input (docs/api.md §1.3): reads what PHP's date parser reads into a wall-clock value in a target zone.
import { DateTime } from 'luxon';
import { existingLocalTime, localToInstant, type LocalDateTime } from './localDateTime.ts';
import { parseTimeZone, zoneOffsetMinutes, type TimeZoneId, type ZoneClock } from './timeZone.ts';
import { wallClockAt, wallClockMs } from './wallClock.ts';
import { strtotimeFloating, type StrtotimeReading } from './strtotime.ts';
import { impossibleCalendarDay, rewriteForStrtotime, weekdayOf } from './phpDatePhrases.ts';

/*
 * The reference implementation read dates with PHP's parser, so people send what it reads: "December 24, 2026 8pm",
 * "12/24/2026" (American m/d/Y), "24-12-2026" (d-m-Y), "2026/12/24", "next month", "+1 week 2 days", "last friday
 * of next month", "@1767225600"... locutus's port of that parser does the reading (see strtotime.ts); this module
 * adds what the wire contract and a careful service add on top:
 * - digits alone are a Unix timestamp whose UTC reading is the value (form 1 of §1.3), not PHP's "year or time";
 * - the forms the port lacks or gets wrong are rewritten first (phpDatePhrases.ts), with "in 2 weeks" and
 *   "December 24 at 8pm", which people type and PHP refuses;
 * - an impossible day (2026-02-30) is refused where PHP silently moves it into the next month, a number beyond
 *   2^53 is refused where PHP loses digits, and so is a result outside years 0000–9999;
 * - "+2 hours" alone counts elapsed time across a DST change, as PHP 8.1 does.
 */

/** Why an input is not a date-time; the HTTP edge words it for the caller. */
export type DateInputProblem = 'unreadable' | 'no-such-date' | 'too-long' | 'amount-too-large' | 'out-of-range';

/** The longest text read as a date: every accepted form is far shorter. */
export const maxDateInputLength = 200;

export type DateTimeReading =
  | {
      readonly ok: true;
      /** The value in the target zone. */
      readonly local: LocalDateTime;
      /** The zone the text named itself (`+05:00`, `EST`, `Europe/Madrid`), as an identifier this service stores. */
      readonly namedZone?: TimeZoneId;
    }
  | { readonly ok: false; readonly problem: DateInputProblem };

const TIMESTAMP = /^-?\d+$/;
/** The form the wire writes (`YYYY-MM-DD HH:MM:SS`) or a date alone: most of what clients send, read without PHP. */
const CANONICAL = /^\d{4}-\d\d-\d\d(?: \d\d:\d\d:\d\d)?$/;
/** A signed interval of hours or less, alone: elapsed time. */
const ELAPSED = /^([+-]?)\s*(\d+)\s*(sec|second|min|minute|hour)s?(\s+ago)?$/i;
/** A zone and nothing else (`x`, `EST`, `+5`): PHP reads "now, there", which is never what such an input meant. */
const ZONE_ONLY = /^(?:\(?[a-z]{1,6}\)?|(?:gmt|utc)?\s*[+-]\d{1,2}(?::?\d\d)?)$/i;
/** A trailing time zone database identifier (`Europe/Madrid`), which PHP reads and the port does not. */
const ZONE_ID_SUFFIX = /\s+([A-Za-z][A-Za-z_]*(?:\/[A-Za-z0-9_+-]+)+)$/;

/**
 * Reads `input` as a wall-clock value in `targetZone`, with `now` as the reference for relative forms; `clock` is the
 * caller's zone clock (its memos; answers are the same whichever clock gives them).
 */
export function readDateTimeInput(input: string, targetZone: TimeZoneId, now: Date, clock: ZoneClock): DateTimeReading {
  const text = input.trim();
  if (text === '') return failed('unreadable');
  if (text.length > maxDateInputLength) return failed('too-long');
  if (TIMESTAMP.test(text)) return fromTimestamp(text);
  if (CANONICAL.test(text)) {
    const local = existingLocalTime(text.length === 10 ? `${text} 00:00:00` : text, targetZone, clock);
    return local === undefined ? failed('no-such-date') : { ok: true, local };
  }
  if (hasUnsafeNumber(text)) return failed('amount-too-large');
  const elapsed = ELAPSED.exec(text);
  if (elapsed) return fromElapsed(elapsed, targetZone, now, clock);

  const zoneId = ZONE_ID_SUFFIX.exec(text);
  const named = zoneId ? parseTimeZone(zoneId[1] ?? '') : undefined;
  if (zoneId && named === undefined) return failed('unreadable');
  const phrase = zoneId ? text.slice(0, zoneId.index) : text;
  const evaluationZone = named ?? targetZone;
  if (impossibleCalendarDay(phrase)) return failed('no-such-date');
  const reading = readPhrase(phrase, evaluationZone, now, clock);
  if (reading === undefined) return failed('unreadable');
  if (reading.kind === 'overflow') return failed('out-of-range');
  if (reading.kind === 'instant' && ZONE_ONLY.test(phrase)) return failed('unreadable');
  if (reading.kind === 'instant') return fromInstant(reading, targetZone, clock);
  const wall = wallClockAt(reading.wallMs);
  if (wall === undefined) return failed('out-of-range');
  if (named === undefined) return inRange(existingLocalTime(wall, targetZone, clock));
  // The named zone's wall clock becomes an instant by the one rule of §1.3 (gap: offset before it; overlap: first).
  const epochMs = localToInstant(wall, named, clock);
  if (epochMs === undefined) return failed('out-of-range');
  return withNamedZone(inRange(wallClockAt(epochMs + zoneOffsetMinutes(targetZone, epochMs, clock) * 60_000)), named);
}

/**
 * The zone a value should be kept in when `input` names one (`…+05:00`, `Europe/Madrid`) that does not match
 * `currentZone` there: a named identifier, or `UTC±h` for an offset. Undefined when the input names none, names UTC
 * (`Z` is how machines write instants, not a choice of zone), or one whose offset `currentZone` has at that instant
 * anyway (`+01:00` for a Madrid winter date keeps Europe/Madrid).
 */
export function zoneToKeep(
  input: string,
  currentZone: TimeZoneId,
  now: Date,
  clock: ZoneClock,
): TimeZoneId | undefined {
  const reading = readDateTimeInput(input, 'UTC', now, clock);
  if (
    !reading.ok ||
    reading.namedZone === undefined ||
    reading.namedZone === currentZone ||
    reading.namedZone === 'UTC'
  ) {
    return undefined;
  }
  const epochMs = wallClockMs(reading.local);
  if (epochMs === undefined) return undefined;
  const sameOffset =
    zoneOffsetMinutes(reading.namedZone, epochMs, clock) === zoneOffsetMinutes(currentZone, epochMs, clock);
  return sameOffset && reading.namedZone.startsWith('UTC') ? undefined : reading.namedZone;
}

/** The value of `input` in `targetZone`, or undefined when it is not a date-time (see `readDateTimeInput`). */
export function parseDateTimeInput(
  input: string,
  targetZone: TimeZoneId,
  now: Date,
  clock: ZoneClock,
): LocalDateTime | undefined {
  const reading = readDateTimeInput(input, targetZone, now, clock);
  return reading.ok ? reading.local : undefined;
}

const failed = (problem: DateInputProblem): DateTimeReading => ({ ok: false, problem });

function inRange(local: LocalDateTime | undefined): DateTimeReading {
  return local === undefined ? failed('out-of-range') : { ok: true, local };
}

function withNamedZone(reading: DateTimeReading, namedZone: TimeZoneId): DateTimeReading {
  return reading.ok ? { ...reading, namedZone } : reading;
}

/** The phrase as PHP reads it in `zone`, after the rewrites and checks of this service. */
function readPhrase(phrase: string, zone: TimeZoneId, now: Date, clock: ZoneClock): StrtotimeReading | undefined {
  const rewritten = rewriteForStrtotime(phrase, floatingNow(now, zone, clock));
  const weekday = weekdayOf(rewritten);
  if (weekday === undefined) return strtotimeFloating(rewritten, floatingNow(now, zone, clock));
  // "first monday of <rest>": the rest names the month, and a time of its own (PHP's time is otherwise 00:00).
  const midnight = DateTime.fromMillis(floatingNow(now, zone, clock), { zone: 'utc' })
    .startOf('day')
    .toMillis();
  const rest = strtotimeFloating(weekday.rest, midnight);
  if (rest?.kind !== 'wall') return undefined;
  const wallMs = weekday.place(rest.wallMs);
  return wallMs === undefined ? undefined : { kind: 'wall', wallMs };
}

/** The wall clock of `zone` at `now`, as UTC milliseconds: the "now" PHP's parser works from. */
function floatingNow(now: Date, zone: TimeZoneId, clock: ZoneClock): number {
  return now.getTime() + zoneOffsetMinutes(zone, now.getTime(), clock) * 60_000;
}

/** A text that named its own zone: that instant in the target zone, and the named offset as a zone of ours. */
function fromInstant(
  reading: Extract<StrtotimeReading, { kind: 'instant' }>,
  targetZone: TimeZoneId,
  clock: ZoneClock,
): DateTimeReading {
  const { epochMs, offsetSeconds } = reading;
  const local = wallClockAt(epochMs + zoneOffsetMinutes(targetZone, epochMs, clock) * 60_000);
  const zone = offsetZoneId(offsetSeconds);
  return zone === undefined ? inRange(local) : withNamedZone(inRange(local), zone);
}

/** `UTC±h` (with `.25`, `.5`, `.75`) for an offset this service can store as a zone; `UTC` for zero. */
function offsetZoneId(offsetSeconds: number): TimeZoneId | undefined {
  if (offsetSeconds === 0) return 'UTC';
  const quarters = offsetSeconds / 900;
  if (!Number.isInteger(quarters)) return undefined;
  const hours = Math.abs(quarters) / 4;
  return parseTimeZone(`UTC${offsetSeconds < 0 ? '-' : '+'}${hours}`);
}

/** Form 1 of §1.3: the timestamp's UTC calendar date and time, taken as the wall-clock value (no zone applied). */
function fromTimestamp(text: string): DateTimeReading {
  const seconds = Number(text);
  if (!Number.isSafeInteger(seconds)) return failed('amount-too-large');
  return inRange(wallClockAt(seconds * 1000));
}

/** Hours and smaller are elapsed time (PHP 8.1 and later), so "+2 hours" spans a DST change as two real hours. */
function fromElapsed(match: RegExpExecArray, targetZone: TimeZoneId, now: Date, clock: ZoneClock): DateTimeReading {
  const [, sign, amount = '', unit = '', ago] = match;
  const seconds = Number(amount) * { sec: 1, second: 1, min: 60, minute: 60, hour: 3600 }[unit.toLowerCase() as 'sec'];
  const signed = (sign === '-') !== (ago !== undefined) ? -seconds : seconds;
  const epochMs = Math.floor(now.getTime() / 1000) * 1000 + signed * 1000;
  if (!Number.isSafeInteger(epochMs)) return failed('out-of-range');
  return inRange(wallClockAt(epochMs + zoneOffsetMinutes(targetZone, epochMs, clock) * 60_000));
}

/** Digits that make a number past 2^53 (fractions of a second aside), which PHP would read with digits lost. */
function hasUnsafeNumber(text: string): boolean {
  for (const match of text.matchAll(/(?<![.,\d])\d{16,}/g)) if (!Number.isSafeInteger(Number(match[0]))) return true;
  return false;
}
