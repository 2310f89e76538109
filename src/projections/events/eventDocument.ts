// The denormalized read-model document of one calendar event, as stored by every ReadStore adapter.
import type { EventFacts } from '../../events/catalogue/calendarEvents.ts';
import type { PostStatus } from '../../events/catalogue/values.ts';
import type { VenueDocument } from '../venues/venueDocument.ts';
import type { OrganizerDocument } from '../organizers/organizerDocument.ts';
import type { TermDocument } from '../terms/termDocument.ts';
import type { VenueLocation } from './venueLocations.ts';
import type { PlannedOccurrence, SeriesExceptions } from '../../events/catalogue/seriesEvents.ts';

/** The event fields that hold ids of linked items; also the keys of the embedded copies. */
export type LinkField = 'venues' | 'organizers' | 'categories' | 'tags';
export const linkFields: readonly LinkField[] = ['venues', 'organizers', 'categories', 'tags'];

/**
 * Copies of the linked items as the read model holds them, in link order, so an
 * event renders without joins. The projections refresh them whenever a linked
 * item changes (the wire representation embeds whole objects, docs/api.md §4.1).
 */
export interface EmbeddedLinks {
  readonly venues: readonly VenueDocument[];
  readonly organizers: readonly OrganizerDocument[];
  readonly categories: readonly TermDocument[];
  readonly tags: readonly TermDocument[];
}

export const noEmbeddedLinks: EmbeddedLinks = { venues: [], organizers: [], categories: [], tags: [] };

export interface EventDocument extends EventFacts {
  readonly id: number;
  /** Stream revision of the last applied event: the ETag, and the guard that makes re-application a no-op. */
  readonly revision: number;
  /** Last write, UTC wall clock. */
  readonly modifiedUtc: string;
  readonly timezoneAbbr: string;
  /** `start` / `end` as wall-clock seconds (see `wallClockSeconds`), for the memory indexes. */
  readonly startKey: number;
  readonly endKey: number;
  /** While trashed, the status before: who may edit or delete follows it (docs/api.md §3.2). */
  readonly statusBeforeTrash: PostStatus | null;
  /** Lower-cased title, excerpt and description joined by NUL, so that search terms never span two fields. */
  readonly searchText: string;
  /**
   * Root id of the item's translation group (its own id when it joined none); absent in documents projected before
   * translations.
   */
  readonly translationGroup?: number;
  readonly embedded: EmbeddedLinks;
  /** `venueLocationsOf(embedded.venues)`, kept with it (projector and `setEmbedded`), for the geolocation filters. */
  readonly venueLocations: readonly VenueLocation[];
  /**
   * Series items and their occurrences only (docs/api.md §20.2), absent on every other event: the series' lines,
   * the series id (the series item's own id on itself) and the local start the rule gave the occurrence.
   */
  readonly recurrence?: readonly string[];
  readonly recurringEventId?: number;
  readonly originalStart?: string;
  /** Series items only: the occurrences planned, which the projection derives from the series item's facts. */
  readonly occurrences?: readonly PlannedOccurrence[];
  /** Series items only: the facts each exception's writes changed (docs/api.md §20.3). */
  readonly exceptions?: SeriesExceptions;
}
