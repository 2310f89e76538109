// The few places where recurrence lines name an instant rather than a wall-clock reading: an UNTIL, RDATE or EXDATE
// in UTC (`…Z`) or in another zone's TZID. Expansion itself never leaves the event's wall clock.
import { localToInstant } from '../localDateTime.ts';
import { parseTimeZone, type TimeZoneId, type ZoneClock } from '../timeZone.ts';
import { wallClockAt, type LocalDateTime } from '../wallClock.ts';

/** A TZID parameter as a zone this service knows (the same identifiers as an event's `timezone`). */
export function knownZone(tzid: string): TimeZoneId | undefined {
  return parseTimeZone(tzid);
}

/**
 * The instant a wall-clock reading names in `zone`, by docs/api.md §20.4 (the domain's one converter: a gap takes the
 * offset from before it, a reading that occurs twice is the first). Undefined for no calendar date-time.
 */
export function instantOfReading(local: LocalDateTime, zone: TimeZoneId, clock: ZoneClock): number | undefined {
  return localToInstant(local, zone, clock);
}

/** The wall-clock reading of an instant in `zone`. Undefined outside years 0000–9999. */
export function readingAt(epochMs: number, zone: TimeZoneId, clock: ZoneClock): LocalDateTime | undefined {
  return wallClockAt(epochMs + clock.offsetMinutes(zone, epochMs) * 60_000);
}
