// The `as_of` query parameter of single-resource reads: a global position or a date-time, checked by its own codec.
// A service extension: not declared in the route catalogue, so that the index stays the reference's (`/doc` lists it
// as an addition).
import { dateReason, reason } from '../../../commands/errors.ts';
import * as t from 'io-ts';
import { parseDateTimeInput, readDateTimeInput } from '../../../domain/dateTimeInput.ts';
import { localToUtc } from '../../../domain/localDateTime.ts';
import type { ZoneClock } from '../../../domain/timeZone.ts';
import type { GlobalPoint } from '../../../projections/history/foldPoint.ts';
import type { Checked } from '../../endpoint.ts';
import { paramValue } from '../../params/requestParams.ts';

const maxPosition = 2n ** 64n - 1n;

/**
 * Unsigned digits are a global position (events at or before it). Anything else is read as the event filters read
 * dates (docs/api.md §1.3): with a zone (`2026-11-22T10:00:00Z`) it is that instant, without one it is wall-clock time
 * in the site zone; the point is that second, UTC. Negative numbers, which §1.3 would take as timestamps, are refused.
 */
export function asOfCodec(siteZone: string, now: Date, zones: ZoneClock): t.Decoder<unknown, GlobalPoint> {
  return new t.Type<GlobalPoint, string, unknown>(
    'AsOf',
    (u): u is GlobalPoint => typeof u === 'object' && u !== null && 'kind' in u,
    (u, c) => {
      const text = typeof u === 'number' && Number.isSafeInteger(u) ? String(u) : u;
      if (typeof text !== 'string') return t.failure(u, c);
      if (/^\d{1,20}$/.test(text)) {
        const position = BigInt(text);
        return position <= maxPosition ? t.success({ kind: 'position', position }) : t.failure(u, c);
      }
      if (/^\s*-?\d+\s*$/.test(text)) return t.failure(u, c);
      const utc = instantOf(text, siteZone, now, zones);
      return utc === undefined ? t.failure(u, c) : t.success({ kind: 'instant', utc });
    },
    (point) => (point.kind === 'position' ? String(point.position) : point.utc),
  );
}

function instantOf(text: string, siteZone: string, now: Date, zones: ZoneClock): string | undefined {
  const local = parseDateTimeInput(text, siteZone, now, zones);
  if (local === undefined) return undefined;
  try {
    return localToUtc(local, siteZone, zones);
  } catch {
    return undefined; // out of the four-digit year range once moved to UTC
  }
}

/** The request's `as_of`, or undefined when absent; an unreadable value marks `as_of` invalid (step 4 of §2). */
export function readAsOf(checked: Checked, siteZone: string, now: Date, zones: ZoneClock): GlobalPoint | undefined {
  const raw = paramValue(checked.scope.sources, 'as_of');
  if (raw === undefined || raw === null) return undefined;
  const decoded = asOfCodec(siteZone, now, zones).decode(raw);
  if (decoded._tag === 'Right') return decoded.right;
  // A date that does not read says why, as the date filters do; anything else is neither form.
  const asDate =
    typeof raw === 'string' && !/^\s*-?\d+\s*$/.test(raw) ? readDateTimeInput(raw, siteZone, now, zones) : undefined;
  checked.validation.invalid(
    'as_of',
    asDate && !asDate.ok ? dateReason(asDate.problem) : reason('not-a-position-or-date'),
  );
  return undefined;
}
