// Registers the category and tag routes (docs/api.md §1.1): lists, single reads, create, update and permanent delete.
import type Router from '@koa/router';
import type { Middleware } from 'koa';
import type { ReadStore } from '../../../projections/readStore.ts';
import type { HttpParts } from '../../services.ts';
import { taxonomyRoutes, type TermsOfEvent } from './termAccess.ts';
import { registerTermReads } from './termReadRoutes.ts';
import { registerTermWrites } from './termWriteRoutes.ts';
import { eventLinksVisible } from '../events/eventAccess.ts';

export type { TermsOfEvent } from './termAccess.ts';

/** `termsOfEvent` answers the `post` / `event` list filters (§8); events own their links to terms. */
export function registerTermRoutes(router: Router, services: HttpParts, bodyParser: Middleware, termsOfEvent: TermsOfEvent): void {
  for (const routes of taxonomyRoutes) {
    registerTermReads(router, services, routes, termsOfEvent);
    registerTermWrites(router, services, bodyParser, routes);
  }
}

/** The terms of an event as its read-model document links them, whatever its language; none if the caller may not see them. */
export function termsOfEventInReadStore(readStore: ReadStore): TermsOfEvent {
  return async (eventId, scope) => {
    const doc = await readStore.events.get(eventId);
    if (!doc) return 'no-such-event';
    return eventLinksVisible(doc, scope) ? { categories: [...doc.categories], tags: [...doc.tags] } : { categories: [], tags: [] };
  };
}
