// Event cost (docs/api.md §4.7 "Cost", §10.1): the stored input, its numeric values, currency and display string.
import { BoundedMemo } from './boundedMemo.ts';

/** The cost as the client gave it: one entry per given string or number (numbers through `String()`). */
export interface StoredCost {
  readonly entries: readonly string[];
}

export type CurrencyPosition = 'prefix' | 'postfix';

/** The site's default currency (§1.4), used to display numbers when no entry carries a symbol. */
export interface SiteCurrency {
  readonly symbol: string;
  readonly position: CurrencyPosition;
}

/** Key order is part of the wire contract (§4.1 row 29). */
export interface CostDetails {
  currency_symbol: string;
  currency_code: string;
  currency_position: string;
  values: string[];
}

export interface CostRepresentation {
  cost: string;
  cost_details: CostDetails;
}

/**
 * Reads a `cost` write value: a string, a finite number or a list of them gives a StoredCost; `""`, `[]`
 * (or only blank entries) give null, meaning "clear the cost"; anything else (object, boolean, null,
 * nested list) gives undefined: not a cost value, which the caller decides how to treat.
 */
export function parseCostInput(input: unknown): StoredCost | null | undefined {
  const list = Array.isArray(input) ? input : [input];
  const entries: string[] = [];
  for (const item of list) {
    const entry = costEntry(item);
    if (entry === undefined) return undefined;
    if (entry.trim() !== '') entries.push(entry);
  }
  return entries.length === 0 ? null : { entries };
}

function costEntry(item: unknown): string | undefined {
  if (typeof item === 'string') return item;
  if (typeof item === 'number' && Number.isFinite(item)) return String(item);
  return undefined;
}

/** `cost` and `cost_details` of an event (§4.7); `stored` null means no cost. */
export function costDetails(stored: StoredCost | null, site: SiteCurrency): CostRepresentation {
  const parsed = (stored?.entries ?? []).map(parseEntry);
  const symbol = parsed.find((entry) => entry.symbol !== undefined)?.symbol;
  const values = sortedValues(parsed.flatMap((entry) => entry.values));
  return {
    cost: displayCost(stored, values, symbol ?? site),
    cost_details: {
      currency_symbol: symbol?.symbol ?? '',
      currency_code: '',
      currency_position: symbol?.position ?? '',
      values,
    },
  };
}

/** json_ld `offers.price` (§4.6): the lowest cost value (`"0"` when free); undefined without values. */
export function lowestPrice(stored: StoredCost | null): string | undefined {
  const values = sortedValues((stored?.entries ?? []).flatMap((entry) => parseEntry(entry).values));
  return values[0];
}

/** What an event's cost shows: `cost` and `cost_details` (§4.7), and json_ld's `offers.price` (§4.6). */
export interface CostReading {
  readonly details: CostRepresentation;
  readonly lowest: string | undefined;
}

/**
 * Cost readings by stored cost, for one site currency. Parsing a cost runs several Unicode expressions, and a
 * calendar's events share a few hundred cost texts, so each first read of an event would parse again what an
 * earlier one did. Readings are frozen (every representation shares them) and bounded: past `capacity` texts, the
 * oldest go first.
 */
export class CostReadings {
  private readonly readings: BoundedMemo<CostReading>;

  constructor(
    private readonly site: SiteCurrency,
    capacity = 10_000,
  ) {
    this.readings = new BoundedMemo(capacity);
  }

  of(stored: StoredCost | null): CostReading {
    // Entries are free text: their JSON names the list unambiguously.
    return this.readings.of(stored === null ? '' : JSON.stringify(stored.entries), () => {
      const details = costDetails(stored, this.site);
      Object.freeze(details.cost_details.values);
      Object.freeze(details.cost_details);
      return Object.freeze({ details: Object.freeze(details), lowest: lowestPrice(stored) });
    });
  }
}

function displayCost(stored: StoredCost | null, values: readonly string[], currency: SiteCurrency): string {
  const first = stored?.entries[0];
  if (first === undefined) return '';
  const min = values[0];
  const max = values[values.length - 1];
  if (min === undefined || max === undefined) return first;
  const low = formatValue(min, currency);
  return min === max ? low : `${low} \u2013 ${formatValue(max, currency)}`;
}

function formatValue(value: string, currency: SiteCurrency): string {
  if (Number(value) === 0) return 'Free';
  return currency.position === 'prefix' ? `${currency.symbol}${value}` : `${value}${currency.symbol}`;
}

