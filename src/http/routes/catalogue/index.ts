// The route catalogue: every route of docs/api.md §14 in index order, and the per-endpoint argument lists.
import { eventRoutes } from './events.ts';
import { organizerRoutes } from './organizers.ts';
import { rootRoutes } from './root.ts';
import type { RouteSpec } from './routeSpec.ts';
import { termRoutes } from './terms.ts';
import { venueRoutes } from './venues.ts';

export const routeCatalogue: readonly RouteSpec[] = [
  ...rootRoutes,
  ...eventRoutes,
  ...venueRoutes,
  ...organizerRoutes,
  ...termRoutes,
];

export * from './events.ts';
export * from './venues.ts';
export * from './organizers.ts';
export * from './terms.ts';
export * from './root.ts';
export * from './routeSpec.ts';
