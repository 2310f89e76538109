// The parts of an RRULE value (RFC 5545 §3.3.10), each checked for syntax and range, so that a refusal can name the
// part to fix. The expansion library is given only rules that passed here.
import { readDateValue, type DateValue } from './contentLines.ts';
import type { RecurrenceReason } from './recurrenceReasons.ts';

export type Frequency = 'SECONDLY' | 'MINUTELY' | 'HOURLY' | 'DAILY' | 'WEEKLY' | 'MONTHLY' | 'YEARLY';
const FREQUENCIES: readonly string[] = ['SECONDLY', 'MINUTELY', 'HOURLY', 'DAILY', 'WEEKLY', 'MONTHLY', 'YEARLY'];
const WEEKDAYS: readonly string[] = ['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'];

/** A checked rule: its parts without UNTIL (which the expansion applies itself), and UNTIL apart. */
export interface CheckedRule {
  readonly freq: Frequency;
  /** `NAME=VALUE` parts other than UNTIL, upper-cased, as the library reads them. */
  readonly partsWithoutUntil: string;
  readonly until?: DateValue;
}

export type RuleReading =
  { readonly ok: true; readonly rule: CheckedRule } | { readonly ok: false; readonly reason: RecurrenceReason };

const INTEGER_LIST = /^[+-]?\d{1,3}(,[+-]?\d{1,3})*$/;

/** Signed integers allowed from `min` to `max` in absolute value; zero only when `zero` (BYHOUR, BYMINUTE…). */
function rangeCheck(
  part: string,
  value: string,
  low: number,
  high: number,
  signed: boolean,
): RecurrenceReason | undefined {
  for (const item of value.split(',')) {
    const number = Number(item);
    const magnitude = Math.abs(number);
    const fits = signed
      ? magnitude >= low && magnitude <= high && number !== 0
      : number >= low && number <= high && !/^[+-]/.test(item);
    if (!fits) return { code: 'recurrence-value-out-of-range', part, value: item };
  }
  return undefined;
}

/** [low, high, signed] of each integer-list part. */
const INTEGER_PARTS: Readonly<Record<string, readonly [number, number, boolean]>> = {
  BYSECOND: [0, 60, false],
  BYMINUTE: [0, 59, false],
  BYHOUR: [0, 23, false],
  BYMONTHDAY: [1, 31, true],
  BYYEARDAY: [1, 366, true],
  BYWEEKNO: [1, 53, true],
  BYMONTH: [1, 12, false],
  BYSETPOS: [1, 366, true],
};

/** BYDAY: weekdays, with an ordinal (`2TU`, `-1FR`) only in MONTHLY (±1–5) and YEARLY (±1–53) rules. */
function checkByDay(value: string, freq: Frequency, line: string): RecurrenceReason | undefined {
  for (const item of value.split(',')) {
    const match = /^([+-]?\d{1,2})?([A-Z]{2})$/.exec(item);
    if (!match || !WEEKDAYS.includes(match[2] ?? '')) return { code: 'recurrence-unreadable', line };
    if (match[1] === undefined) continue;
    const ordinal = Math.abs(Number(match[1]));
    const limit = freq === 'MONTHLY' ? 5 : freq === 'YEARLY' ? 53 : 0;
    if (ordinal === 0 || ordinal > limit) return { code: 'recurrence-value-out-of-range', part: 'BYDAY', value: item };
  }
  return undefined;
}

function checkPart(name: string, value: string, freq: Frequency, line: string): RecurrenceReason | undefined {
  const unreadable: RecurrenceReason = { code: 'recurrence-unreadable', line };
  const bounds = INTEGER_PARTS[name];
  if (bounds) return INTEGER_LIST.test(value) ? rangeCheck(name, value, ...bounds) : unreadable;
  switch (name) {
    case 'INTERVAL':
    case 'COUNT':
      if (!/^\d{1,9}$/.test(value)) return unreadable;
      return Number(value) >= 1 ? undefined : { code: 'recurrence-value-out-of-range', part: name, value };
    case 'BYDAY':
      return checkByDay(value, freq, line);
    case 'WKST':
      return WEEKDAYS.includes(value) ? undefined : unreadable;
    default:
      return unreadable;
  }
}

/** Checks an RRULE value (`FREQ=WEEKLY;BYDAY=TU;UNTIL=20260630`); `line` is the whole line, for the reasons. */
export function checkRule(value: string, line: string): RuleReading {
  const parts = new Map<string, string>();
  for (const part of value.split(';')) {
    const [name = '', partValue, extra] = part.split('=');
    const key = name.toUpperCase();
    if (partValue === undefined || partValue === '' || extra !== undefined || parts.has(key)) {
      return { ok: false, reason: { code: 'recurrence-unreadable', line } };
    }
    parts.set(key, partValue.toUpperCase());
  }
  const freq = parts.get('FREQ');
  if (freq === undefined) return { ok: false, reason: { code: 'recurrence-missing-freq' } };
  if (!FREQUENCIES.includes(freq)) return { ok: false, reason: { code: 'recurrence-unreadable', line } };
  const frequency = freq as Frequency;
  if (parts.has('COUNT') && parts.has('UNTIL')) return { ok: false, reason: { code: 'recurrence-count-with-until' } };
  const untilText = parts.get('UNTIL');
  const until = untilText === undefined ? undefined : readDateValue(untilText, undefined, !untilText.includes('T'));
  if (untilText !== undefined && until === undefined)
    return { ok: false, reason: { code: 'recurrence-unreadable', line } };
  for (const [name, partValue] of parts) {
    if (name === 'FREQ' || name === 'UNTIL') continue;
    const problem = checkPart(name, partValue, frequency, line);
    if (problem) return { ok: false, reason: problem };
  }
  const partsWithoutUntil = [...parts]
    .filter(([name]) => name !== 'UNTIL')
    .map(([name, v]) => `${name}=${v}`)
    .join(';');
  return {
    ok: true,
    rule: until === undefined ? { freq: frequency, partsWithoutUntil } : { freq: frequency, partsWithoutUntil, until },
  };
}
