// Domain events of venues (`venue-<id>` streams), with their io-ts codecs.
import * as t from 'io-ts';
import { ImageRef, Language, LocalDateTimeText, PostStatus, TranslationLink } from './values.ts';

/** What a venue is, as stored facts (wire.md §4.2, §10.2); `""` is an empty text field. */
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
  /** Only stored with the extended add-on on (§16). */
  geoLat: t.union([t.number, t.null]),
  geoLng: t.union([t.number, t.null]),
  passwordSha256: t.union([t.string, t.null]),
});
export type VenueFacts = t.TypeOf<typeof VenueFacts>;
export type VenueChanges = Omit<Partial<VenueFacts>, 'language'>;

const { language: _language, ...changeable } = VenueFacts.props;

export const VenueRegistered = t.type({ type: t.literal('VenueRegistered'), data: t.intersection([t.type({ id: t.number, facts: VenueFacts }), TranslationLink]) });
export const VenueDetailsChanged = t.type({
  type: t.literal('VenueDetailsChanged'),
  data: t.type({ id: t.number, changes: t.partial(changeable) }),
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
