// Every projection of the read model, in the order the runner applies them to each event: linked items first, so
// that an event embeds their current state, then events, then the refresh of events embedding a changed item.
import type { ProjectionHandler } from './projectionHandler.ts';
import type { ProjectionMemos } from './projectionMemos.ts';
import { eventProjection } from './events/eventProjection.ts';
import { termProjection } from './terms/termProjection.ts';
import { venueProjection } from './venues/venueProjection.ts';
import { organizerProjection } from './organizers/organizerProjection.ts';
import { linkProjection } from './links/linkProjection.ts';

/** `memos`: those of the read model the handlers write (its memory event collection's, embedded). */
export const allProjections = (memos: ProjectionMemos): readonly ProjectionHandler[] => [
  venueProjection,
  organizerProjection,
  termProjection,
  eventProjection(memos),
  linkProjection(memos.lists),
];
