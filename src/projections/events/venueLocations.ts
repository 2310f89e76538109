// Where an event's venues are, as the event document stores them for the geolocation filters (wire.md §16).
import type { VenueDocument } from '../venues/venueDocument.ts';

/** A GeoJSON point, `[longitude, latitude]` in degrees: the form a MongoDB `2dsphere` index reads. */
export interface VenueLocation {
  readonly type: 'Point';
  readonly coordinates: readonly [number, number];
}

/** Mean earth radius in miles, the one the distances of wire.md §16 are measured with. */
export const earthRadiusMiles = 3958.8;

/** A point and a radius: matches venues within `miles` great-circle distance of (`lat`, `lng`). */
export interface NearPoint {
  readonly lat: number;
  readonly lng: number;
  readonly miles: number;
}

/**
 * The points of the linked venues that have coordinates, in link order. Derived from the embedded venue copies
 * whenever those are set, so that a venue moving moves every event linking it.
 */
export function venueLocationsOf(venues: readonly VenueDocument[]): VenueLocation[] {
  const locations: VenueLocation[] = [];
  for (const venue of venues) {
    if (venue.geoLat !== null && venue.geoLng !== null) locations.push({ type: 'Point', coordinates: [venue.geoLng, venue.geoLat] });
  }
  return locations;
}

const radians = (degrees: number): number => (degrees * Math.PI) / 180;

/** Great-circle distance by the haversine formula; stable for short distances, where these filters work. */
export function milesBetween(lat1: number, lng1: number, lat2: number, lng2: number): number {
  const dLat = radians(lat2 - lat1);
  const dLng = radians(lng2 - lng1);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(radians(lat1)) * Math.cos(radians(lat2)) * Math.sin(dLng / 2) ** 2;
  return 2 * earthRadiusMiles * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** Some location lies within the radius (any of the event's venues counts, as MongoDB matches any point of an array). */
export function isNear(locations: readonly VenueLocation[], near: NearPoint): boolean {
  return locations.some(({ coordinates: [lng, lat] }) => milesBetween(near.lat, near.lng, lat, lng) <= near.miles);
}
