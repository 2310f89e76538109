// The ReadStore port: denormalized documents with the indexes the read routes need, plus projection checkpoints.
import type { Translations } from './translationGroups.ts';
import type { PostStatus } from '../events/catalogue/values.ts';
import type { EmbeddedLinks, EventDocument, LinkField } from './events/eventDocument.ts';
import type { EventListQuery, Page } from './events/eventListQuery.ts';
import type { CountedTerm, TermCollection } from './terms/termCollection.ts';
import type { VenueCollection } from './venues/venueCollection.ts';
import type { OrganizerCollection } from './organizers/organizerCollection.ts';
import type { VenueDocument } from './venues/venueDocument.ts';
import type { OrganizerDocument } from './organizers/organizerDocument.ts';
import type { ScheduledPublications } from './scheduledPublications.ts';
import type { ProjectionTarget } from './projectionTarget.ts';

export interface LinkedIdsFilter {
  readonly statuses: readonly PostStatus[];
  /** Only events starting (UTC) at or after this wall-clock value. */
  readonly startUtcFrom?: string;
}

export interface EventCollection extends ScheduledPublications {
  get(id: number): Promise<EventDocument | undefined>;
  /** Events of every status (trash included) with this slug in this language. */
  bySlug(language: string, slug: string): Promise<EventDocument[]>;
  list(query: EventListQuery): Promise<Page<EventDocument>>;
  /** An older revision never replaces a newer one. */
  put(doc: EventDocument): Promise<void>;
  /** Language → id of the group's live members (docs/api.md §15 `translations`). */
  translationsOf(group: number): Promise<Translations>;
  /** Events of any status and language that link this venue, organizer, category or tag. */
  linking(field: LinkField, id: number): Promise<EventDocument[]>;
  /** The ids of `field` linked by at least one event matching the filter. */
  linkedIds(field: LinkField, filter: LinkedIdsFilter): Promise<number[]>;
  /**
   * Replaces the embedded copies of linked items without a new revision: a venue renamed is an event of the venue's
   * stream, not of the event's, so the revision guard of `put` must not stop it.
   */
  setEmbedded(id: number, embedded: EmbeddedLinks): Promise<void>;
  /** The writes of a replay batch in one round trip: as many `put` and `setEmbedded` calls (ids never repeat). */
  writeBatch(batch: EventWriteBatch): Promise<void>;
}

/** What a write-behind batch leaves for the events collection: a document is either put whole or re-embedded. */
export interface EventWriteBatch {
  readonly puts: readonly EventDocument[];
  readonly embedded: readonly { readonly id: number; readonly embedded: EmbeddedLinks }[];
}

export interface CheckpointStore {
  /** Global position of the last event the projection applied; undefined before the first. */
  get(projection: string): Promise<bigint | undefined>;
  set(projection: string, position: bigint): Promise<void>;
}

/** The document collections of the read model, in the order reports list them. */
export type ReadModelCollection = 'events' | 'venues' | 'organizers' | 'categories' | 'tags';
export const readModelCollections: readonly ReadModelCollection[] = [
  'events',
  'venues',
  'organizers',
  'categories',
  'tags',
];

/** What `documents` yields per collection: terms come with their count, which the read model keeps beside them. */
export interface ReadModelDocuments {
  readonly events: EventDocument;
  readonly venues: VenueDocument;
  readonly organizers: OrganizerDocument;
  readonly categories: CountedTerm;
  readonly tags: CountedTerm;
}

/** One collection's reads as `ReadsNow` answers them: what the port's `get` and `translationsOf` answer. */
export interface CollectionNow<D> {
  get(id: number): D | undefined;
  translationsOf(group: number): Translations;
  /**
   * True when the group files no document but `id` (live or not): `id` then lists no translations, for any caller,
   * and a single read answers `{}` without building the group's map (most items are translated into nothing).
   */
  aloneInGroup(group: number, id: number): boolean;
}

/**
 * Reads answered in the calling turn, for the read routes' hot paths (a single read asks a few terms' counts and a
 * few translation groups): the same answers as the port's, without a promise each.
 */
export interface ReadsNow {
  readonly events: CollectionNow<EventDocument>;
  readonly venues: CollectionNow<VenueDocument>;
  readonly organizers: CollectionNow<OrganizerDocument>;
  readonly categories: CollectionNow<CountedTerm>;
  readonly tags: CollectionNow<CountedTerm>;
}

export interface ReadStore {
  readonly events: EventCollection;
  readonly venues: VenueCollection;
  readonly organizers: OrganizerCollection;
  readonly categories: TermCollection;
  readonly tags: TermCollection;
  readonly checkpoints: CheckpointStore;
  /**
   * The same documents answered in the calling turn, where the adapter can (the memory read model): the runner and
   * replays then apply each event at once, without a promise per read or write. Absent (MongoDB, wrappers that must
   * see every write go through the port): they drive the port through a unit of work (projectionDriver.ts).
   */
  readonly projectionTarget?: ProjectionTarget;
  /** The reads of `ReadsNow`, where the adapter answers in the calling turn (the memory read model); else absent. */
  readonly readsNow?: ReadsNow;
  /**
   * What `documents('events')` yields, taken in the calling turn, where the adapter can (the memory read model); else
   * absent. A scan of every event (the series horizon's, once per round and right after a start) then costs no
   * promise per document.
   */
  readonly eventsInIdOrder?: () => Iterable<EventDocument>;
  /**
   * The whole content of one collection, for verification and audits: every document (trashed and deleted ones
   * included, since they guard against older events) in ascending id order, without storage fields (Mongo `_id`,
   * lower-cased index keys), so that two adapters holding the same projected state yield equal values.
   */
  documents<C extends ReadModelCollection>(collection: C): AsyncIterable<ReadModelDocuments[C]>;
  /** Creates indexes (Mongo); nothing to do in memory. */
  init(): Promise<void>;
  close(): Promise<void>;
}
