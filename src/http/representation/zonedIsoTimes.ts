// Date-times with their zone's offset as json_ld writes them (`startDate`, `endDate`, `validFrom`, docs/api.md §4.6),
// read once per zone and local date-time. Placing a local time in its zone asks the zone data for several instants,
// which the zone clock remembers per second only; the events of a calendar start at far fewer distinct times than
// there are events, so each first read of an event would place again what an earlier one placed.
import { toIsoWithOffset } from '../../domain/localDateTime.ts';
import type { TimeZoneId, ZoneClock } from '../../domain/timeZone.ts';
import type { LocalDateTime } from '../../domain/wallClock.ts';

/** Bounded: past `capacity` readings the oldest go first. One per process, with the site settings. */
export class ZonedIsoTimes {
  private readonly known = new Map<string, string>();

  constructor(
    private readonly zones: ZoneClock,
    private readonly capacity = 20_000,
  ) {}

  /** `toIsoWithOffset(local, zoneId)`. */
  of(local: LocalDateTime, zoneId: TimeZoneId): string {
    const key = `${zoneId} ${local}`;
    let iso = this.known.get(key);
    if (iso === undefined) {
      iso = toIsoWithOffset(local, zoneId, this.zones);
      if (this.known.size >= this.capacity) this.known.delete(this.known.keys().next().value as string);
      this.known.set(key, iso);
    }
    return iso;
  }
}
