// The metadata every recorded event carries (docs/architecture.md
// §4), as a codec so that the event catalogue can document it.
import * as t from 'io-ts';

export const RecordedMetadata = t.type({
  actor: t.string,
  occurredAt: t.string,
  correlationId: t.string,
  causationId: t.string,
  schemaVersion: t.number,
});
export type RecordedMetadata = t.TypeOf<typeof RecordedMetadata>;

/**
 * Where an item `cal import` copied came from (docs/migration.md): the source's API root, the item's kind and id
 * there, and the version copied (`modified_utc` for events, venues and organizers, a digest of the copied fields for
 * categories and tags, which have no modification time). A later run compares them with the source to write only
 * what changed.
 */
export const SiteImportOrigin = t.type({
  source: t.string,
  kind: t.string,
  sourceId: t.number,
  version: t.string,
});
export type SiteImportOrigin = t.TypeOf<typeof SiteImportOrigin>;

/** Which calendar-file entry an iCalendar import wrote (docs/api.md §21.2): its `UID` and the file it came from. */
export const CalendarFileOrigin = t.type({ uid: t.string, source: t.string });
export type CalendarFileOrigin = t.TypeOf<typeof CalendarFileOrigin>;

/** What only some writes record: `importedFrom` on the events the two imports wrote. */
export const OptionalMetadata = t.partial({ importedFrom: t.union([SiteImportOrigin, CalendarFileOrigin]) });
export type OptionalMetadata = t.TypeOf<typeof OptionalMetadata>;
export type ImportOrigin = NonNullable<OptionalMetadata['importedFrom']>;

/** What each field means, for the documentation (a codec carries no descriptions). */
export const metadataDescriptions: { readonly [K in keyof RecordedMetadata | keyof OptionalMetadata]: string } = {
  actor:
    'Who caused the event: a user id (`"3"`), `anonymous`, `cli` (command line), `system` ' +
    '(bookkeeping of the service) or `scheduler` (a `future` item published when its date ' +
    'passed).',
  occurredAt: 'UTC instant of the write, ISO 8601 with milliseconds (`2026-11-22T10:52:28.000Z`).',
  correlationId:
    'Shared by every event of one request, across streams (the `X-Correlation-Id` a client sent, else the request id).',
  causationId: 'What caused the event directly: the id of the request that wrote it.',
  schemaVersion:
    'Version of the schema `data` was written in; older versions are upcast by this service when it reads them.',
  importedFrom:
    'On the events an import wrote. `cal import` (migration from another site): the `source` API root, the ' +
    "item's `kind` and `sourceId` there and the `version` copied. An iCalendar import: the `uid` of the calendar " +
    'entry and the `source` it came from (`upload` for `POST events.ics`, the file name for `cal import-ics`).',
};
