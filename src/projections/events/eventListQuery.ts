// The typed query of GET /events, decoded from the request and evaluated by every ReadStore adapter alike.
import type { Language, PostStatus } from '../../events/catalogue/values.ts';
import type { NearPoint } from './venueLocations.ts';
import type { ListLocks } from '../listLocks.ts';

/** All present conditions combine with AND; dates are wall-clock `YYYY-MM-DD HH:MM:SS`, compared as strings. */
export interface EventListQuery {
  readonly language: Language;
  /** Non-empty; events with `hide_from_listings` are never listed. */
  readonly statuses: readonly PostStatus[];
  /** start ≥ value */
  readonly startFrom?: string;
  /** end ≤ value */
  readonly endUntil?: string;
  /** start < value */
  readonly startsBefore?: string;
  /** start > value */
  readonly startsAfter?: string;
  /** end < value */
  readonly endsBefore?: string;
  /** end > value */
  readonly endsAfter?: string;
  /** Lower-cased terms that must all occur in the search text. */
  readonly searchTerms?: readonly string[];
  /**
   * Protected events the request cannot unlock are judged by their blanked form (docs/api.md §6, §12): no search
   * matches them, they link no term, venue or organizer, have no venue coordinates, and are not featured.
   */
  readonly locks?: ListLocks;
  /** Only password-protected events: the candidates whose locks a request judges before it lists (`locks`). */
  readonly onlyProtected?: boolean;
  readonly featured?: boolean;
  readonly ids?: readonly number[];
  /** Linked to at least one of these (categories already expanded to their descendants). */
  readonly categories?: readonly number[];
  readonly tags?: readonly number[];
  readonly venues?: readonly number[];
  readonly organizers?: readonly number[];
  /** `true`: some linked venue has coordinates; `false` or absent: no condition (docs/api.md §16 `geoloc`). */
  readonly hasVenueCoordinates?: boolean;
  /**
   * Some linked venue lies within `miles` great-circle distance
   * of the point (docs/api.md §16 `geoloc_lat`/`geoloc_lng`).
   */
  readonly near?: NearPoint;
  readonly offset: number;
  readonly limit: number;
}

export interface Page<T> {
  readonly items: readonly T[];
  readonly total: number;
}
