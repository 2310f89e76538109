// Schema version 1 of the organizer events, frozen: stored data in this shape is upcast on read (passwordUpcasts.ts).
import * as t from 'io-ts';
import { ImageRef, Language, LocalDateTimeText, PostStatus, TranslationLink } from '../values.ts';

// Written out in full rather than derived from the current facts, so that a later change of those cannot alter
// what version 1 was.
export const OrganizerFactsV1 = t.type({
  language: Language,
  author: t.string,
  status: PostStatus,
  publishedUtc: LocalDateTimeText,
  /** The organizer's name (`organizer` on the wire). */
  name: t.string,
  description: t.string,
  excerpt: t.string,
  slug: t.string,
  image: t.union([ImageRef, t.null]),
  phone: t.string,
  website: t.string,
  email: t.string,
  /** Unsalted SHA-256 (hex) of the password; `null` when not protected. */
  passwordSha256: t.union([t.string, t.null]),
});

const { language: _language, ...changeableV1 } = OrganizerFactsV1.props;

export const OrganizerRegisteredV1 = t.type({
  type: t.literal('OrganizerRegistered'),
  data: t.intersection([t.type({ id: t.number, facts: OrganizerFactsV1 }), TranslationLink]),
});
export const OrganizerDetailsChangedV1 = t.type({
  type: t.literal('OrganizerDetailsChanged'),
  data: t.type({ id: t.number, changes: t.partial(changeableV1) }),
});
