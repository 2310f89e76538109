// Where an event's venues are, as the event document stores them for the geolocation filters (docs/api.md §16).
import type { VenueDocument } from '../venues/venueDocument.ts';

/** A GeoJSON point, `[longitude, latitude]` in degrees: the form a MongoDB `2dsphere` index reads. */
export interface VenueLocation {
  readonly type: 'Point';
  readonly coordinates: readonly [number, number];
}

/** Mean earth radius in miles, the one the distances of docs/api.md §16 are measured with. */
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
export function venueLocationsOf(venues: readonly VenueDocument[], shared: VenueLocations): readonly VenueLocation[] {
  return shared.of(venues);
}

const noLocations: readonly VenueLocation[] = Object.freeze([]);

/**
 * Per venue document (documents never change: a new revision is a new one), its point alone: every event document
 * holds a list of locations, and most events have one venue, so they share the venue's list instead of each its own.
 * Whoever builds event documents owns one (docs/architecture.md §2).
 */
export class VenueLocations {
  private readonly byVenue = new WeakMap<VenueDocument, readonly VenueLocation[]>();

  /** See `venueLocationsOf`. */
  of(venues: readonly VenueDocument[]): readonly VenueLocation[] {
    if (venues.length === 1) return this.locationsOf(venues[0] as VenueDocument);
    const located = venues.filter((venue) => this.locationsOf(venue).length > 0);
    return located.length === 0 ? noLocations : located.map((venue) => this.locationsOf(venue)[0] as VenueLocation);
  }

  private locationsOf(venue: VenueDocument): readonly VenueLocation[] {
    let locations = this.byVenue.get(venue);
    if (locations === undefined) {
      const located = venue.geoLat !== null && venue.geoLng !== null;
      locations = located ? Object.freeze([pointOf(venue.geoLng as number, venue.geoLat as number)]) : noLocations;
      this.byVenue.set(venue, locations);
    }
    return locations;
  }
}

function pointOf(lng: number, lat: number): VenueLocation {
  return Object.freeze({ type: 'Point', coordinates: Object.freeze([lng, lat] as const) });
}

const radians = (degrees: number): number => (degrees * Math.PI) / 180;

/** Great-circle distance by the haversine formula; stable for short distances, where these filters work. */
export function milesBetween(lat1: number, lng1: number, lat2: number, lng2: number): number {
  const dLat = radians(lat2 - lat1);
  const dLng = radians(lng2 - lng1);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(radians(lat1)) * Math.cos(radians(lat2)) * Math.sin(dLng / 2) ** 2;
  return 2 * earthRadiusMiles * Math.asin(Math.min(1, Math.sqrt(h)));
}

/**
 * Some location lies within the radius (any of the event's venues counts, as MongoDB matches any point of an array).
 */
export function isNear(locations: readonly VenueLocation[], near: NearPoint): boolean {
  return locations.some(({ coordinates: [lng, lat] }) => milesBetween(near.lat, near.lng, lat, lng) <= near.miles);
}
