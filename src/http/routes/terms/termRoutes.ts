// Registers the category and tag routes (docs/api.md §1.1): lists, single reads, create, update and permanent delete.
import type Router from '@koa/router';
import type { Middleware } from 'koa';
import type { ReadStore } from '../../../projections/readStore.ts';
import { taxonomyRoutes, type TermsOfEvent } from './termAccess.ts';
import { registerTermReads, type TermReadDeps } from './termReadRoutes.ts';
import { registerTermWrites, type TermWriteDeps } from './termWriteRoutes.ts';
import { eventLinksVisible } from '../events/eventAccess.ts';

export type { TermsOfEvent } from './termAccess.ts';

/** `termsOfEvent` answers the `post` / `event` list filters (§8); events own their links to terms. */
export type TermRouteDeps = TermReadDeps & TermWriteDeps;

export function registerTermRoutes(
  router: Router,
  deps: TermRouteDeps,
  bodyParser: Middleware,
  termsOfEvent: TermsOfEvent,
): void {
  for (const routes of taxonomyRoutes) {
    registerTermReads(router, deps, routes, termsOfEvent);
    registerTermWrites(router, deps, bodyParser, routes);
  }
}

/**
 * The terms of an event as its read-model document links them, whatever its language; none if the caller may not see
 * them.
 */
export function termsOfEventInReadStore(readStore: ReadStore): TermsOfEvent {
  return async (eventId, scope) => {
    const doc = await readStore.events.get(eventId);
    if (!doc) return 'no-such-event';
    return eventLinksVisible(doc, scope)
      ? { categories: [...doc.categories], tags: [...doc.tags] }
      : { categories: [], tags: [] };
  };
}
