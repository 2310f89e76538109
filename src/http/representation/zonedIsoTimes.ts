// Date-times with their zone's offset as json_ld writes them (`startDate`, `endDate`, `validFrom`, docs/api.md §4.6),
// read once per zone and local date-time. Placing a local time in its zone asks the zone data for several instants,
// which the zone clock remembers per second only; the events of a calendar start at far fewer distinct times than
// there are events, so each first read of an event would place again what an earlier one placed.
import { BoundedMemo } from '../../domain/boundedMemo.ts';
import { toIsoWithOffset } from '../../domain/localDateTime.ts';
import type { TimeZoneId, ZoneClock } from '../../domain/timeZone.ts';
import type { LocalDateTime } from '../../domain/wallClock.ts';

/** Bounded: past `capacity` readings the oldest go first. One per process, with the site settings. */
export class ZonedIsoTimes {
  private readonly known: BoundedMemo<string>;

  constructor(
    private readonly zones: ZoneClock,
    capacity = 20_000,
  ) {
    this.known = new BoundedMemo(capacity);
  }

  /** How many readings are kept. */
  get size(): number {
    return this.known.size;
  }

  /** `toIsoWithOffset(local, zoneId)`. */
  of(local: LocalDateTime, zoneId: TimeZoneId): string {
    return this.known.of(`${zoneId} ${local}`, () => toIsoWithOffset(local, zoneId, this.zones));
  }
}
