// Value codecs shared by the domain events of every resource.
import * as t from 'io-ts';

export const PostStatus = t.keyof({
  publish: null,
  future: null,
  draft: null,
  pending: null,
  private: null,
  trash: null,
});
export type PostStatus = t.TypeOf<typeof PostStatus>;

export const Language = t.keyof({ ca: null, en: null, es: null });
export type Language = t.TypeOf<typeof Language>;

/** A wall-clock date-time, `YYYY-MM-DD HH:MM:SS`, without zone. */
export const LocalDateTimeText = t.string;

/** A stored cost: the raw entries as given (derivations happen when read). */
export const StoredCost = t.type({ entries: t.array(t.string) });

/** An external image record (§10.1 Images): id from the shared sequence, the URL as given. */
export const ImageRef = t.type({ id: t.number, url: t.string });
export type ImageRef = t.TypeOf<typeof ImageRef>;

/**
 * Optional data of every creation event: the root id of the translation group the new item joins (docs/api.md §15);
 * absent (events recorded before translations existed) or `null` when the item starts its own group.
 */
export const TranslationLink = t.partial({ translationOf: t.union([t.number, t.null]) });
