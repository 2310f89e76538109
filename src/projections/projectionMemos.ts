// The memos of the projectors' pure functions: one set per read model, made by the composition root and handed down
// (docs/architecture.md §2), never module-level defaults.
import type { ZoneClock } from '../domain/timeZone.ts';
import { SharedCosts } from './events/sharedCosts.ts';
import { SharedLists } from './events/sharedLists.ts';
import { VenueLocations } from './events/venueLocations.ts';

export interface ProjectionMemos {
  /** Tz abbreviations of event starts (the root's clock, shared with the write side and HTTP). */
  readonly zones: ZoneClock;
  /** The shared lists of none or one id or item the event documents hold. */
  readonly lists: SharedLists;
  /** The shared location lists of the linked venues. */
  readonly venues: VenueLocations;
  /** The shared costs of the event documents. */
  readonly costs: SharedCosts;
}

/** Fresh lists, locations and costs around the process's zone clock. */
export function projectionMemos(zones: ZoneClock): ProjectionMemos {
  return { zones, lists: new SharedLists(), venues: new VenueLocations(), costs: new SharedCosts() };
}
