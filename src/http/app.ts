// The Koa application: middleware in the request processing order of docs/api.md §2, then the routes.
import Koa from 'koa';
import Router from '@koa/router';
import bodyParser from 'koa-bodyparser';
import type { Logger } from 'pino';
import { basicAuth } from './auth/basicAuth.ts';
import { apiPathOf, insideApiOnly } from './middleware/apiPath.ts';
import { commonHeaders } from './middleware/commonHeaders.ts';
import { wireErrors } from './middleware/wireErrors.ts';
import { conditionalGet } from './middleware/conditionalGet.ts';
import { keptAnswers } from './middleware/keptAnswers.ts';
import { crossSiteWrites } from './middleware/crossSiteWrites.ts';
import { discardUnreadBody, withJsonDepthLimit } from './middleware/requestLimits.ts';
import { translationFill } from './middleware/translationFill.ts';
import { unlockingRoutes } from './middleware/unlockingRoutes.ts';
import { methodChains, type Layer } from './middleware/methodChains.ts';
import { noRoute, simpleError } from './errors/wireError.ts';
import { registerEventReads } from './routes/events/eventReadRoutes.ts';
import { registerFeedRoutes } from './routes/feeds/feedRoutes.ts';
import { icsImportRoute } from './routes/feeds/icsImportRoute.ts';
import { registerEventWrites } from './routes/events/eventWriteRoutes.ts';
import { optionsAnswer, registerRootRoutes } from './routes/rootRoutes.ts';
import { registerTermRoutes, termsOfEventInReadStore } from './routes/terms/termRoutes.ts';
import { registerOrganizerRoutes, registerVenueRoutes } from './routes/items/itemRoutes.ts';
import { itemLinkFilters } from './routes/events/linkFilters.ts';
import { registerHistoryRoutes } from './routes/history/historyRoutes.ts';
import { registerChangeRoutes } from './routes/changes/changeRoutes.ts';
import { registerReadModelRoutes } from './routes/readModel/readModelDigestRoute.ts';
import type { HttpParts } from './services.ts';
import { requestContext } from './observability/requestContext.ts';
import { operationsRoutes, type OperationsDeps } from './routes/operations/operationsRoutes.ts';
import { webPages } from '../web/webPages.ts';
import { lazyWebAssets } from '../web/assets/webAssets.ts';

export const bodyLimit = '1mb';

/** The index, `/doc` and `/doc/events`: the root router's paths. */
const rootAddress = /^\/cal\/events\/v1(?:\/doc(?:\/events)?)?\/?$/i;

/**
 * Wires the routes and middleware, each with the parts it declares (`Pick<HttpParts, …>`), all made by the composition
 * root (`composeHttpServices`). `operations` serves /health, /ready and /metrics beside the API, outside its path,
 * credentials and wire format.
 */
export function createApp(parts: HttpParts, logger: Logger, operations: OperationsDeps): Koa {
  const app = new Koa();
  // Only a trusted proxy's X-Forwarded-For names the client, and only its last entry: the one that proxy appended.
  app.proxy = parts.trustProxy;
  app.maxIpsCount = 1;
  app.silent = true;
  const router = new Router({ prefix: '/cal/events/v1' });
  const root = new Router();
  registerRoutes(root, router, parts, jsonBodyParser());
  useMiddleware(app, parts, logger, operations);
  useRoutes(app, root, router, parts);
  return app;
}

/** The body parser of the write routes: JSON, form and text bodies up to `bodyLimit`, in the wire's error format. */
function jsonBodyParser(): Koa.Middleware {
  return withJsonDepthLimit(
    bodyParser({
      // Text bodies are read only to tell a JSON body sent as text/plain apart (see `sourcesOf`).
      enableTypes: ['json', 'form', 'text'],
      jsonLimit: bodyLimit,
      formLimit: bodyLimit,
      textLimit: bodyLimit,
      strict: false,
      onerror: (error, ctx) => {
        discardUnreadBody(ctx.req);
        if ((error as { status?: number }).status === 413) throw simpleError(413, 'rest_payload_too_large');
        throw simpleError(400, 'rest_invalid_json');
      },
    }),
  );
}

