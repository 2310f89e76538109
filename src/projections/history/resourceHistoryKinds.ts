// The resource streams whose history is told as document changes: their folds, and the fields the diffs leave out.
import type { EventFolding } from '../events/eventDocumentAt.ts';
import { organizerFold, venueFold } from '../posts/itemDocumentAt.ts';
import { termFold } from '../terms/termDocumentAt.ts';
import type { DocumentFold } from './documentFold.ts';

export interface ResourceHistoryKind {
  readonly fold: DocumentFold<object>;
  /** Fields that are not facts of the resource, so no event "changes" them as far as an auditor is concerned. */
  readonly ignored: ReadonlySet<string>;
}

/**
 * Left out everywhere: `revision` (the entry carries it) and `modifiedUtc` (the entry's `occurredAt`). Left out of
 * posts: `statusBeforeTrash` (the `status` change already shows it) and `searchText` (a lower-cased copy of text
 * fields). Left out of events besides: `timezoneAbbr`, `startKey`, `endKey` (derived from the dates and zone), and
 * `embedded` / `venueLocations`, copies of the linked items that change with those items' own streams — the ids in
 * `venues`, `organizers`, `categories` and `tags` are the event's facts.
 */
const bookkeeping = ['revision', 'modifiedUtc'];
const postBookkeeping = [...bookkeeping, 'statusBeforeTrash', 'searchText'];

const eventIgnored: ReadonlySet<string> = new Set([
  ...postBookkeeping,
  'timezoneAbbr',
  'startKey',
  'endKey',
  'embedded',
  'venueLocations',
]);
const venueKind: ResourceHistoryKind = { fold: venueFold as DocumentFold<object>, ignored: new Set(postBookkeeping) };
const organizerKind: ResourceHistoryKind = {
  fold: organizerFold as DocumentFold<object>,
  ignored: new Set(postBookkeeping),
};
const termKind: ResourceHistoryKind = { fold: termFold as DocumentFold<object>, ignored: new Set(bookkeeping) };

/** The kinds by stream category, with the root's event fold (`folding`), the one the fold cache knows states by. */
export type ResourceHistoryKinds = Readonly<Record<string, ResourceHistoryKind>>;

export function resourceHistoryKinds(folding: EventFolding): ResourceHistoryKinds {
  return {
    event: { fold: folding.fold as DocumentFold<object>, ignored: eventIgnored },
    venue: venueKind,
    organizer: organizerKind,
    category: termKind,
    tag: termKind,
  };
}

/** The kind of `event-7`, `venue-3`, `category-2`…; undefined for registries, claims, users and anything else. */
export function resourceHistoryKindOf(kinds: ResourceHistoryKinds, streamId: string): ResourceHistoryKind | undefined {
  const match = /^([a-z]+)-\d+$/.exec(streamId);
  return match?.[1] !== undefined && Object.hasOwn(kinds, match[1]) ? kinds[match[1]] : undefined;
}
