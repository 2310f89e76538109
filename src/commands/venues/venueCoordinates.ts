// Venue coordinates (docs/api.md §10.2, §16): reading `geo_lat`/`geo_lng`, and merging sent or recorded ones into
// `geo`.
import { reason, type ParamReason } from '../errors.ts';
import type { VenueChanges, VenueFacts } from '../../events/catalogue/venues.ts';
import type { ItemRequest } from '../posts/itemDecider.ts';
import { definedOnly } from '../posts/publication.ts';
import type { Args } from '../posts/itemInput.ts';

/** Coordinates as a write sent them: either may come alone. */
export interface SentCoordinates {
  readonly lat?: number;
  readonly lng?: number;
}

/** A venue write: the facts it sets, plus the coordinates sent, each of which replaces only its own stored one. */
export type VenueRequest = ItemRequest<VenueFacts> & { readonly coordinates?: SentCoordinates };

/** A coordinate: a JSON number or a numeric string within ±limit. */
function coordinate(value: unknown, limit: number): number | undefined {
  const n = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : NaN;
  return Number.isFinite(n) && Math.abs(n) <= limit ? n : undefined;
}

/** The coordinates sent (`null` counts as not sent), or undefined when none was; an invalid one is reported by name. */
export function readCoordinates(
  args: Args,
  fail: (name: string, why: ParamReason) => void,
): SentCoordinates | undefined {
  const sent: { lat?: number; lng?: number } = {};
  for (const [name, key, limit] of [
    ['geo_lat', 'lat', 90],
    ['geo_lng', 'lng', 180],
  ] as const) {
    if (args[name] === undefined || args[name] === null) continue;
    const value = coordinate(args[name], limit);
    if (value === undefined) fail(name, reason(limit === 90 ? 'latitude-out-of-range' : 'longitude-out-of-range'));
    else sent[key] = value;
  }
  return sent.lat === undefined && sent.lng === undefined ? undefined : sent;
}

/** The venue kind's `applyRequest`: the facts sent replace the stored ones, the coordinates sent merge into `geo`. */
export function applyVenueRequest(facts: VenueFacts, request: ItemRequest<VenueFacts>): VenueFacts {
  const { coordinates, ...sent } = request as VenueRequest;
  const merged = { ...facts, ...definedOnly(sent) } as VenueFacts;
  return coordinates ? { ...merged, geo: { ...merged.geo, ...coordinates } } : merged;
}

/**
 * The venue kind's `applyChanges`: the facts a change holds replace the stored ones, its coordinates merge into `geo`.
 */
export function applyVenueChanges(facts: VenueFacts, changes: VenueChanges): VenueFacts {
  const { geo, ...whole } = changes;
  return { ...facts, ...whole, geo: { ...facts.geo, ...geo } };
}
