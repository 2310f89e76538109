// What every feed rendering of a process would otherwise compute again: whether the runtime knows a zone, and the
// VTIMEZONE of a zone over a span of years (a day-by-day scan of offsets, a large part of a feed's rendering before).
import { DateTime } from 'luxon';
import { vtimezoneOf } from './vtimezone.ts';

/** Entries each table holds before it starts over: zones in use times the year spans of the feeds asked for. */
const maxRemembered = 2_000;

/**
 * Pure answers of the zone database, remembered for the life of the process: created once in the composition of the
 * feed routes and handed to every rendering (docs/architecture.md §2).
 */
export class CalendarMemo {
  private readonly zonesKnown = new Map<string, boolean>();
  private readonly timezones = new Map<string, string | null>();

  /** Whether the runtime's zone database knows `zone` (an event whose zone it does not know keeps UTC instants). */
  zoneKnown(zone: string): boolean {
    let known = this.zonesKnown.get(zone);
    if (known === undefined) {
      // Luxon's reading of the identifier (`UTC`, `UTC+5`, IANA names), as the rendering's date-times use it.
      known = DateTime.fromMillis(0, { zone }).isValid;
      if (this.zonesKnown.size >= maxRemembered) this.zonesKnown.clear();
      this.zonesKnown.set(zone, known);
    }
    return known;
  }

  /** `vtimezoneOf(zone, fromYear, toYear)`, computed once per zone and span. */
  vtimezone(zone: string, fromYear: number, toYear: number): string | null {
    const key = `${zone}|${fromYear}|${toYear}`;
    let text = this.timezones.get(key);
    if (text === undefined) {
      text = vtimezoneOf(zone, fromYear, toYear);
      if (this.timezones.size >= maxRemembered) this.timezones.clear();
      this.timezones.set(key, text);
    }
    return text;
  }
}
