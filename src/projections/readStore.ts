// The ReadStore port: denormalized documents with the indexes the read routes need, plus projection checkpoints.
import type { EventDocument } from './events/eventDocument.ts';
import type { EventListQuery, Page } from './events/eventListQuery.ts';

export interface EventCollection {
  get(id: number): Promise<EventDocument | undefined>;
  /** Events of every status (trash included) with this slug in this language. */
  bySlug(language: string, slug: string): Promise<EventDocument[]>;
  list(query: EventListQuery): Promise<Page<EventDocument>>;
  put(doc: EventDocument): Promise<void>;
}

export interface CheckpointStore {
  /** Global position of the last event the projection applied; undefined before the first. */
  get(projection: string): Promise<bigint | undefined>;
  set(projection: string, position: bigint): Promise<void>;
}

export interface ReadStore {
  readonly events: EventCollection;
  readonly checkpoints: CheckpointStore;
  /** Creates indexes (Mongo); nothing to do in memory. */
  init(): Promise<void>;
  close(): Promise<void>;
}
