// Domain events of venues (`venue-<id>` streams), with their io-ts codecs.
import * as t from 'io-ts';
import { ImageRef, Language, LocalDateTimeText, PostStatus, TranslationLink } from './values.ts';

/** A coordinate in degrees, `null` when unset. */
const Coordinate = t.union([t.number, t.null]);

/**
 * A venue's coordinates. Each may be set without the other, as the wire allows (`geo_lat` alone); the venue shows a
 * location only when both are (docs/api.md §4.2), and a later write of the other one completes it.
 */
export const VenueGeo = t.type({ lat: Coordinate, lng: Coordinate });
export type VenueGeo = t.TypeOf<typeof VenueGeo>;

/** The coordinates a change set: those that changed, so one may come without the other. */
export const VenueGeoChange = t.partial({ lat: Coordinate, lng: Coordinate });
export type VenueGeoChange = t.TypeOf<typeof VenueGeoChange>;

/**
 * What a venue is, as stored facts (docs/api.md §4.2, §10.2); `""` is an empty text field. Schema version 2: the `geo`
 * object holds what version 1 recorded as `geoLat`/`geoLng` (see legacy/venuesV1.ts and venueUpcasts.ts).
 */
export const VenueFacts = t.type({
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
  geo: VenueGeo,
  /**
   * The item password as a salted slow hash, in one of the forms of src/commands/posts/itemPasswordHash.ts (argon2id,
   * or the unsalted SHA-256 digest of schema version 1 wrapped in argon2id by `cal passwords migrate`); `null` when not
   * protected. Data of earlier versions holding `passwordSha256` reads with that digest here. The password itself is
   * never stored.
   */
  passwordHash: t.union([t.string, t.null]),
});
export type VenueFacts = t.TypeOf<typeof VenueFacts>;

const { language: _language, ...changeable } = VenueFacts.props;

/** The facts a change set, each whole but `geo`, which holds only the coordinates that changed. */
export const VenueChanges = t.partial({ ...changeable, geo: VenueGeoChange });
export type VenueChanges = t.TypeOf<typeof VenueChanges>;

export const VenueRegistered = t.type({
  type: t.literal('VenueRegistered'),
  data: t.intersection([t.type({ id: t.number, facts: VenueFacts }), TranslationLink]),
});
export const VenueDetailsChanged = t.type({
  type: t.literal('VenueDetailsChanged'),
  data: t.type({ id: t.number, changes: VenueChanges }),
});
export const VenueTrashed = t.type({
  type: t.literal('VenueTrashed'),
  data: t.type({ id: t.number, previousStatus: PostStatus, slug: t.string }),
});

export const VenueEvent = t.union([VenueRegistered, VenueDetailsChanged, VenueTrashed]);
export type VenueEvent = t.TypeOf<typeof VenueEvent>;

export const venueStreamId = (id: number): string => `venue-${id}`;
export const isVenueEvent = (event: { readonly type: string }): event is VenueEvent =>
  event.type === 'VenueRegistered' || event.type === 'VenueDetailsChanged' || event.type === 'VenueTrashed';
