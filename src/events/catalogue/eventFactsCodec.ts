// The facts of a calendar event as stored, and the shape of a recorded change of them: shared by the event's own
// events (calendarEvents.ts) and the series events of its stream (seriesEvents.ts).
import * as t from 'io-ts';
import { ImageRef, Language, LocalDateTimeText, PostStatus, StoredCost } from './values.ts';

/** Everything an event is, as stored facts; derived values (URLs, details, cost text) are computed when read. */
export const EventFacts = t.type({
  language: Language,
  author: t.string,
  status: PostStatus,
  /** Publication instant, UTC wall clock. */
  publishedUtc: LocalDateTimeText,
  title: t.string,
  description: t.string,
  excerpt: t.string,
  /** `""` while a draft/pending event has no explicit slug. */
  slug: t.string,
  timezone: t.string,
  allDay: t.boolean,
  start: LocalDateTimeText,
  end: LocalDateTimeText,
  startUtc: LocalDateTimeText,
  endUtc: LocalDateTimeText,
  cost: t.union([StoredCost, t.null]),
  /** `null` when no website was ever stored (the representation then shows `url`). */
  website: t.union([t.string, t.null]),
  showMap: t.boolean,
  showMapLink: t.boolean,
  hideFromListings: t.boolean,
  sticky: t.boolean,
  featured: t.boolean,
  image: t.union([ImageRef, t.null]),
  categories: t.array(t.number),
  tags: t.array(t.number),
  venues: t.array(t.number),
  organizers: t.array(t.number),
  /**
   * The item password as a salted slow hash, in one of the forms of src/commands/posts/itemPasswordHash.ts (argon2id,
   * or the unsalted SHA-256 digest of schema version 1 wrapped in argon2id by `cal passwords migrate`); `null` when not
   * protected. Data of earlier versions holding `passwordSha256` reads with that digest here. The password itself is
   * never stored.
   */
  passwordHash: t.union([t.string, t.null]),
});
export type EventFacts = t.TypeOf<typeof EventFacts>;

/** Facts that can change after scheduling (the language never does). */
export type EventChanges = Omit<Partial<EventFacts>, 'language'>;

/** A recorded change: any facts but the language. */
export const EventChangesCodec = t.partial(omitLanguage(EventFacts.props));

function omitLanguage<P extends { language: unknown }>(props: P): Omit<P, 'language'> {
  const { language: _language, ...rest } = props;
  return rest;
}
