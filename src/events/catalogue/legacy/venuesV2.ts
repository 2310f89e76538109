// Schema version 2 of the venue events, frozen: stored data in this shape is upcast on read (passwordUpcasts.ts).
import * as t from 'io-ts';
import { ImageRef, Language, LocalDateTimeText, PostStatus, TranslationLink } from '../values.ts';

// Written out in full rather than derived from the current facts, so that a later change of those cannot alter
// what version 2 was.

/** A coordinate in degrees, `null` when unset. */
const CoordinateV2 = t.union([t.number, t.null]);

/**
 * A venue's coordinates. Each may be set without the other, as the wire allows (`geo_lat` alone); the venue shows a
 * location only when both are (docs/api.md §4.2), and a later write of the other one completes it.
 */
export const VenueGeoV2 = t.type({ lat: CoordinateV2, lng: CoordinateV2 });

/** The coordinates a change set: those that changed, so one may come without the other. */
export const VenueGeoChangeV2 = t.partial({ lat: CoordinateV2, lng: CoordinateV2 });

/**
 * What a venue is, as stored facts (docs/api.md §4.2, §10.2); `""` is an empty text field. Schema version 2: the `geo`
 * object holds what version 1 recorded as `geoLat`/`geoLng` (see legacy/venuesV1.ts and venueUpcasts.ts).
 */
export const VenueFactsV2 = t.type({
  language: Language,
  author: t.string,
  status: PostStatus,
  publishedUtc: LocalDateTimeText,
  /** The venue's name (`venue` on the wire). */
  name: t.string,
  description: t.string,
  excerpt: t.string,
  slug: t.string,
  image: t.union([ImageRef, t.null]),
  address: t.string,
  city: t.string,
  country: t.string,
  province: t.string,
  state: t.string,
  /** As sent; the representation derives it from state/province when empty (§10.2). */
  stateprovince: t.string,
  zip: t.string,
  phone: t.string,
  website: t.string,
  showMap: t.boolean,
  showMapLink: t.boolean,
  /** Only set with the extended add-on on (§16); `{ lat: null, lng: null }` when the venue has no coordinates. */
  geo: VenueGeoV2,
  /** Unsalted SHA-256 (hex) of the password; `null` when not protected. */
  passwordSha256: t.union([t.string, t.null]),
});

const { language: _language, ...changeableV2 } = VenueFactsV2.props;

/** The facts a change set, each whole but `geo`, which holds only the coordinates that changed. */
export const VenueChangesV2 = t.partial({ ...changeableV2, geo: VenueGeoChangeV2 });

export const VenueRegisteredV2 = t.type({
  type: t.literal('VenueRegistered'),
  data: t.intersection([t.type({ id: t.number, facts: VenueFactsV2 }), TranslationLink]),
});
export const VenueDetailsChangedV2 = t.type({
  type: t.literal('VenueDetailsChanged'),
  data: t.type({ id: t.number, changes: VenueChangesV2 }),
});
