// The VTIMEZONE of one zone for the years a feed spans (docs/api.md §21.1), generated from the time zone database the
// runtime carries (Intl, through luxon). Pre-built definitions (@touch4it/ical-timezones, timezones-ical-library) ship
// today's rules as one RRULE, which misstates the years whose rules differed; listing the actual transitions of the
// years in use is right for every year and stays short (two transitions a year at most in practice).
import { DateTime } from 'luxon';

const day = 86_400_000;

/** One change of offset: the instant it happens and the offsets on either side (minutes east of UTC). */
interface Transition {
  readonly at: number;
  readonly from: number;
  readonly to: number;
}

const offsetAt = (zone: string, at: number): number => DateTime.fromMillis(at, { zone }).offset;

/** Every offset change in [start, end), found day by day and then to the minute (transitions fall on whole minutes). */
function transitionsOf(zone: string, start: number, end: number): Transition[] {
  const found: Transition[] = [];
  for (let at = start; at < end; at += day) {
    const from = offsetAt(zone, at);
    const to = offsetAt(zone, at + day);
    if (from === to) continue;
    let low = at;
    let high = at + day;
    while (high - low > 60_000) {
      const middle = low + Math.floor((high - low) / 120_000) * 60_000;
      if (offsetAt(zone, middle) === from) low = middle;
      else high = middle;
    }
    found.push({ at: high, from, to });
  }
  return found;
}

const pad = (n: number, width = 2): string => String(Math.abs(n)).padStart(width, '0');
const utcOffset = (minutes: number): string =>
  `${minutes < 0 ? '-' : '+'}${pad(Math.trunc(Math.abs(minutes) / 60))}${pad(Math.abs(minutes) % 60)}`;

/** RFC 5545 §3.6.5: an observance's DTSTART is the local time of its onset in the offset in force before it. */
const localOnset = (at: number, from: number): string =>
  DateTime.fromMillis(at + from * 60_000, { zone: 'UTC' }).toFormat("yyyyMMdd'T'HHmmss");

function observance(zone: string, at: number, from: number, to: number): string[] {
  const local = DateTime.fromMillis(at, { zone });
  const kind = local.isInDST ? 'DAYLIGHT' : 'STANDARD';
  return [
    `BEGIN:${kind}`,
    `DTSTART:${localOnset(at, from)}`,
    `TZOFFSETFROM:${utcOffset(from)}`,
    `TZOFFSETTO:${utcOffset(to)}`,
    `TZNAME:${local.offsetNameShort ?? utcOffset(to)}`,
    `END:${kind}`,
  ];
}

/**
 * The VTIMEZONE of `zone` from January 1st of `fromYear` to the end of `toYear`: the offset in force at the start,
 * then each transition. Null for a zone the runtime does not know (the event then keeps its UTC instants).
 */
export function vtimezoneOf(zone: string, fromYear: number, toYear: number): string | null {
  const start = DateTime.fromObject({ year: fromYear, month: 1, day: 1 }, { zone });
  if (!start.isValid) return null;
  const end = DateTime.fromObject({ year: toYear + 1, month: 1, day: 1 }, { zone }).toMillis();
  const initial = start.offset;
  const lines = [
    'BEGIN:VTIMEZONE',
    `TZID:${zone}`,
    ...observance(zone, start.toMillis(), initial, initial),
    ...transitionsOf(zone, start.toMillis(), end).flatMap((t) => observance(zone, t.at, t.from, t.to)),
    'END:VTIMEZONE',
  ];
  return lines.join('\r\n');
}
