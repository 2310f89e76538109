// The read-model document of one venue, as stored by every ReadStore adapter and embedded in event documents.
import type { VenueFacts, VenueGeo, VenueGeoChange } from '../../events/catalogue/venues.ts';
import type { PostStatus } from '../../events/catalogue/values.ts';

/**
 * The venue facts as documents store them: the coordinates flat, as the wire shows them (`geo_lat`, `geo_lng`) and as
 * MongoDB documents written before the events recorded a `geo` object hold them, so that those need no re-projection.
 * Either may be `null` alone; the representation and the geolocation filters count a location only with both.
 */
export type StoredVenueFacts = Omit<VenueFacts, 'geo'> & {
  readonly geoLat: number | null;
  readonly geoLng: number | null;
};

export interface VenueDocument extends StoredVenueFacts {
  readonly id: number;
  /** Stream revision of the last applied event: the ETag, and the guard that makes re-application a no-op. */
  readonly revision: number;
  /** Last write, UTC wall clock. */
  readonly modifiedUtc: string;
  /** While trashed, the status before: who may edit or delete follows it (docs/api.md §3.2). */
  readonly statusBeforeTrash: PostStatus | null;
  /**
   * Lower-cased searchable fields (§7: name, description, excerpt, address, city, province, state, stateprovince, zip,
   * phone) joined by NUL.
   */
  readonly searchText: string;
}

/** The stored coordinates of a venue's `geo`. */
export const storedCoordinates = (geo: VenueGeo): Pick<StoredVenueFacts, 'geoLat' | 'geoLng'> => ({
  geoLat: geo.lat,
  geoLng: geo.lng,
});

/** The stored coordinates a change of `geo` sets: only those it holds. */
export const storedCoordinateChanges = (geo: VenueGeoChange): Partial<Pick<StoredVenueFacts, 'geoLat' | 'geoLng'>> => ({
  ...(geo.lat !== undefined ? { geoLat: geo.lat } : {}),
  ...(geo.lng !== undefined ? { geoLng: geo.lng } : {}),
});
