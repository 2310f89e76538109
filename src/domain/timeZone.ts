// Time zone identifiers (docs/api.md §10.1 `timezone`): validation,
// luxon zones, tz-database abbreviations (§4.1 row 27).
import { FixedOffsetZone, IANAZone, type Zone } from 'luxon';
import { fieldsMs, wallClockMs, type LocalDateTime } from './wallClock.ts';
import {
  ABBREVIATION_LOCALES,
  DATABASE_SPELLING,
  NOT_IN_DATABASE,
  numericAbbreviation,
} from './zoneAbbreviationNames.ts';

/** A stored time zone identifier, exactly as the client gave it: `America/New_York`, `UTC`, `UTC+5.5`, `UTC-3`. */
export type TimeZoneId = string;

/** `UTC±h` with an optional quarter-hour fraction; the magnitude is checked separately (0..14). */
const UTC_OFFSET_ID = /^UTC([+-])(0|[1-9]\d?)(?:\.(25|5|75))?$/;

/** Minutes east of UTC for a `UTC±h` identifier; undefined for anything else. */
function utcOffsetMinutes(id: string): number | undefined {
  const match = UTC_OFFSET_ID.exec(id);
  if (!match) return undefined;
  const [, sign, hours, fraction] = match;
  const minutes = Number(hours) * 60 + (fraction === undefined ? 0 : Number(`0.${fraction}`) * 60);
  if (minutes > 14 * 60) return undefined;
  return sign === '-' ? -minutes : minutes;
}

/**
 * Accepts a time zone database identifier luxon (that is, the runtime's Intl) knows, `UTC`, or `UTC±h` with an
 * optional `.25`/`.5`/`.75`; undefined otherwise. The empty string ("site time zone") is the caller's business.
 */
export function parseTimeZone(input: string): TimeZoneId | undefined {
  if (input === 'UTC' || utcOffsetMinutes(input) !== undefined) return input;
  // Intl also understands offset strings such as `+05:00` on newer runtimes; those are not identifiers here.
  if (!/^[A-Za-z]/.test(input)) return undefined;
  return IANAZone.isValidZone(input) ? input : undefined;
}

/** The luxon zone behind an identifier. Throws on an identifier `parseTimeZone` would not have accepted. */
export function zoneOf(id: TimeZoneId): Zone {
  if (id === 'UTC') return FixedOffsetZone.utcInstance;
  const offset = utcOffsetMinutes(id);
  if (offset !== undefined) return FixedOffsetZone.instance(offset);
  const zone = IANAZone.create(id);
  if (!zone.isValid) throw new RangeError(`Unknown time zone: ${id}`);
  return zone;
}

/** What a cached formatter shows: the zone's short name, or its wall clock field by field as luxon reads it. */
const FORMATTER_OPTIONS = {
  zoneName: { timeZoneName: 'short' },
  wallClock: {
    hour12: false,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    era: 'short',
  },
} as const satisfies Record<string, Intl.DateTimeFormatOptions>;

/*
 * Offsets. luxon asks Intl for the zone's wall clock at an instant and compares it with UTC; doing the same here,
 * without building luxon objects and with each answer remembered, gives exactly luxon's numbers (DST and history
 * included: they come from the runtime's time zone data) at a fraction of the cost.
 */

/** A UTC month's abbreviation and offset, the same at its first and last second. */
interface MonthEnds {
  readonly abbreviation: string;
  readonly offset: number;
}

/** Answers remembered per zone and instant, each table bounded: past it, the table starts over, on any data. */
const maxRemembered = 65_536;

const dayMs = 86_400_000;

/**
 * The time-zone arithmetic repeated for every event (offsets, abbreviations) with its memos: Intl formatters
 * (building one costs ~10x a format call), offsets per zone and second, abbreviations per zone and instant. Every
 * answer is a pure function of the zone, the instant and the runtime's zone data, so one clock serves every caller
 * of a process: the composition root creates it and hands it down (docs/architecture.md §2).
 */
