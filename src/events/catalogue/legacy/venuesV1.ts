// Schema version 1 of the venue events, frozen: stored data in this shape is upcast on read (venueUpcasts.ts).
import * as t from 'io-ts';
import { ImageRef, Language, LocalDateTimeText, PostStatus, TranslationLink } from '../values.ts';

// Written out in full rather than derived from the current facts, so that a later change of those cannot alter
// what version 1 was.
export const VenueFactsV1 = t.type({
  language: Language,
  author: t.string,
  status: PostStatus,
  publishedUtc: LocalDateTimeText,
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
  stateprovince: t.string,
  zip: t.string,
  phone: t.string,
  website: t.string,
  showMap: t.boolean,
  showMapLink: t.boolean,
  /** Each coordinate on its own: a venue could hold one without the other, and then showed none. */
  geoLat: t.union([t.number, t.null]),
  geoLng: t.union([t.number, t.null]),
  passwordSha256: t.union([t.string, t.null]),
});

const { language: _language, ...changeableV1 } = VenueFactsV1.props;

export const VenueRegisteredV1 = t.type({
  type: t.literal('VenueRegistered'),
  data: t.intersection([t.type({ id: t.number, facts: VenueFactsV1 }), TranslationLink]),
});
export const VenueDetailsChangedV1 = t.type({
  type: t.literal('VenueDetailsChanged'),
  data: t.type({ id: t.number, changes: t.partial(changeableV1) }),
});
