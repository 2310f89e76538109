// Events of the registries that keep identity unique across service instances: id blocks and slug reservations.
import * as t from 'io-ts';

/** `ids-<sequence>` streams: a block of ids [first, last] handed to one writer. */
export const IdBlockReserved = t.type({
  type: t.literal('IdBlockReserved'),
  data: t.type({ first: t.number, last: t.number }),
});

/** `slug-<kind>-<language>-<slug>` streams: who holds the slug now. */
export const SlugReserved = t.type({ type: t.literal('SlugReserved'), data: t.type({ owner: t.string }) });
export const SlugReleased = t.type({ type: t.literal('SlugReleased'), data: t.type({ owner: t.string }) });

/** `bootstrap-admin` stream: the one process that creates the first administrator of a data directory. */
export const AdminBootstrapClaimed = t.type({ type: t.literal('AdminBootstrapClaimed'), data: t.type({}) });

/** `image-<id>` streams: an external image record (docs/api.md §10.1 Images); nothing is fetched. */
export const ImageRegistered = t.type({
  type: t.literal('ImageRegistered'),
  data: t.type({ id: t.number, url: t.string }),
});

/**
 * `icsuid-<sha256 of the UID>` streams: the event an imported calendar entry became (docs/api.md §21.2), and the
 * version (SEQUENCE, LAST-MODIFIED) last imported into it, so that a re-import finds the event and knows whether the
 * file holds a newer version.
 */
export const IcsUidImported = t.type({
  type: t.literal('IcsUidImported'),
  data: t.type({ id: t.number, uid: t.string, sequence: t.number, lastModified: t.string }),
});

/** `imageurl-<sha256 of the URL>` streams: the record a URL maps to, so the same URL reuses the same record. */
export const ImageUrlClaimed = t.type({ type: t.literal('ImageUrlClaimed'), data: t.type({ id: t.number }) });
