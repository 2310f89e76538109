// Registers the venue and organizer routes (docs/api.md §1.1): list, create, read, update and delete by id and by slug.
import type Router from '@koa/router';
import type { Middleware } from 'koa';
import type { ItemDocument } from '../../../projections/posts/itemDocument.ts';
import { registerItemList, type ItemListDeps, type LinkFilters } from './itemListRoute.ts';
import { registerItemReads, type ItemReadDeps } from './itemReadRoutes.ts';
import { registerItemWrites, type ItemWriteDeps } from './itemWriteRoutes.ts';
import { organizerRouteKind, venueRouteKind, type ItemRouteKind } from './itemRouteKind.ts';

export type { LinkFilters } from './itemListRoute.ts';

export type ItemRouteDeps = ItemListDeps & ItemReadDeps & ItemWriteDeps;

function registerItemRoutes<D extends ItemDocument>(
  router: Router,
  deps: ItemRouteDeps,
  kind: ItemRouteKind<D>,
  bodyParser: Middleware,
  linkFilters: LinkFilters,
): void {
  registerItemList(router, deps, kind, linkFilters);
  registerItemWrites(router, deps, kind, bodyParser);
  registerItemReads(router, deps, kind);
}

export function registerVenueRoutes(
  router: Router,
  deps: ItemRouteDeps,
  bodyParser: Middleware,
  linkFilters: LinkFilters,
): void {
  registerItemRoutes(router, deps, venueRouteKind, bodyParser, linkFilters);
}

export function registerOrganizerRoutes(
  router: Router,
  deps: ItemRouteDeps,
  bodyParser: Middleware,
  linkFilters: LinkFilters,
): void {
  registerItemRoutes(router, deps, organizerRouteKind, bodyParser, linkFilters);
}
