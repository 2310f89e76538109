// What the projectors read and write: the read model's documents by id, answered in the calling turn, so that an event
// is applied without a promise. The memory read model is one as it stands (`ReadStore.projectionTarget`); any other
// read store is driven through a unit of work that loads what a step reads and writes out what it wrote
// (unitOfWork/bufferedProjection.ts). One projector code, two drivers (projectionDriver.ts).
import type { EmbeddedLinks, EventDocument, LinkField } from './events/eventDocument.ts';
import type { VenueDocument } from './venues/venueDocument.ts';
import type { OrganizerDocument } from './organizers/organizerDocument.ts';
import type { CountedTerm } from './terms/termCollection.ts';
import type { TermDocument } from './terms/termDocument.ts';

/** The events collection as the projectors use it; the methods mean what the port's do (readStore.ts). */
export interface ProjectedEvents {
  get(id: number): EventDocument | undefined;
  /** An older revision never replaces a newer one. */
  put(doc: EventDocument): void;
  /** Events of any status and language that link this venue, organizer, category or tag. */
  linking(field: LinkField, id: number): readonly EventDocument[];
  /** The embedded copies of linked items replaced without a new revision (see `EventCollection.setEmbedded`). */
  setEmbedded(id: number, embedded: EmbeddedLinks): void;
}

/** Venues or organizers as the projectors use them. */
export interface ProjectedItems<D> {
  get(id: number): D | undefined;
  /** An older revision never replaces a newer one. */
  put(doc: D): void;
}

/** Categories or tags as the projectors use them, with the counts of termCounts.ts. */
export interface ProjectedTerms {
  /** Deleted terms read as undefined. */
  get(id: number): CountedTerm | undefined;
  /**
   * `get(id)?.doc` without the count: every projected event embeds its terms and moves their counts, and a counted
   * answer made per lookup (the count moves with every event during a replay) was garbage at once.
   */
  document(id: number): TermDocument | undefined;
  /** `get(id)?.count`, 0 for a term not there or deleted. */
  count(id: number): number;
  /** Revision-guarded; deleted stays deleted. */
  put(doc: TermDocument): void;
  /** Also clears the term's stale mark. */
  setCount(id: number, count: number): void;
  markCountsStale(ids: readonly number[]): void;
  staleCounts(): readonly number[];
}

export interface ProjectionTarget {
  readonly events: ProjectedEvents;
  readonly venues: ProjectedItems<VenueDocument>;
  readonly organizers: ProjectedItems<OrganizerDocument>;
  readonly categories: ProjectedTerms;
  readonly tags: ProjectedTerms;
}
