// io-ts codecs for the raw request parameter values of docs/api.md §1.2 (query strings, form and JSON bodies).
// They check shape only; checks that need the request context (dates, permissions) run after them.
import * as t from 'io-ts';
import { reason, type ParamReason, type PlainReasonCode } from '../../commands/errors.ts';
import { maxListEntries } from './inputLimits.ts';

/** A raw parameter value: a query/form string, repeated `name[]=` values, or any JSON value. */
export type RawValue = unknown;

const success = t.success;

/** A codec's refusal carries its reason as the io-ts failure message (JSON), for `data.params` (docs/api.md §13.1). */
function refuse<A>(u: unknown, c: t.Context, why: ParamReason | PlainReasonCode): t.Validation<A> {
  return t.failure(u, c, JSON.stringify(typeof why === 'string' ? reason(why) : why));
}

/** Why a codec refused a value, when it says. */
export function reasonOfErrors(errors: t.Errors): ParamReason | undefined {
  const message = errors.find((error) => error.message !== undefined)?.message;
  return message === undefined ? undefined : (JSON.parse(message) as ParamReason);
}

/** C0 and C1 control characters other than tab, line feed and carriage return: never part of a text we store. */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;

/** A string `accept` takes, free of control characters; `refusal` says why another string is refused. */
function text(name: string, accept: (s: string) => boolean, refusal: PlainReasonCode): t.Type<string, string, unknown> {
  return new t.Type<string, string, unknown>(
    name,
    (u): u is string => typeof u === 'string' && accept(u) && !CONTROL_CHARACTERS.test(u),
    (u, c) => {
      if (typeof u !== 'string') return refuse(u, c, 'not-text');
      if (CONTROL_CHARACTERS.test(u)) return refuse(u, c, 'control-characters');
      return accept(u) ? success(u) : refuse(u, c, refusal);
    },
    (s) => s,
  );
}

/**
 * A run of ASCII digits (or a JSON integer) with a value ≥ `min`. Values past 2^53 are still valid numbers: they
 * saturate at Number.MAX_SAFE_INTEGER, so a huge `per_page` clamps and a huge `page` is simply past the last page.
 */
function integerCodec(name: string, min: number): t.Type<number, number, unknown> {
  return new t.Type<number, number, unknown>(
    name,
    (u): u is number => typeof u === 'number' && Number.isSafeInteger(u) && u >= min,
    (u, c) => {
      const n =
        typeof u === 'number' && Number.isInteger(u) ? u : typeof u === 'string' && /^\d+$/.test(u) ? Number(u) : NaN;
      if (n >= min) return success(Math.min(n, Number.MAX_SAFE_INTEGER));
      return refuse(u, c, min === 0 ? 'not-a-non-negative-integer' : 'not-a-positive-integer');
    },
    (n) => n,
  );
}

/** Positive integers: decimal digits with a value ≥ 1 (JSON integers also accepted in bodies). */
export const PositiveInt = integerCodec('PositiveInt', 1);
/** Ids in paths and filters where `0` is meaningful (e.g. category `parent`). */
export const NonNegativeInt = integerCodec('NonNegativeInt', 0);

/** Typed booleans: JSON true/false/1/0 or those words as strings in any letter case. */
export const TypedBoolean = new t.Type<boolean, boolean, unknown>(
  'TypedBoolean',
  (u): u is boolean => typeof u === 'boolean',
  (u, c) => {
    if (typeof u === 'boolean') return success(u);
    if (u === 1 || u === 0) return success(u === 1);
    if (typeof u === 'string') {
      const s = u.toLowerCase();
      if (s === 'true' || s === '1') return success(true);
      if (s === 'false' || s === '0') return success(false);
    }
    return refuse(u, c, 'not-a-boolean');
  },
  (b) => b,
);

/** Boolean-like parameters never fail: true for JSON true or a trimmed `1`/`true`/`yes`/`on` in any case. */
export const BooleanLike = new t.Type<boolean, boolean, unknown>(
  'BooleanLike',
  (u): u is boolean => typeof u === 'boolean',
  (u) => {
    if (u === true || u === 1) return success(true);
    if (typeof u === 'string') return success(['1', 'true', 'yes', 'on'].includes(u.trim().toLowerCase()));
    return success(false);
  },
  (b) => b,
);

/** Any string (`""` included). */
export const AnyString = text('AnyString', () => true, 'not-text');

/** A non-empty string. */
export const NonEmptyString = text('NonEmptyString', (s) => s.length > 0, 'empty');

/** A string that is not empty after trimming (titles and names, search terms, date-time expressions). */
export const NonBlankString = text('NonBlankString', (s) => s.trim().length > 0, 'empty');

/** `""` (removes the address) or something shaped like an e-mail address: `name@example.com`. */
export const EmailAddress = text(
  'EmailAddress',
  (s) => s === '' || /^[^\s@]+@[^\s@.]+(?:\.[^\s@.]+)+$/u.test(s),
  'not-an-email',
);

