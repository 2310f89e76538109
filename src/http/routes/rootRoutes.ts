// GET {api_root} (the index), GET {api_root}/doc (OpenAPI), GET {api_root}/doc/events (AsyncAPI event catalogue), and
// OPTIONS
// on any route of the catalogue (its index entry).
import type Router from '@koa/router';
import type { Context, Next } from 'koa';
import { defaultListWindow } from '../../domain/localDateTime.ts';
import { buildIndex, isServedNamespace, routeIndexEntry } from '../doc/indexDocument.ts';
import { buildOpenApi } from '../doc/openApiDocument.ts';
import { buildAsyncApi } from '../doc/asyncApiDocument.ts';
import { checkArgs } from '../endpoint.ts';
import { noRoute, simpleError } from '../errors/wireError.ts';
import type { HttpParts } from '../services.ts';
import { docArgs, rootArgs } from './catalogue/index.ts';

/** The index and OPTIONS show the default date window, which depends on the clock and the site's time zone. */
export type RootRouteDeps = Pick<HttpParts, 'settings' | 'clock' | 'listWindows'>;

export function registerRootRoutes(router: Router, deps: RootRouteDeps): void {
  const { settings } = deps;
  const defaults = () => {
    const window = defaultListWindow(deps.clock(), settings.timeZone, deps.listWindows);
    return { startDate: window.start, endDate: window.end };
  };

  router.get('/cal/events/v1', async (ctx: Context) => {
    ctx.set('Allow', 'GET');
    const { args, scope, validation } = checkArgs(ctx, settings, rootArgs);
    validation.throwIfAny();
    if (!isServedNamespace(args.values.namespace)) throw simpleError(404, 'rest_invalid_namespace');
    ctx.body = buildIndex({ apiRoot: scope.addresses.apiRoot, site: scope.addresses.site, defaults: defaults() });
  });

  router.get('/cal/events/v1/doc', async (ctx: Context) => {
    ctx.set('Allow', 'GET');
    const { scope, validation } = checkArgs(ctx, settings, docArgs);
    validation.throwIfAny();
    ctx.body = buildOpenApi({ apiRoot: scope.addresses.apiRoot });
  });

  // A service extension for downstream consumers: kept out of the route catalogue, so the index stays as the
  // reference has it (`/doc` lists the route as an addition).
  router.get('/cal/events/v1/doc/events', async (ctx: Context) => {
    ctx.set('Allow', 'GET');
    const { scope, validation } = checkArgs(ctx, settings, docArgs);
    validation.throwIfAny();
    ctx.body = buildAsyncApi({ apiRoot: scope.addresses.apiRoot });
  });
}

/** OPTIONS answers 200 with the route's index entry (docs/api.md §1.1), for any route of the catalogue. */
export function optionsAnswer(deps: RootRouteDeps) {
  return async (ctx: Context, next: Next): Promise<void> => {
    if (ctx.method !== 'OPTIONS') return next();
    const { scope } = checkArgs(ctx, deps.settings, []);
    const window = defaultListWindow(deps.clock(), deps.settings.timeZone, deps.listWindows);
    const entry = routeIndexEntry(ctx.path.slice('/cal/events/v1'.length) || '/', {
      apiRoot: scope.addresses.apiRoot,
      defaults: { startDate: window.start, endDate: window.end },
    });
    if (!entry) throw noRoute();
    ctx.set('Allow', entry.methods.join(', '));
    ctx.body = entry;
  };
}
