// Expanding a series (docs/api.md §20.1) into its occurrences' wall-clock starts in the event's own zone. The rule
// runs on the wall clock, so 19:00 stays 19:00 across daylight-saving changes; turning a start into an instant (and
// the gap and overlap rule of §20.4) is the converter's business, later. Pure: the horizon is passed in.
//
// The rule is expanded by `rrule` (a port of python-dateutil; see docs/recurrence.md for the choice) in its UTC
// mode: dates whose UTC fields are the wall-clock reading, which keeps the library away from zones altogether.
import rrulePackage from 'rrule';
import type { TimeZoneId, ZoneClock } from '../timeZone.ts';
import { wallClockAt, wallClockMs, type LocalDateTime } from '../wallClock.ts';
import type { DateValue } from './contentLines.ts';
import type { CheckedRule } from './ruleParts.ts';
import { instantOfReading, readingAt } from './zonedReadings.ts';

// rrule ships CommonJS; its named exports reach an ES module through the default one.
const { RRule } = rrulePackage;

export interface SeriesStart {
  /** The first occurrence's local start, `YYYY-MM-DD HH:MM:SS` (all-day events: the day at 00:00:00). */
  readonly start: LocalDateTime;
  readonly zone: TimeZoneId;
  readonly allDay: boolean;
}

/** The checked lines of a series: at most one rule, added dates, excluded dates. */
export interface RecurrenceSet {
  readonly rule?: CheckedRule;
  readonly rdates: readonly DateValue[];
  readonly exdates: readonly DateValue[];
}

export interface Series extends SeriesStart {
  readonly recurrence: RecurrenceSet;
}

export interface ExpansionWindow {
  /** The horizon: the last local start that may be listed (inclusive), counted by the caller from its own clock. */
  readonly horizonEnd: LocalDateTime;
  /** At most this many occurrences from the start to the horizon. */
  readonly maxCount: number;
}

export interface Expansion {
  /** The occurrences' local starts in order, the first being the series' start unless an EXDATE removes it. */
  readonly starts: readonly LocalDateTime[];
  /** More than `maxCount` occurrences fall within the horizon; `starts` holds the first `maxCount`. */
  readonly exceedsMaxCount: boolean;
}

const MS_PER_DAY = 86_400_000;

function msOf(local: LocalDateTime): number {
  const ms = wallClockMs(local);
  if (ms === undefined) throw new RangeError(`Not a YYYY-MM-DD HH:MM:SS value: ${local}`);
  return ms;
}

function readingOf(ms: number): LocalDateTime {
  const local = wallClockAt(ms);
  if (local === undefined) throw new RangeError(`Outside years 0000–9999: ${ms}`);
  return local;
}

const dayOf = (local: LocalDateTime): string => local.slice(0, 10);
const timeOf = (local: LocalDateTime): string => local.slice(11);

/** Where a date value falls on the series' wall clock. A date alone takes the time of day of the start. */
export function seriesReading(value: DateValue, series: SeriesStart, clock: ZoneClock): LocalDateTime {
  switch (value.kind) {
    case 'date':
      return `${value.date} ${timeOf(series.start)}`;
    case 'utc':
      // The UTC reading counted as UTC is the instant itself.
      return readingAt(msOf(value.utc), series.zone, clock) ?? value.utc;
    case 'local': {
      if (value.zone === undefined || value.zone === series.zone) return value.local;
      const instant = instantOfReading(value.local, value.zone, clock);
      const local = instant === undefined ? undefined : readingAt(instant, series.zone, clock);
      if (local === undefined) throw new RangeError(`No reading of ${value.local} in ${series.zone}`);
      return local;
    }
  }
}

/** An added date as an occurrence start: all-day series recur by date, so only the day counts. */
function addedStart(value: DateValue, series: SeriesStart, clock: ZoneClock): LocalDateTime {
  const local = seriesReading(value, series, clock);
  return series.allDay ? `${dayOf(local)} ${timeOf(series.start)}` : local;
}