function registerRoutes(root: Router, router: Router, parts: HttpParts, parseBody: Koa.Middleware): void {
  registerRootRoutes(root, parts);
  // Before the event reads, whose `/events/:id` would take `/events/{id}.ics`.
  registerFeedRoutes(router, parts);
  router.post('/events.ics', icsImportRoute(parts));
  registerEventReads(router, parts);
  registerEventWrites(router, parts, parseBody);
  registerVenueRoutes(router, parts, parseBody, itemLinkFilters(parts.readStore, 'venues'));
  registerOrganizerRoutes(router, parts, parseBody, itemLinkFilters(parts.readStore, 'organizers'));
  registerTermRoutes(router, parts, parseBody, termsOfEventInReadStore(parts.readStore));
  registerReadModelRoutes(router, parts);
  registerHistoryRoutes(router, parts);
  registerChangeRoutes(router, parts);
}

/** The middleware before the routes, in the request processing order of docs/api.md §2. */
function useMiddleware(app: Koa, parts: HttpParts, logger: Logger, operations: OperationsDeps): void {
  app.use(requestContext(logger, operations.metrics));
  app.use(methodChains(middlewareLayers(app, parts, logger, operations)));
}

/**
 * The layers after the request context, in order; a write skips those marked `readsOnly` (methodChains.ts), each of
 * which passes every write straight on.
 */
export function middlewareLayers(app: Koa, parts: HttpParts, logger: Logger, operations: OperationsDeps): Layer[] {
  // The web pages answer their own paths before the API's middleware and read through the API's own handler.
  let handler: ReturnType<Koa['callback']> | undefined;
  const api = () => (handler ??= app.callback());
  return [
    { name: 'operationsRoutes', middleware: operationsRoutes(operations), readsOnly: true },
    {
      name: 'webPages',
      middleware: webPages({ settings: parts.settings, api, assets: lazyWebAssets() }),
      readsOnly: true,
    },
    { name: 'commonHeaders', middleware: commonHeaders(parts.corsOrigins) },
    { name: 'wireErrors', middleware: wireErrors(logger) },
    { name: 'conditionalGet', middleware: conditionalGet, readsOnly: true },
    // Inside the conditional GET (an answer given again is revalidated like any other), before everything it skips.
    {
      name: 'keptAnswers',
      middleware: keptAnswers(parts.keptAnswers, () => operations.metrics.keptAnswers.inc()),
      readsOnly: true,
    },
    { name: 'apiPathOf', middleware: apiPathOf },
    // Before the credentials are looked at: a forged write neither counts as a failed login nor runs as the user.
    { name: 'crossSiteWrites', middleware: crossSiteWrites(parts.settings.base, parts.corsOrigins) },
    { name: 'basicAuth', middleware: basicAuth(parts.credentials) },
    { name: 'insideApiOnly', middleware: insideApiOnly },
    { name: 'optionsAnswer', middleware: optionsAnswer(parts), readsOnly: true },
    { name: 'translationFill', middleware: translationFill(parts) },
  ];
}

/** The routes, then the answer for a path none of them took. */
function useRoutes(app: Koa, root: Router, router: Router, parts: HttpParts): void {
  // Asked only for the addresses it may match (the router ignores case and one trailing slash).
  // Koa-router marks its middleware with the router, which is how the app's registered routes are found (OPTIONS).
  const rootRoutes = root.routes();
  app.use(
    Object.assign(
      (ctx: Koa.Context, next: Koa.Next) =>
        rootAddress.test(ctx.path) ? rootRoutes(ctx as Parameters<typeof rootRoutes>[0], next) : next(),
      { router: root },
    ),
  );
  const routes = router.routes();
  app.use(
    unlockingRoutes(
      Object.assign(async (ctx: Koa.Context, next: Koa.Next) => routes(ctx as Parameters<typeof routes>[0], next), {
        router,
      }),
      parts,
    ),
  );
  app.use(async (ctx) => {
    if (ctx.body === undefined && ctx.status === 404) throw noRoute();
  });
}
