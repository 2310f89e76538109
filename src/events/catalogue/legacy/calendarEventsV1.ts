// Schema version 1 of the calendar event events, frozen: stored data in this shape is upcast on read
// (passwordUpcasts.ts).
import * as t from 'io-ts';
import { ImageRef, Language, LocalDateTimeText, PostStatus, StoredCost, TranslationLink } from '../values.ts';

// Written out in full rather than derived from the current facts, so that a later change of those cannot alter
// what version 1 was.
export const EventFactsV1 = t.type({
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
  /** Unsalted SHA-256 (hex) of the event password; `null` when not protected. */
  passwordSha256: t.union([t.string, t.null]),
});

const { language: _language, ...changeableV1 } = EventFactsV1.props;

export const EventScheduledV1 = t.type({
  type: t.literal('EventScheduled'),
  data: t.intersection([t.type({ id: t.number, facts: EventFactsV1 }), TranslationLink]),
});
export const EventDetailsChangedV1 = t.type({
  type: t.literal('EventDetailsChanged'),
  data: t.type({ id: t.number, changes: t.partial(changeableV1) }),
});
