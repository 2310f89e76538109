// The zone abbreviation of an event's start, remembered per zone and instant: asking Intl costs microseconds per
// event, and a calendar's events share few start instants (the same evening hours, day after day).
import { timeZoneAbbreviation, type TimeZoneId } from '../../domain/timeZone.ts';
import type { LocalDateTime } from '../../domain/localDateTime.ts';

/** Enough for every start of a busy calendar; past it, the table starts over, so memory stays bounded on any data. */
const maxRemembered = 65_536;
let remembered = 0;
const byZone = new Map<TimeZoneId, Map<LocalDateTime, string>>();

export function zoneAbbreviation(zone: TimeZoneId, utc: LocalDateTime): string {
  const known = byZone.get(zone)?.get(utc);
  if (known !== undefined) return known;
  const abbreviation = timeZoneAbbreviation(zone, utc);
  if (++remembered > maxRemembered) {
    byZone.clear();
    remembered = 1;
  }
  let byInstant = byZone.get(zone);
  if (byInstant === undefined) byZone.set(zone, (byInstant = new Map()));
  byInstant.set(utc, abbreviation);
  return abbreviation;
}
