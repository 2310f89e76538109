// The facts venues and organizers share, and the three facts of an item's life read from either kind's events. Both
// the write side (the item decider) and the read side (the item projections) fold these, so they live with the event
// catalogue, below both (docs/architecture.md §2).
import type { ImageRef, Language, PostStatus } from './values.ts';
import { optionalRoot, type PostFact } from './postFold.ts';
import type { OrganizerEvent, OrganizerFacts } from './organizers.ts';
import type { VenueChanges, VenueEvent, VenueFacts } from './venues.ts';

/** What venue and organizer facts have in common. */
export interface ItemFacts {
  readonly language: Language;
  readonly author: string;
  readonly status: PostStatus;
  readonly publishedUtc: string;
  readonly name: string;
  readonly description: string;
  readonly excerpt: string;
  readonly slug: string;
  readonly image: ImageRef | null;
  readonly website: string;
  readonly passwordHash: string | null;
}

/** The facts a change decides on: those that differ, each whole. */
export type ItemChanges<F extends ItemFacts> = Omit<Partial<F>, 'language'>;

/**
 * The three facts of an item's life (postFold.ts); the decider records `ItemChanges<F>`, which every kind's `C`
 * accepts.
 */
export type ItemFact<F extends ItemFacts, C extends object = ItemChanges<F>> = PostFact<F, C>;

export { optionalRoot };

export function venueFactOf(event: VenueEvent): ItemFact<VenueFacts, VenueChanges> {
  switch (event.type) {
    case 'VenueRegistered':
      return {
        type: 'registered',
        id: event.data.id,
        facts: event.data.facts,
        ...optionalRoot(event.data.translationOf),
      };
    case 'VenueDetailsChanged':
      return { type: 'changed', id: event.data.id, changes: event.data.changes };
    case 'VenueTrashed':
      return { type: 'trashed', ...event.data };
  }
}

export function organizerFactOf(event: OrganizerEvent): ItemFact<OrganizerFacts> {
  switch (event.type) {
    case 'OrganizerRegistered':
      return {
        type: 'registered',
        id: event.data.id,
        facts: event.data.facts,
        ...optionalRoot(event.data.translationOf),
      };
    case 'OrganizerDetailsChanged':
      return { type: 'changed', id: event.data.id, changes: event.data.changes };
    case 'OrganizerTrashed':
      return { type: 'trashed', ...event.data };
  }
}
