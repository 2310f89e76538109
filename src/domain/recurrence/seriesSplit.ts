// Splitting a series at one occurrence (docs/api.md §20.3 `recurrence_scope=following`): the lines the old series
// keeps (its rule ends with an UNTIL just before the split) and the lines the new series starts with (the rest of a
// COUNT, the same UNTIL, the added dates from the split on). The dates are counted by the expansion, never by hand.
import type { ZoneClock } from '../timeZone.ts';
import { wallClockAt, wallClockMs, type LocalDateTime } from '../wallClock.ts';
import { readContentLine } from './contentLines.ts';
import { expand, seriesReading, type SeriesStart } from './expansion.ts';
import { checkRule } from './ruleParts.ts';

export interface SplitLines {
  /** The old series' lines: its rule ends before the split. */
  readonly before: readonly string[];
  /** The new series' lines, from the split on. */
  readonly after: readonly string[];
}

const isRule = (line: string): boolean => /^RRULE[:;]/i.test(line);
const partName = (part: string): string => (part.split('=')[0] ?? '').toUpperCase();

/** The last moment before `at` as an UNTIL value: the day before for whole-day series, else one second before. */
function untilBefore(at: LocalDateTime, allDay: boolean): string {
  const ms = (wallClockMs(at) ?? 0) - (allDay ? 86_400_000 : 1000);
  const reading = wallClockAt(ms) ?? at;
  const date = reading.slice(0, 10).replaceAll('-', '');
  return allDay ? date : `${date}T${reading.slice(11).replaceAll(':', '')}`;
}

/** How many dates the rule alone gives before `at`, the series' start included (COUNT counts them). */
function ruleDatesBefore(ruleLine: string, start: SeriesStart, at: LocalDateTime, zones: ZoneClock): number {
  const checked = checkRule(ruleLine.slice(ruleLine.indexOf(':') + 1), ruleLine);
  if (!checked.ok) return 0;
  const horizonEnd = wallClockAt((wallClockMs(at) ?? 0) - 1000) ?? at;
  const series = { ...start, recurrence: { rule: checked.rule, rdates: [], exdates: [] } };
  return expand(series, { horizonEnd, maxCount: 100_000 }, zones).starts.length;
}

/** An RDATE line the new series may keep: none of its dates before the split (it starts there). */
function addsOnlyFrom(line: string, start: SeriesStart, at: LocalDateTime, zones: ZoneClock): boolean {
  const reading = readContentLine(line);
  if (!reading.ok || reading.line.property !== 'RDATE') return true;
  return reading.line.dates.every((value) => seriesReading(value, start, zones) >= at);
}

export function splitRecurrence(
  lines: readonly string[],
  start: SeriesStart,
  at: LocalDateTime,
  zones: ZoneClock,
): SplitLines {
  const until = `UNTIL=${untilBefore(at, start.allDay)}`;
  const before: string[] = [];
  const after: string[] = [];
  for (const line of lines) {
    if (!isRule(line)) {
      before.push(line);
      if (addsOnlyFrom(line, start, at, zones)) after.push(line);
      continue;
    }
    const [name, value = ''] = [line.slice(0, line.indexOf(':')), line.slice(line.indexOf(':') + 1)];
    const parts = value.split(';');
    const kept = parts.filter((part) => !['COUNT', 'UNTIL'].includes(partName(part)));
    before.push(`${name}:${[...kept, until].join(';')}`);
    const count = parts.find((part) => partName(part) === 'COUNT');
    if (count === undefined) {
      after.push(line);
      continue;
    }
    const remaining = Number(count.split('=')[1]) - ruleDatesBefore(line, start, at, zones);
    if (remaining > 0) after.push(`${name}:${[...kept, `COUNT=${String(remaining)}`].join(';')}`);
  }
  return { before, after };
}
