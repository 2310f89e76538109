// The luxon-based conversions the fast paths of localDateTime.ts, timeZone.ts and dateTimeInput.ts replaced, kept
// as they were so property tests can compare the two: the fast paths must answer exactly what these answer.
import { DateTime } from 'luxon';
import { formatLocalDateTime, type LocalDateTime } from '../../../src/domain/localDateTime.ts';
import { zoneOf, type TimeZoneId } from '../../../src/domain/timeZone.ts';

const LOCAL_DATE_TIME = /^(\d{4})-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01]) ([01]\d|2[0-3]):([0-5]\d):([0-5]\d)$/;

function inZone(local: LocalDateTime, zoneId: TimeZoneId): DateTime {
  const match = LOCAL_DATE_TIME.exec(local);
  if (!match) throw new RangeError(`Not a YYYY-MM-DD HH:MM:SS value: ${local}`);
  const [year, month, day, hour, minute, second] = match.slice(1).map(Number);
  const result = DateTime.fromObject({ year, month, day, hour, minute, second }, { zone: zoneOf(zoneId) });
  if (!result.isValid) throw new RangeError(`Not a calendar date-time: ${local}`);
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
  return formatLocalDateTime(DateTime.fromISO(text.replace(' ', 'T'), { zone: zoneOf(zoneId) }));
}