export class ZoneClock {
  private readonly formatters = new Map<string, Intl.DateTimeFormat>();
  private readonly offsetReaders = new Map<TimeZoneId, (epochMs: number) => number>();
  private readonly rememberedByZone: Map<number, unknown>[] = [];
  private rememberedOffsets = 0;
  private readonly abbreviationsByZone = new Map<TimeZoneId, Map<LocalDateTime, string>>();
  /** Per zone, UTC day (`YYYY-MM-DD`) → its abbreviation when the day has one throughout, null when it changes. */
  private readonly uniformDaysByZone = new Map<TimeZoneId, Map<string, string | null>>();
  /** Per zone, UTC month (`YYYY-MM`) → the abbreviation and offset of both its ends when they agree, else null. */
  private readonly uniformMonthsByZone = new Map<TimeZoneId, Map<string, MonthEnds | null>>();
  private rememberedAbbreviations = 0;

  /** `maxRememberedEach`: entries per table (offsets, abbreviations) before it starts over. */
  constructor(private readonly maxRememberedEach: number = maxRemembered) {}

  /**
   * Minutes east of UTC in a zone at an instant, exactly as luxon's `zoneOf(id).offset(epochMs)`: from Intl's wall
   * clock to the second, so local mean time before standard time gives fractions (New York in 1850: -296.03…).
   * NaN outside the Date range. Throws on an identifier `parseTimeZone` would not have accepted.
   */
  offsetMinutes(id: TimeZoneId, epochMs: number): number {
    let reader = this.offsetReaders.get(id);
    if (reader === undefined) {
      reader = this.offsetReader(id);
      this.offsetReaders.set(id, reader);
    }
    return reader(epochMs);
  }

  /**
   * The tz database abbreviation of a zone at a UTC instant (`EST`, `CET`, `AEDT`, `+03`); for `UTC` and `UTC±h`
   * identifiers, the identifier itself. See the note above for what is approximate. Remembered per zone and instant,
   * and per zone and UTC day (most days learnt from their month): a calendar's events share few start instants (the
   * same evening hours, day after day), and a replay meets tens of thousands of distinct ones on a few thousand days.
   */
  abbreviation(id: TimeZoneId, utc: LocalDateTime): string {
    const known = this.abbreviationsByZone.get(id)?.get(utc);
    if (known !== undefined) return known;
    const abbreviation = this.abbreviationOfDayOr(id, utc);
    if (++this.rememberedAbbreviations > this.maxRememberedEach) {
      this.abbreviationsByZone.clear();
      this.uniformDaysByZone.clear();
      this.uniformMonthsByZone.clear();
      this.rememberedAbbreviations = 1;
    }
    let byInstant = this.abbreviationsByZone.get(id);
    if (byInstant === undefined) this.abbreviationsByZone.set(id, (byInstant = new Map()));
    byInstant.set(utc, abbreviation);
    return abbreviation;
  }

  /**
   * The abbreviation at `utc` found by its UTC day: a day whose first and last second have the same abbreviation
   * has it all day long, since no zone of the tz database changes its abbreviation and back again within 24 hours
   * (changes are months apart). A day with a change (`null`) is answered instant by instant.
   */
  private abbreviationOfDayOr(id: TimeZoneId, utc: LocalDateTime): string {
    if (id === 'UTC' || utcOffsetMinutes(id) !== undefined) return id;
    const epochMs = wallClockMs(utc);
    if (epochMs === undefined) throw new RangeError(`Not a YYYY-MM-DD HH:MM:SS value: ${utc}`);
    let days = this.uniformDaysByZone.get(id);
    if (days === undefined) this.uniformDaysByZone.set(id, (days = new Map()));
    const day = utc.slice(0, 10);
    let allDay = days.get(day);
    if (allDay === undefined) {
      allDay = this.abbreviationOfMonthOr(id, day, Math.floor(epochMs / dayMs) * dayMs);
      days.set(day, allDay);
    }
    return allDay ?? this.abbreviationAtInstant(id, utc);
  }

