// The few places where recurrence lines name an instant rather than a wall-clock reading: an UNTIL, RDATE or EXDATE
// in UTC (`…Z`) or in another zone's TZID. Expansion itself never leaves the event's wall clock.
import { parseTimeZone, zoneOf, type TimeZoneId } from '../timeZone.ts';
import { wallClockAt, wallClockMs, type LocalDateTime } from '../wallClock.ts';

const MS_PER_MINUTE = 60_000;
const MS_PER_DAY = 86_400_000;

/** A TZID parameter as a zone this service knows (the same identifiers as an event's `timezone`). */
export function knownZone(tzid: string): TimeZoneId | undefined {
  return parseTimeZone(tzid);
}

function offsetMs(zone: TimeZoneId, epochMs: number): number {
  return zoneOf(zone).offset(epochMs) * MS_PER_MINUTE;
}

/**
 * The instant a wall-clock reading names in `zone`, by docs/api.md §20.4: inside a daylight-saving gap, the offset
 * from before the gap (02:30 on a spring-forward night is 03:30 summer time); a reading that occurs twice, the first.
 * It depends on the reading and the zone only, never on today's date. Undefined for no calendar date-time.
 */
export function instantOfReading(local: LocalDateTime, zone: TimeZoneId): number | undefined {
  const localMs = wallClockMs(local);
  if (localMs === undefined) return undefined;
  // Offsets a day either side: zones change offset at most once in two days.
  const before = offsetMs(zone, localMs - MS_PER_DAY);
  const after = offsetMs(zone, localMs + MS_PER_DAY);
  const holds = (offset: number): boolean => offsetMs(zone, localMs - offset) === offset;
  const candidates = [before, after].filter(holds).map((offset) => localMs - offset);
  // Two that hold: an overlap, whose first instant is the smaller. None: a gap, read with the offset before it.
  return candidates.length === 0 ? localMs - before : Math.min(...candidates);
}

/** The wall-clock reading of an instant in `zone`. Undefined outside years 0000–9999. */
export function readingAt(epochMs: number, zone: TimeZoneId): LocalDateTime | undefined {
  return wallClockAt(epochMs + offsetMs(zone, epochMs));
}
