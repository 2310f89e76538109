// The `recurrence` of an event write (docs/api.md §20.1), checked against the event's start and zone: each refusal
// is a reason a person can act on (recurrenceReasons.ts); nothing here throws on input.
import type { ZoneClock } from '../timeZone.ts';
import { wallClockMs } from '../wallClock.ts';
import { readContentLine, type DateValue } from './contentLines.ts';
import {
  expand,
  ruleYieldsAnything,
  seriesReading,
  type Expansion,
  type ExpansionWindow,
  type RecurrenceSet,
  type Series,
  type SeriesStart,
} from './expansion.ts';
import type { RecurrenceReason } from './recurrenceReasons.ts';
import { checkRule, type CheckedRule } from './ruleParts.ts';

/** CAL_RECURRENCE_MAX_OCCURRENCES' default (docs/api.md §20.1). */
export const defaultMaxOccurrences = 1000;

export interface CheckedRecurrence {
  /** The lines as sent, trimmed: what the series stores and shows. */
  readonly lines: readonly string[];
  readonly series: Series;
  /** The occurrences within the horizon, counted while checking. */
  readonly expansion: Expansion;
}

export type RecurrenceReading =
  | { readonly ok: true; readonly recurrence: CheckedRecurrence }
  | { readonly ok: false; readonly reason: RecurrenceReason };

const refuse = (reason: RecurrenceReason): RecurrenceReading => ({ ok: false, reason });

/** A JSON string holding one line is a list of one; anything but strings is refused. */
function asLines(input: unknown): readonly string[] | undefined {
  if (typeof input === 'string') return [input];
  if (Array.isArray(input) && input.every((line): line is string => typeof line === 'string')) return input;
  return undefined;
}

/** Reads the lines into a set: at most one rule, and every line readable. */
function readSet(lines: readonly string[]): { ok: true; set: RecurrenceSet } | { ok: false; reason: RecurrenceReason } {
  let rule: CheckedRule | undefined;
  const rdates: DateValue[] = [];
  const exdates: DateValue[] = [];
  for (const text of lines) {
    const reading = readContentLine(text);
    if (!reading.ok) return reading;
    const { line } = reading;
    if (line.property === 'RRULE') {
      if (rule) return { ok: false, reason: { code: 'recurrence-two-rules' } };
      const checked = checkRule(line.value, line.text);
      if (!checked.ok) return checked;
      rule = checked.rule;
    } else {
      (line.property === 'RDATE' ? rdates : exdates).push(...line.dates);
    }
  }
  return { ok: true, set: rule ? { rule, rdates, exdates } : { rdates, exdates } };
}

/** Compares two series readings on the wall clock, by day for all-day series. */
function earlier(a: string, b: string, allDay: boolean): boolean {
  return allDay ? a.slice(0, 10) < b.slice(0, 10) : (wallClockMs(a) ?? 0) < (wallClockMs(b) ?? 0);
}

/**
 * Checks `input` (the `recurrence` parameter) for an event starting at `start`. `window` bounds the occurrences:
 * the horizon end (the caller's clock plus CAL_RECURRENCE_HORIZON_MONTHS) and the maximum count. `zones`: the zone
 * clock the composition root hands down, for the lines that name an instant (docs/architecture.md §2).
 */
export function checkRecurrence(
  input: unknown,
  start: SeriesStart,
  window: ExpansionWindow,
  zones: ZoneClock,
): RecurrenceReading {
  const lines = asLines(input)?.map((line) => line.trim());
  if (!lines) return refuse({ code: 'recurrence-not-a-list' });
  const read = readSet(lines);
  if (!read.ok) return read;
  const series: Series = { ...start, recurrence: read.set };
  const until = read.set.rule?.until;
  if (until && earlier(seriesReading(until, start, zones), start.start, start.allDay)) {
    return refuse({ code: 'recurrence-until-before-start' });
  }
  for (const value of read.set.rdates) {
    const reading = seriesReading(value, start, zones);
    if (earlier(reading, start.start, start.allDay))
      return refuse({ code: 'recurrence-date-before-start', value: reading });
  }
  if (read.set.rule && !ruleYieldsAnything(series, zones)) return refuse({ code: 'recurrence-no-occurrence' });
  const expansion = expand(series, window, zones);
  if (expansion.starts.length === 0) return refuse({ code: 'recurrence-no-occurrence' });
  if (expansion.exceedsMaxCount) return refuse({ code: 'recurrence-too-many-occurrences', limit: window.maxCount });
  return { ok: true, recurrence: { lines, series, expansion } };
}