  /**
   * A day's abbreviation from its UTC month, when the month's first and last second have the same abbreviation and
   * offset and the day has that offset from its first second to its last: no zone of the tz database changes its
   * abbreviation and back within a month while keeping its offset (a change comes with a new offset, or is a change
   * of the zone's rules, months apart), so the day has the month's. Otherwise the day's own ends are asked (Intl):
   * its abbreviation, or null when it changes that day. A replay then asks Intl a few times per zone and month
   * instead of per day.
   */
  private abbreviationOfMonthOr(id: TimeZoneId, day: string, dayStartMs: number): string | null {
    const ends = this.monthEnds(id, day.slice(0, 7));
    const offset = ends?.offset;
    if (offset === this.offsetMinutes(id, dayStartMs) && offset === this.offsetMinutes(id, dayStartMs + dayMs - 1000))
      return (ends as MonthEnds).abbreviation;
    const first = this.abbreviationAtInstant(id, `${day} 00:00:00`);
    return first === this.abbreviationAtInstant(id, `${day} 23:59:59`) ? first : null;
  }

  private monthEnds(id: TimeZoneId, month: string): MonthEnds | null {
    let months = this.uniformMonthsByZone.get(id);
    if (months === undefined) this.uniformMonthsByZone.set(id, (months = new Map()));
    let ends = months.get(month);
    if (ends === undefined) {
      const firstMs = wallClockMs(`${month}-01 00:00:00`) as number;
      const lastMs = fieldsMs(Number(month.slice(0, 4)), Number(month.slice(5, 7)) + 1, 1, 0, 0, 0) - 1000;
      const abbreviation = this.abbreviationAtInstant(id, `${month}-01 00:00:00`);
      const offset = this.offsetMinutes(id, firstMs);
      const last = new Date(lastMs).toISOString().slice(0, 19).replace('T', ' ');
      const uniform =
        abbreviation === this.abbreviationAtInstant(id, last) && offset === this.offsetMinutes(id, lastMs);
      ends = uniform ? { abbreviation, offset } : null;
      months.set(month, ends);
    }
    return ends;
  }

  /** The abbreviation asked of Intl for this very instant, without any memo: what `abbreviation` must always answer. */
  abbreviationAtInstant(id: TimeZoneId, utc: LocalDateTime): string {
    if (id === 'UTC' || utcOffsetMinutes(id) !== undefined) return id;
    const zone = zoneOf(id);
    const epochMs = wallClockMs(utc);
    if (epochMs === undefined) throw new RangeError(`Not a YYYY-MM-DD HH:MM:SS value: ${utc}`);
    for (const { locale, zones } of ABBREVIATION_LOCALES) {
      if (zones !== undefined && !zones.includes(zone.name.toLowerCase())) continue;
      const name = this.shortZoneName(locale, zone.name, epochMs);
      if (name === undefined || !/^[A-Za-z]+$/.test(name) || NOT_IN_DATABASE.has(name)) continue;
      return DATABASE_SPELLING[name] ?? name;
    }
    return numericAbbreviation(this.offsetMinutes(id, epochMs));
  }

  private formatterFor(locale: string, zone: string, shows: keyof typeof FORMATTER_OPTIONS): Intl.DateTimeFormat {
    // Intl ignores the case of zone names; keying on lower case keeps the cache to one entry per real zone.
    const key = `${shows}\u0000${locale}\u0000${zone.toLowerCase()}`;
    let formatter = this.formatters.get(key);
    if (formatter === undefined) {
      formatter = new Intl.DateTimeFormat(locale, { timeZone: zone, ...FORMATTER_OPTIONS[shows] });
      this.formatters.set(key, formatter);
    }
    return formatter;
  }

  private shortZoneName(locale: string, zone: string, epochMs: number): string | undefined {
    const parts = this.formatterFor(locale, zone, 'zoneName').formatToParts(epochMs);
    return parts.find((part) => part.type === 'timeZoneName')?.value;
  }

