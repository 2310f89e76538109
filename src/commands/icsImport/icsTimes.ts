// The date and date-time values of a VEVENT as the service writes them: `YYYY-MM-DD` and `YYYY-MM-DD HH:MM:SS` wall
// clocks, and the database zone each value is read in (UTC, its TZID, or floating: the site zone, docs/api.md §21.2).
import ICAL from 'ical.js';
import { instantToLocal, localToInstant } from '../../domain/localDateTime.ts';
import type { TimeZoneId, ZoneClock } from '../../domain/timeZone.ts';
import { resolveZone, type ZoneContext } from './icsZones.ts';

const two = (n: number): string => String(n).padStart(2, '0');

/** `YYYY-MM-DD`, the date of a DATE or DATE-TIME value as written (its zone aside). */
export const dateText = (time: ICAL.Time): string =>
  `${String(time.year).padStart(4, '0')}-${two(time.month)}-${two(time.day)}`;

/** `YYYY-MM-DD HH:MM:SS`, the wall clock of a DATE-TIME value as written (without a UTC `Z`). */
export const wallText = (time: ICAL.Time): string =>
  `${dateText(time)} ${two(time.hour)}:${two(time.minute)}:${two(time.second)}`;

/** Where a value of `property` has its wall clock: UTC, its TZID's database zone, or floating (the site zone). */
export function zoneOfValue(property: ICAL.Property, time: ICAL.Time, ctx: ZoneContext): TimeZoneId | undefined {
  if (time.zone === ICAL.Timezone.utcTimezone) return 'UTC';
  const tzid = property.getParameter('tzid');
  if (typeof tzid !== 'string' || tzid === '') return ctx.siteZone;
  return resolveZone(tzid, [time.year, time.month, time.day, time.hour], ctx);
}

/** A wall clock `local` (in `from`) read in the zone `to`. */
export function localIn(local: string, from: TimeZoneId, to: TimeZoneId, zones: ZoneClock): string {
  if (from === to) return local;
  const instant = localToInstant(local, from, zones) as number;
  return instantToLocal(new Date(instant), to, zones);
}

/** The wall clock of `time` (in `from`) read in the zone `to`. */
export const inZone = (time: ICAL.Time, from: TimeZoneId, to: TimeZoneId, zones: ZoneClock): string =>
  localIn(wallText(time), from, to, zones);