/** A finite number given as a JSON number or a decimal string. */
export const FiniteNumber = new t.Type<number, number, unknown>(
  'FiniteNumber',
  (u): u is number => typeof u === 'number' && Number.isFinite(u),
  (u, c) => {
    if (typeof u === 'number') return Number.isFinite(u) ? success(u) : refuse(u, c, 'not-a-number');
    if (typeof u === 'string' && /^\s*[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?\s*$/.test(u)) return success(Number(u));
    return refuse(u, c, 'not-a-number');
  },
  (n) => n,
);

/** Splits a list parameter: a JSON array, repeated `name[]=` values, or a comma-separated string. */
export function listEntries(u: unknown): unknown[] | undefined {
  if (Array.isArray(u)) return u;
  if (typeof u === 'string') return u === '' ? [] : u.split(',').map((s) => s.trim());
  if (typeof u === 'number') return [u];
  return undefined;
}

/**
 * A list of at most {@link maxListEntries} entries, each satisfying `item`; `allowEmpty` decides whether `""`/`[]` is
 * valid; `refusal` says what a list must be.
 */
export function listOf<A>(
  item: t.Type<A, A, unknown>,
  allowEmpty: boolean,
  refusal: ParamReason,
): t.Type<A[], A[], unknown> {
  return new t.Type<A[], A[], unknown>(
    `ListOf<${item.name}>`,
    (u): u is A[] => Array.isArray(u) && u.every(item.is),
    (u, c) => {
      const entries = listEntries(u);
      if (entries !== undefined && entries.length > maxListEntries)
        return refuse(u, c, { code: 'too-many-entries', limit: maxListEntries });
      if (entries === undefined || (!allowEmpty && entries.length === 0)) return refuse(u, c, refusal);
      const out: A[] = [];
      for (const entry of entries) {
        const decoded = item.validate(entry, c);
        if (decoded._tag === 'Left') return refuse(u, c, refusal);
        out.push(decoded.right);
      }
      return success(out);
    },
    (a) => a,
  );
}

/** A term reference: an id (number or digits) or a slug/name string. */
export const TermRef = new t.Type<string | number, string | number, unknown>(
  'TermRef',
  (u): u is string | number => typeof u === 'string' || typeof u === 'number',
  (u, c) => {
    if (typeof u === 'number')
      return Number.isSafeInteger(u) && u >= 0 ? success(u) : refuse(u, c, 'not-a-list-of-terms');
    if (typeof u === 'string')
      return /^\d+$/.test(u) ? success(Number(u)) : u.length > 0 ? success(u) : refuse(u, c, 'not-a-list-of-terms');
    return refuse(u, c, 'not-a-list-of-terms');
  },
  (a) => a,
);

/**
 * An absolute `http` or `https` URL with a host; `""` is accepted as "remove". Other schemes (`javascript:`, `data:`,
 * `file:`, …) are refused: the website is written into `website`, `json_ld.url` / `sameAs` and the web pages' links,
 * where a script address would run in the reader's browser (docs/api.md §10.1).
 */
export const WebsiteUrl = new t.Type<string, string, unknown>(
  'WebsiteUrl',
  (u): u is string => typeof u === 'string',
  (u, c) => {
    if (typeof u !== 'string') return refuse(u, c, 'not-a-url');
    if (u === '') return success(u);
    return isWebUrl(u) ? success(u) : refuse(u, c, 'not-a-url');
  },
  (s) => s,
);

const isWebUrl = (s: string): boolean => /^https?:\/\//i.test(s) && isAbsoluteUrl(s);

function isAbsoluteUrl(s: string): boolean {
  if (!/^[a-zA-Z][a-zA-Z0-9+.-]*:\/\/[^/?#\s]+/.test(s)) return false;
  try {
    return new URL(s).host.length > 0;
  } catch {
    return false;
  }
}

/** An http(s) URL (images). */
export const HttpUrl = new t.Type<string, string, unknown>(
  'HttpUrl',
  (u): u is string => typeof u === 'string',
  (u, c) => (typeof u === 'string' && isWebUrl(u) ? success(u) : refuse(u, c, 'not-an-image')),
  (s) => s,
);

/** Any value; used for parameters whose checks need context (cost, inline venues). */
export const AnyValue = t.unknown;

/** Exactly one of `values` (case-sensitive, untrimmed). */
export function oneOfStrings<V extends string>(name: string, values: readonly V[]): t.Type<V, V, unknown> {
  const allowed: ReadonlySet<string> = new Set(values);
  const is = (u: unknown): u is V => typeof u === 'string' && allowed.has(u);
  const refusal: ParamReason = { code: 'not-in-list', allowed: values };
  return new t.Type<V, V, unknown>(
    name,
    is,
    (u, c) => (is(u) ? success(u) : refuse(u, c, refusal)),
    (v) => v,
  );
}

/** Statuses a list may be filtered by (docs/api.md §6); `any` means every status but `trash`. */
export const STATUS_FILTER_VALUES = ['publish', 'future', 'draft', 'pending', 'private', 'trash', 'any'] as const;
/** The `status` list filter: a list such as `publish, draft`; permission checks on it come later. */
export const StatusFilter = listOf(oneOfStrings('StatusFilterValue', STATUS_FILTER_VALUES), false, {
  code: 'not-in-list',
  allowed: STATUS_FILTER_VALUES,
});

/** Statuses a write may ask for (docs/api.md §10.1); scaling down to what the caller may use comes later. */
export const POST_STATUS_INPUT_VALUES = ['publish', 'future', 'draft', 'pending', 'private'] as const;
export const PostStatusInput = oneOfStrings('PostStatusInput', POST_STATUS_INPUT_VALUES);

/** Response languages (docs/api.md §15). */
export const LANGUAGE_CODES = ['ca', 'en', 'es'] as const;
/** The `i18n_language` parameter; agreement with the path segment is checked with the request. */
export const LanguageCode = oneOfStrings('LanguageCode', LANGUAGE_CODES);