  private offsetReader(id: TimeZoneId): (epochMs: number) => number {
    const fixed = id === 'UTC' ? 0 : utcOffsetMinutes(id);
    if (fixed !== undefined) return () => fixed;
    const zone = zoneOf(id);
    const formatter = this.formatterFor('en-US', zone.name, 'wallClock');
    const askedAt = (second: number) => intlOffset(formatter, second) ?? zone.offset(second);
    // Per UTC day, its offset when its midnight and the next one share one (null: the offset changes that day, or at
    // the next midnight), and per second on those days. No zone of the tz database changes its offset and back within
    // 24 hours (changes are months apart), so a day is answered with one or two Intl calls, however many distinct
    // instants are asked (a replay asks tens of thousands); a day shares its next midnight with the next day.
    const days = new Map<number, number | null>();
    const seconds = new Map<number, number>();
    const midnights = new Map<number, number>();
    this.rememberedByZone.push(days, seconds, midnights);
    const atMidnight = (day: number): number =>
      midnights.get(day) ?? this.remembered(midnights, day, askedAt(day * dayMs));
    return (epochMs) => {
      // The offset depends only on the whole second (Date drops fractions toward zero).
      const second = Math.floor(Math.trunc(epochMs) / 1000) * 1000;
      const day = Math.floor(second / dayMs);
      let allDay = days.get(day);
      if (allDay === undefined) {
        const first = atMidnight(day);
        allDay = this.remembered(days, day, first === atMidnight(day + 1) ? first : null);
      }
      return allDay ?? seconds.get(second) ?? this.remembered(seconds, second, askedAt(second));
    };
  }

  /** Keeps an offset reading, every offset table starting over past `maxRememberedEach` readings in all. */
  private remembered<V>(table: Map<number, V>, key: number, value: V): V {
    if (++this.rememberedOffsets > this.maxRememberedEach) {
      for (const zoneTable of this.rememberedByZone) zoneTable.clear();
      this.rememberedOffsets = 1;
    }
    table.set(key, value);
    return value;
  }
}

/** The tz database abbreviation of a zone at a UTC instant: `ZoneClock.abbreviation`. */
export function timeZoneAbbreviation(id: TimeZoneId, utc: LocalDateTime, clock: ZoneClock): string {
  return clock.abbreviation(id, utc);
}

/** Minutes east of UTC in a zone at an instant: `ZoneClock.offsetMinutes`. */
export function zoneOffsetMinutes(id: TimeZoneId, epochMs: number, clock: ZoneClock): number {
  return clock.offsetMinutes(id, epochMs);
}

/**
 * `12/31/1849 AD, 19:03:58`, the `wallClock` formatter's output: format is several times cheaper than formatToParts.
 */
const WALL_CLOCK_SHOWN = /^(\d+)\/(\d+)\/(\d+) (AD|BC), (\d+):(\d+):(\d+)$/;

/**
 * luxon's IANAZone.offset at a whole second: the wall clock shown, read as UTC, minus the instant. Undefined if this
 * runtime's Intl writes another layout (luxon, which reads the parts, is then asked instead).
 */
function intlOffset(formatter: Intl.DateTimeFormat, second: number): number | undefined {
  if (!Number.isFinite(new Date(second).getTime())) return NaN;
  const shown = WALL_CLOCK_SHOWN.exec(formatter.format(second));
  if (!shown) return undefined;
  const [, month, day, year, era, hour, minute, seconds] = shown;
  // Intl writes the proleptic years 0, -1… as 1 BC, 2 BC…, and midnight as hour 24 of the same day.
  const shownMs = fieldsMs(
    era === 'BC' ? 1 - Number(year) : Number(year),
    Number(month),
    Number(day),
    Number(hour) % 24,
    Number(minute),
    Number(seconds),
  );
  return (shownMs - second) / 60_000;
}
