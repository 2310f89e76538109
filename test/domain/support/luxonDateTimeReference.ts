// luxon-based conversions beside the fast paths of localDateTime.ts, timeZone.ts and dateTimeInput.ts, so property
// tests can compare the two: the fast paths must answer exactly what these answer. A wall-clock value becomes an
// instant by the rule of docs/api.md §1.3 (gap: the offset before it; overlap: the first instant), not luxon's own
// placement, which guesses from the zone's offset now and so answers overlaps by the season it runs in.
import { DateTime } from 'luxon';
import { formatLocalDateTime, type LocalDateTime } from '../../../src/domain/localDateTime.ts';
import { zoneOf, type TimeZoneId } from '../../../src/domain/timeZone.ts';

const LOCAL_DATE_TIME = /^(\d{4})-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01]) ([01]\d|2[0-3]):([0-5]\d):([0-5]\d)$/;

const MS_PER_HOUR = 3_600_000;

/**
 * The instant a wall-clock value names in a zone by docs/api.md §1.3, found with luxon's offsets and a search rather
 * than the fast path's arithmetic: every instant within 30 hours whose wall clock shows the value (its offset, one of
 * those in force nearby, holds there), the first of them; none (a gap): the value read with the offset in force at
 * the last instant whose wall clock is still before it.
 */
function instantOf(local: LocalDateTime, zoneId: TimeZoneId): number {
  const match = LOCAL_DATE_TIME.exec(local);
  if (!match) throw new RangeError(`Not a YYYY-MM-DD HH:MM:SS value: ${local}`);
  const [year = 0, month = 1, day = 1, hour = 0, minute = 0, second = 0] = match.slice(1).map(Number);
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  date.setUTCHours(hour, minute, second, 0);
  if (date.getUTCDate() !== day || date.getUTCMonth() !== month - 1)
    throw new RangeError(`Not a calendar date-time: ${local}`);
  const localMs = date.getTime();
  const zone = zoneOf(zoneId);
  const toMs = (offset: number) => Math.round(offset * 60_000);
  const offsetsNearby = new Set<number>();
  for (let hours = -30; hours <= 30; hours++) offsetsNearby.add(zone.offset(localMs + hours * MS_PER_HOUR));
  const showing = [...offsetsNearby]
    .filter((offset) => zone.offset(localMs - toMs(offset)) === offset)
    .map((offset) => localMs - toMs(offset));
  if (showing.length > 0) return Math.min(...showing);
  const wallClock = (epochMs: number) => epochMs + toMs(zone.offset(epochMs));
  let [low, high] = [localMs - 30 * MS_PER_HOUR, localMs + 30 * MS_PER_HOUR];
  while (high - low > 1000) {
    const middle = low + Math.floor((high - low) / 2000) * 1000;
    if (wallClock(middle) < localMs) low = middle;
    else high = middle;
  }
  return localMs - toMs(zone.offset(low));
}

function inZone(local: LocalDateTime, zoneId: TimeZoneId): DateTime {
  const result = DateTime.fromMillis(instantOf(local, zoneId), { zone: zoneOf(zoneId) });
  if (!result.isValid) throw new RangeError(`Out of range: ${local}`);
  return result;
}

function formatChecked(dateTime: DateTime): LocalDateTime {
  const formatted = formatLocalDateTime(dateTime);
  if (formatted === undefined) throw new RangeError(`Date-time out of range: ${dateTime.toISO() ?? 'invalid'}`);
  return formatted;
}

export function localToUtcReference(local: LocalDateTime, zoneId: TimeZoneId): LocalDateTime {
  return formatChecked(inZone(local, zoneId).toUTC());
}

export function utcToLocalReference(utc: LocalDateTime, zoneId: TimeZoneId): LocalDateTime {
  if (zoneId === 'UTC' && LOCAL_DATE_TIME.test(utc)) return utc;
  return formatChecked(inZone(utc, 'UTC').setZone(zoneOf(zoneId)));
}

export function instantToLocalReference(date: Date, zoneId: TimeZoneId): LocalDateTime {
  return formatChecked(DateTime.fromJSDate(date, { zone: zoneOf(zoneId) }));
}

export function toIsoWithOffsetReference(local: LocalDateTime, zoneId: TimeZoneId): string {
  return inZone(local, zoneId).toFormat("yyyy-MM-dd'T'HH:mm:ssZZ");
}

export function zoneOffsetMinutesReference(zoneId: TimeZoneId, epochMs: number): number {
  return zoneOf(zoneId).offset(epochMs);
}

/** parseDateTimeInput's general reading of `YYYY-MM-DD` and `YYYY-MM-DD HH:MM:SS`, before its fast path. */
export function canonicalInputReference(text: string, zoneId: TimeZoneId): LocalDateTime | undefined {
  try {
    return formatLocalDateTime(inZone(text.length === 10 ? `${text} 00:00:00` : text, zoneId));
  } catch {
    return undefined;
  }
}
