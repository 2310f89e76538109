// The value types of configuration variables (ports, URLs, zones, flags, durations, counts, origins): each decodes an
// environment string and names what it expected when it cannot.
import * as t from 'io-ts';
import { parseTimeZone } from '../domain/timeZone.ts';

export type CorsOrigins = '*' | readonly string[];

export const Port = new t.Type<number, number, unknown>(
  'Port',
  (u): u is number => typeof u === 'number',
  (u, c) =>
    typeof u === 'string' && /^\d{1,5}$/.test(u) && Number(u) <= 65535
      ? t.success(Number(u))
      : t.failure(u, c, 'a port number 0–65535'),
  (n) => n,
);
export const Url = new t.Type<string, string, unknown>(
  'Url',
  (u): u is string => typeof u === 'string',
  (u, c) =>
    typeof u === 'string' && URL.canParse(u) ? t.success(u.replace(/\/+$/, '')) : t.failure(u, c, 'an absolute URL'),
  (s) => s,
);
export const Zone = new t.Type<string, string, unknown>(
  'TimeZone',
  (u): u is string => typeof u === 'string',
  (u, c) => {
    const zone = typeof u === 'string' ? parseTimeZone(u) : undefined;
    return zone ? t.success(zone) : t.failure(u, c, 'an IANA time zone, UTC or UTC±h');
  },
  (s) => s,
);
export const Flag = new t.Type<boolean, boolean, unknown>(
  'Flag',
  (u): u is boolean => typeof u === 'boolean',
  (u, c) =>
    u === 'true' || u === '1'
      ? t.success(true)
      : u === 'false' || u === '0' || u === ''
        ? t.success(false)
        : t.failure(u, c, 'true or false'),
  (b) => b,
);
export const OnOff = new t.Type<boolean, boolean, unknown>(
  'OnOff',
  (u): u is boolean => typeof u === 'boolean',
  (u, c) =>
    u === 'on' || u === 'true' || u === '1'
      ? t.success(true)
      : u === 'off' || u === 'false' || u === '0'
        ? t.success(false)
        : t.failure(u, c, 'on or off'),
  (b) => b,
);
export const Milliseconds = new t.Type<number, number, unknown>(
  'Milliseconds',
  (u): u is number => typeof u === 'number',
  (u, c) => {
    const n = typeof u === 'string' && /^\d{1,10}$/.test(u) ? Number(u) : NaN;
    // Node timers cap at 2^31-1 ms; a longer delay would silently become 1 ms.
    return n >= 1 && n <= 2_147_483_647 ? t.success(n) : t.failure(u, c, 'a positive integer of milliseconds');
  },
  (n) => n,
);
export const Seconds = new t.Type<number, number, unknown>(
  'Seconds',
  (u): u is number => typeof u === 'number',
  (u, c) => {
    const n = typeof u === 'string' && /^\d{1,9}(\.\d{1,3})?$/.test(u) ? Number(u) : NaN;
    return Number.isFinite(n) ? t.success(n) : t.failure(u, c, 'a non-negative number of seconds');
  },
  (n) => n,
);
export const wholeNumber = (name: string, min: number, max: number) =>
  new t.Type<number, number, unknown>(
    name,
    (u): u is number => typeof u === 'number',
    (u, c) => {
      const n = typeof u === 'string' && /^\d{1,9}$/.test(u) ? Number(u) : NaN;
      return n >= min && n <= max ? t.success(n) : t.failure(u, c, `a whole number from ${min} to ${max}`);
    },
    (n) => n,
  );
/** An origin is exactly `scheme://host[:port]`: what browsers send in `Origin`, which is compared as a string. */
export const isExactOrigin = (text: string): boolean => URL.canParse(text) && new URL(text).origin === text;
export const Origins = new t.Type<CorsOrigins, CorsOrigins, unknown>(
  'CorsOrigins',
  (u): u is CorsOrigins => u === '*' || Array.isArray(u),
  (u, c) => {
    if (typeof u !== 'string') return t.failure(u, c, 'a list of origins');
    if (u.trim() === '*') return t.success('*');
    const origins = u
      .split(',')
      .map((o) => o.trim())
      .filter((o) => o !== '');
    return origins.every(isExactOrigin)
      ? t.success(origins)
      : t.failure(u, c, '*, or a comma-separated list of origins like https://app.example.com');
  },
  (o) => o,
);
export const NonEmpty = new t.Type<string, string, unknown>(
  'NonEmpty',
  (u): u is string => typeof u === 'string',
  (u, c) => (typeof u === 'string' && u.length > 0 ? t.success(u) : t.failure(u, c, 'a non-empty string')),
  (s) => s,
);
