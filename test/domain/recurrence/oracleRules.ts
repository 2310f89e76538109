// The random rules of the expansion property tests and their independent expansion by rrule-temporal (a
// Temporal-based RFC 5545 implementation, run in the event's zone), the oracle of the domain and the API tests.
import fc from 'fast-check';
import { RRuleTemporal } from 'rrule-temporal';

const ZONES = ['Europe/Madrid', 'America/New_York', 'Australia/Sydney', 'America/Santiago'] as const;
const DAYS = ['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'] as const;
export const horizon = { horizonEnd: '2029-12-31 23:59:59', maxCount: 1000 };

const pad = (n: number): string => String(n).padStart(2, '0');
const compact = (local: string): string => local.replace(/[-:]/g, '').replace(' ', 'T');

/*
 * Shapes the oracle gets wrong, left out of the generated rules (docs/recurrence.md): a MONTHLY or YEARLY rule whose
 * day comes from a start on the 29th–31st (it moves to the month's last day instead of skipping the month), and
 * days that never exist in the chosen months (it gives up after its iteration limit). Hours 04–22 keep every start
 * out of the four zones' gaps and overlaps, where the oracle moves the wall clock for the rest of the series.
 */
export const ruleArbitrary = fc
  .record({
    zone: fc.constantFrom(...ZONES),
    year: fc.integer({ min: 2025, max: 2027 }),
    month: fc.integer({ min: 1, max: 12 }),
    day: fc.integer({ min: 1, max: 28 }),
    hour: fc.integer({ min: 4, max: 22 }),
    minute: fc.constantFrom(0, 15, 30, 45),
    freq: fc.constantFrom('DAILY', 'WEEKLY', 'MONTHLY', 'YEARLY'),
    interval: fc.integer({ min: 1, max: 3 }),
    byDay: fc.option(fc.uniqueArray(fc.constantFrom(...DAYS), { minLength: 1, maxLength: 3 })),
    ordinal: fc.option(fc.constantFrom(1, 2, 3, 4, -1, -2)),
    byMonthDay: fc.option(fc.uniqueArray(fc.constantFrom(1, 5, 13, 28, -1, -3), { minLength: 1, maxLength: 2 })),
    byMonth: fc.option(fc.uniqueArray(fc.integer({ min: 1, max: 12 }), { minLength: 1, maxLength: 3 })),
    bySetPos: fc.option(fc.constantFrom(1, 2, -1)),
    end: fc.oneof(
      fc.record({ count: fc.integer({ min: 1, max: 40 }) }),
      fc.record({ untilDays: fc.integer({ min: 0, max: 700 }), utc: fc.boolean() }),
    ),
    exdates: fc.array(fc.integer({ min: 1, max: 30 }), { maxLength: 3 }),
    rdates: fc.array(fc.integer({ min: 1, max: 400 }), { maxLength: 2 }),
  })
  .map((r) => {
    // The oracle ignores INTERVAL where a BY… part filters (it lists every matching day): INTERVAL alone there.
    const filtered = r.byDay !== null || r.byMonthDay !== null || r.byMonth !== null;
    const parts = [`FREQ=${r.freq}`, `INTERVAL=${filtered ? 1 : r.interval}`];
    const ordinalAllowed = (r.freq === 'MONTHLY' || r.freq === 'YEARLY') && r.byMonthDay === null;
    if (r.byDay) {
      const ordinalUsed = ordinalAllowed && r.ordinal !== null && r.byDay.length === 1;
      const withOrdinal = ordinalUsed && (r.freq === 'MONTHLY' || r.byMonth !== null);
      parts.push(`BYDAY=${r.byDay.map((d) => (withOrdinal ? `${r.ordinal}${d}` : d)).join(',')}`);
    }
    if (r.byMonthDay && r.freq !== 'WEEKLY') parts.push(`BYMONTHDAY=${r.byMonthDay.join(',')}`);
    // The oracle also gives dates for BYMONTH months that INTERVAL skips: BYMONTH only where no month is skipped.
    if (r.byMonth && (r.freq === 'YEARLY' || r.interval === 1)) parts.push(`BYMONTH=${r.byMonth.join(',')}`);
    if (r.bySetPos !== null && r.freq === 'MONTHLY' && r.byDay && r.byDay.length > 1)
      parts.push(`BYSETPOS=${r.bySetPos}`);
    const start = `${r.year}-${pad(r.month)}-${pad(r.day)} ${pad(r.hour)}:${pad(r.minute)}:00`;
    const startMs = Date.parse(`${start.replace(' ', 'T')}Z`);
    const dayAfter = (days: number): string =>
      new Date(startMs + days * 86_400_000).toISOString().slice(0, 19).replace('T', ' ');
    if ('count' in r.end) parts.push(`COUNT=${r.end.count}`);
    else parts.push(`UNTIL=${compact(dayAfter(r.end.untilDays))}${r.end.utc ? 'Z' : ''}`);
    const lines = [
      `RRULE:${parts.join(';')}`,
      ...r.exdates.map((days) => `EXDATE:${compact(dayAfter(days))}`),
      ...r.rdates.map((days) => `RDATE:${compact(dayAfter(days)).slice(0, 9)}120000`),
    ];
    return { zone: r.zone, start, lines, rule: parts.join(';') };
  });

/**
 * The oracle's occurrences: the start, the rule's own, RDATEs, less EXDATEs, as wall-clock readings up to
 * `horizonEnd` (a local `YYYY-MM-DD HH:MM:SS`).
 */
export function oracleStarts(
  zone: string,
  start: string,
  lines: readonly string[],
  rule: string,
  lastStart: string = horizon.horizonEnd,
): { starts: string[]; ruleGives: number } {
  const horizonEnd = lastStart.replace(' ', 'T');
  // The oracle takes UNTIL in UTC only (with a TZID start, as RFC 5545 says); a wall-clock UNTIL is applied here.
  const localUntil = /;UNTIL=(\d{8}T\d{6})$/.exec(rule)?.[1];
  const oracleRule = localUntil === undefined ? rule : rule.replace(`;UNTIL=${localUntil}`, '');
  const lastReading =
    localUntil === undefined
      ? horizonEnd
      : ([localUntil.replace(/^(\d{4})(\d\d)(\d\d)T(\d\d)(\d\d)(\d\d)$/, '$1-$2-$3T$4:$5:$6'), horizonEnd].sort()[0] ??
        '');
  const fromRule = new RRuleTemporal({
    rruleString: `DTSTART;TZID=${zone}:${compact(start)}\nRRULE:${oracleRule}`,
    maxIterations: 5_000,
  })
    .all((date) => date.toPlainDateTime().toString() <= lastReading)
    .map((date) => date.toPlainDateTime().toString().replace('T', ' '));
  const dated = (prefix: string): string[] =>
    lines
      .filter((line) => line.startsWith(prefix))
      .map((line) =>
        line.slice(prefix.length).replace(/^(\d{4})(\d\d)(\d\d)T(\d\d)(\d\d)(\d\d)$/, '$1-$2-$3 $4:$5:$6'),
      );
  const excluded = new Set(dated('EXDATE:'));
  const all = new Set([start, ...fromRule, ...dated('RDATE:').filter((d) => d >= start && d <= lastStart)]);
  return { starts: [...all].filter((d) => !excluded.has(d)).sort(), ruleGives: fromRule.length };
}
