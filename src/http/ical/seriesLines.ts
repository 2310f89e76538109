// The RRULE, RDATE and EXDATE lines of a series in a feed (docs/api.md §21.1). The service accepts lines that RFC 5545
// does not allow beside a DTSTART with TZID (a wall-clock or date UNTIL, floating or other-zone RDATE/EXDATE values,
// which the service reads on the event's wall clock, §20.1), so each value is written again as the service reads it:
// UNTIL in UTC (a date for whole-day series), RDATE and EXDATE in the event's zone (dates for whole-day series).
import { readContentLine, type DateValue } from '../../domain/recurrence/contentLines.ts';
import { seriesReading, type SeriesStart } from '../../domain/recurrence/expansion.ts';
import { checkRule } from '../../domain/recurrence/ruleParts.ts';
import { localToUtc } from '../../domain/localDateTime.ts';
import type { ZoneClock } from '../../domain/timeZone.ts';
import type { LocalDateTime } from '../../domain/wallClock.ts';

/** `YYYY-MM-DD HH:MM:SS` as an iCalendar date-time (`YYYYMMDDTHHMMSS`), or its date alone (`YYYYMMDD`). */
const dateTimeText = (local: LocalDateTime): string => local.replace(/[-:]/g, '').replace(' ', 'T');
const dateText = (local: LocalDateTime): string => local.slice(0, 10).replace(/-/g, '');

/** UNTIL as RFC 5545 §3.3.10 wants it beside this DTSTART: UTC for timed series, a date for whole-day ones. */
function untilText(until: DateValue, series: SeriesStart, zones: ZoneClock): string {
  const reading = seriesReading(until, series, zones);
  if (series.allDay) return dateText(reading);
  if (until.kind === 'utc') return `${dateTimeText(until.utc)}Z`;
  // A date includes its whole day (docs/recurrence.md).
  const last = until.kind === 'date' ? `${reading.slice(0, 10)} 23:59:59` : reading;
  return `${dateTimeText(localToUtc(last, series.zone, zones))}Z`;
}

/** One RDATE or EXDATE line of `starts` (wall-clock readings of the series' zone). */
export function datesLine(property: 'RDATE' | 'EXDATE', starts: readonly LocalDateTime[], series: SeriesStart): string {
  if (series.allDay) return `${property};VALUE=DATE:${starts.map(dateText).join(',')}`;
  return `${property};TZID=${series.zone}:${starts.map(dateTimeText).join(',')}`;
}

/**
 * The series' lines for its VEVENT, and `hidden` (starts the feed leaves out: occurrences that do not match its
 * filters, are not readable, or are written as exceptions elsewhere) as one more EXDATE line.
 */
export function seriesLines(
  recurrence: readonly string[],
  series: SeriesStart,
  hidden: readonly LocalDateTime[],
  zones: ZoneClock,
): string[] {
  const lines: string[] = [];
  for (const text of recurrence) {
    const reading = readContentLine(text);
    // The stored lines were checked when written; one that no longer reads is left out rather than written wrong.
    if (!reading.ok) continue;
    const { line } = reading;
    if (line.property === 'RRULE') {
      const rule = checkRule(line.value, line.text);
      if (!rule.ok) continue;
      const { partsWithoutUntil, until } = rule.rule;
      lines.push(`RRULE:${partsWithoutUntil}${until ? `;UNTIL=${untilText(until, series, zones)}` : ''}`);
    } else {
      const starts = line.dates.map((value) => seriesReading(value, series, zones));
      lines.push(datesLine(line.property, starts, series));
    }
  }
  if (hidden.length > 0) lines.push(datesLine('EXDATE', hidden, series));
  return lines;
}