/** Ascending by numeric value; a value given twice is listed once. */
function sortedValues(values: readonly string[]): string[] {
  return [...new Set(values)].sort((a, b) => Number(a) - Number(b));
}

interface ParsedEntry {
  readonly values: readonly string[];
  readonly symbol: SiteCurrency | undefined;
}

/**
 * A number: digit groups joined by single `.` or `,`. Every number in an entry counts, so a range written
 * in one entry (`10 - 20 €`) yields both values; `-` is never a sign (costs are not negative).
 */
const NUMBER = /\d+(?:[.,]\d+)*/g;

function parseEntry(entry: string): ParsedEntry {
  const matches = [...entry.matchAll(NUMBER)];
  const first = matches[0];
  const last = matches[matches.length - 1];
  if (first === undefined || last === undefined) return { values: [], symbol: undefined };
  const before = entry.slice(0, first.index);
  const after = entry.slice(last.index + last[0].length);
  return { values: matches.map((m) => canonicalNumber(m[0])), symbol: entrySymbol(before, after) };
}

/**
 * Interpretation of separators, so that both `1,000.50` and `1.000,50` mean 1000.5:
 * - both `.` and `,` present: the one occurring last is the decimal mark, the other groups thousands;
 * - one kind, several times (`1,000,000`): thousands separators;
 * - one kind, once: a thousands separator when exactly 3 digits follow and 1–3 digits other than all
 *   zeros precede it (`1,000` → 1000, `12.500` → 12500), else the decimal mark (`12,5`, `10.50`, `0.500`,
 *   `1234.567`). Prices with three decimals are rarer than thousands written with a separator.
 * The result is canonical: `.` decimal, no leading zeros, no trailing fractional zeros (`10.50` → `10.5`).
 */
export function canonicalNumber(raw: string): string {
  const seps = raw.replace(/\d/g, '');
  const lastSep = Math.max(raw.lastIndexOf('.'), raw.lastIndexOf(','));
  const onlyKind = seps.length > 0 && !seps.includes(seps[0] === '.' ? ',' : '.');
  const isThousands =
    seps.length === 0 || (onlyKind && seps.length > 1) || (onlyKind && /^(?!0+[.,])\d{1,3}[.,]\d{3}$/.test(raw));
  const intPart = isThousands ? raw : raw.slice(0, lastSep);
  const fracPart = isThousands ? '' : raw.slice(lastSep + 1);
  const int = intPart.replace(/\D/g, '').replace(/^0+(?=\d)/, '');
  const frac = fracPart.replace(/0+$/, '');
  return frac === '' ? int : `${int}.${frac}`;
}

/**
 * Words written as currency symbols without any currency sign; matched ignoring case. Other letter-only
 * words next to a number (`from 10`, `10 per person`) are prose, not a currency.
 */
const WORD_SYMBOLS = new Set(['kr', 'kn', 'zł', 'kč', 'ft', 'lei', 'rs', 'fr', 'sfr', 'r', 'lev', 'din', 'rp']);

function isSymbol(token: string): boolean {
  if (/^(?:\p{L}{0,3}\p{Sc}+\p{L}{0,3})$/u.test(token)) return true; // $, €, R$, US$, $US
  if (/^\p{Lu}{3}$/u.test(token)) return true; // ISO 4217 code: USD, CHF
  return WORD_SYMBOLS.has(token.toLowerCase());
}

/**
 * The currency symbol of an entry: letters and currency signs directly before its first number (prefix) or
 * after its last number (postfix). A symbol touching the number wins over one separated by white space
 * (`ab 10€` → `€` postfix); at equal distance the prefix wins. `€ 12,5` → `€` prefix, `1,000.50 €` → `€`
 * postfix.
 */
function entrySymbol(before: string, after: string): SiteCurrency | undefined {
  const candidates: Array<[RegExpMatchArray | null, CurrencyPosition]> = [
    [before.match(/([\p{L}\p{Sc}]+)$/u), 'prefix'],
    [after.match(/^([\p{L}\p{Sc}]+)/u), 'postfix'],
    [before.match(/([\p{L}\p{Sc}]+)\s+$/u), 'prefix'],
    [after.match(/^\s+([\p{L}\p{Sc}]+)/u), 'postfix'],
  ];
  for (const [match, position] of candidates) {
    const token = match?.[1];
    if (token !== undefined && isSymbol(token)) return { symbol: token, position };
  }
  return undefined;
}
