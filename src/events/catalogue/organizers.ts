// Domain events of organizers (`organizer-<id>` streams), with their io-ts codecs.
import * as t from 'io-ts';
import { ImageRef, Language, LocalDateTimeText, PostStatus, TranslationLink } from './values.ts';

/** What an organizer is, as stored facts (docs/api.md §4.3, §10.2); `""` is an empty text field. */
export const OrganizerFacts = t.type({
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
  /**
   * The item password as a salted slow hash, in one of the forms of src/commands/posts/itemPasswordHash.ts (argon2id,
   * or the unsalted SHA-256 digest of schema version 1 wrapped in argon2id by `cal passwords migrate`); `null` when not
   * protected. Data of earlier versions holding `passwordSha256` reads with that digest here. The password itself is
   * never stored.
   */
  passwordHash: t.union([t.string, t.null]),
});
export type OrganizerFacts = t.TypeOf<typeof OrganizerFacts>;
export type OrganizerChanges = Omit<Partial<OrganizerFacts>, 'language'>;

const { language: _language, ...changeable } = OrganizerFacts.props;

export const OrganizerRegistered = t.type({
  type: t.literal('OrganizerRegistered'),
  data: t.intersection([t.type({ id: t.number, facts: OrganizerFacts }), TranslationLink]),
});
export const OrganizerDetailsChanged = t.type({
  type: t.literal('OrganizerDetailsChanged'),
  data: t.type({ id: t.number, changes: t.partial(changeable) }),
});
export const OrganizerTrashed = t.type({
  type: t.literal('OrganizerTrashed'),
  data: t.type({ id: t.number, previousStatus: PostStatus, slug: t.string }),
});

export const OrganizerEvent = t.union([OrganizerRegistered, OrganizerDetailsChanged, OrganizerTrashed]);
export type OrganizerEvent = t.TypeOf<typeof OrganizerEvent>;

export const organizerStreamId = (id: number): string => `organizer-${id}`;
export const isOrganizerEvent = (event: { readonly type: string }): event is OrganizerEvent =>
  event.type === 'OrganizerRegistered' || event.type === 'OrganizerDetailsChanged' || event.type === 'OrganizerTrashed';