/** Whether an EXDATE removes a start: by day for dates alone and all-day series, by reading otherwise. */
function excludes(value: DateValue, start: LocalDateTime, series: SeriesStart, clock: ZoneClock): boolean {
  const local = seriesReading(value, series, clock);
  return value.kind === 'date' || series.allDay ? dayOf(local) === dayOf(start) : local === start;
}

/**
 * How UNTIL bounds the rule. A UTC UNTIL is an instant: a start is kept when its §20.4 instant is not later (the
 * library is then run a day past its reading, to be sure to see every candidate). A date, or a date-time on the
 * wall clock, is compared on the wall clock: a date (or any UNTIL of an all-day series) includes that whole day.
 */
interface UntilBound {
  readonly libraryUntilMs: number;
  readonly keeps: (start: LocalDateTime) => boolean;
}

function untilBound(until: DateValue, series: SeriesStart, clock: ZoneClock): UntilBound {
  if (until.kind === 'utc' && !series.allDay) {
    const untilMs = msOf(until.utc);
    const reading = readingAt(untilMs, series.zone, clock) ?? until.utc;
    return {
      libraryUntilMs: msOf(reading) + MS_PER_DAY,
      keeps: (start) => (instantOfReading(start, series.zone, clock) ?? Infinity) <= untilMs,
    };
  }
  const local = seriesReading(until, series, clock);
  const last = until.kind === 'date' || series.allDay ? `${dayOf(local)} 23:59:59` : local;
  return { libraryUntilMs: msOf(last), keeps: () => true };
}

/** The library's rule for a series, on the wall clock. */
function libraryRule(rule: CheckedRule, series: SeriesStart, untilMs: number | undefined): InstanceType<typeof RRule> {
  const options = RRule.parseString(rule.partsWithoutUntil);
  return new RRule({
    ...options,
    dtstart: new Date(msOf(series.start)),
    until: untilMs === undefined ? null : new Date(untilMs),
  });
}

/** The starts the rule gives up to `lastMs`, at most `limit` of them, kept by the UNTIL bound. */
function ruleStarts(series: Series, lastMs: number, limit: number, clock: ZoneClock): LocalDateTime[] {
  const { rule } = series.recurrence;
  if (!rule) return [];
  const bound = rule.until ? untilBound(rule.until, series, clock) : undefined;
  const starts: LocalDateTime[] = [];
  libraryRule(rule, series, bound?.libraryUntilMs).all((date) => {
    if (date.getTime() > lastMs) return false;
    const start = readingOf(date.getTime());
    if (!bound || bound.keeps(start)) starts.push(start);
    return starts.length < limit;
  });
  return starts;
}

/** Whether the rule gives any start at all, however far: a rule of February 30 never does. */
export function ruleYieldsAnything(series: Series, clock: ZoneClock): boolean {
  // The Gregorian calendar repeats every 400 years: a rule with nothing in 401 years has nothing ever.
  const lastMs = msOf(series.start) + 401 * 366 * MS_PER_DAY;
  return ruleStarts(series, lastMs, 1, clock).length > 0;
}

/**
 * The series' occurrences from its start to the horizon, in order: the start itself (the series item is the first
 * occurrence, docs/api.md §20.2), the rule's starts and the RDATEs, less the EXDATEs. When the start does not fit
 * the rule (RFC 5545 leaves that set undefined), it is still the first occurrence, and COUNT counts the rule's own.
 */
export function expand(series: Series, window: ExpansionWindow, clock: ZoneClock): Expansion {
  const lastMs = msOf(window.horizonEnd);
  const { rdates, exdates } = series.recurrence;
  const candidates = new Set<LocalDateTime>([series.start]);
  // One over the maximum from each source is enough to tell an excess; EXDATEs may remove some, hence their count.
  for (const start of ruleStarts(series, lastMs, window.maxCount + exdates.length + 2, clock)) candidates.add(start);
  for (const value of rdates) {
    const start = addedStart(value, series, clock);
    if (msOf(start) <= lastMs) candidates.add(start);
  }
  const starts = [...candidates]
    .filter((start) => !exdates.some((value) => excludes(value, start, series, clock)))
    .sort();
  return { starts: starts.slice(0, window.maxCount), exceedsMaxCount: starts.length > window.maxCount };
}
