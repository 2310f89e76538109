// Registers the venue and organizer routes (docs/api.md §1.1): list, create, read, update and delete by id and by slug.
import type Router from '@koa/router';
import type { Middleware } from 'koa';
import type { HttpParts } from '../../services.ts';
import { registerItemList, type LinkFilters } from './itemListRoute.ts';
import { registerItemReads } from './itemReadRoutes.ts';
import { registerItemWrites } from './itemWriteRoutes.ts';
import { organizerRouteKind, venueRouteKind } from './itemRouteKind.ts';

export type { LinkFilters } from './itemListRoute.ts';

export function registerVenueRoutes(router: Router, services: HttpParts, bodyParser: Middleware, linkFilters: LinkFilters): void {
  registerItemList(router, services, venueRouteKind, linkFilters);
  registerItemWrites(router, services, venueRouteKind, bodyParser);
  registerItemReads(router, services, venueRouteKind);
}

export function registerOrganizerRoutes(router: Router, services: HttpParts, bodyParser: Middleware, linkFilters: LinkFilters): void {
  registerItemList(router, services, organizerRouteKind, linkFilters);
  registerItemWrites(router, services, organizerRouteKind, bodyParser);
  registerItemReads(router, services, organizerRouteKind);
}
