// The index route body (docs/api.md §14) and single-route entries for OPTIONS (§1.1), built from the route catalogue.
import { RequestDefault, type ArgSpec, type RequestDefaults } from '../params/argSpec.ts';
import { NAMESPACE, routeCatalogue, type HttpMethod, type RouteSpec } from '../routes/catalogue/index.ts';
import { extensionRoutes } from '../routes/catalogue/extensions.ts';
import { feedRoutes } from '../routes/catalogue/feeds.ts';

export interface IndexContext {
  /** `{api_root}` of the request, language segment included, without a trailing slash. */
  readonly apiRoot: string;
  /** `{site}` of the request (`{base}` or `{base}/{lang}`), without a trailing slash. */
  readonly site: string;
  /** The `GET /events` date defaults computed for this request (un-widened, §6). */
  readonly defaults: RequestDefaults;
  /** Checked by the HTTP layer with {@link isServedNamespace}; the body never depends on it. */
  readonly namespace?: string;
  /**
   * Accepted and ignored: the reference only adds route schemas for `context=help`, and none of its
   * routes declares one, so `view`, `help` and `edit` all give the same body.
   */
  readonly context?: string;
}

export type IndexArg = Readonly<Record<string, unknown>>;

export interface EndpointIndexEntry {
  readonly methods: readonly HttpMethod[];
  readonly args: Readonly<Record<string, IndexArg>>;
}

export interface RouteIndexEntry {
  readonly namespace: string;
  readonly methods: readonly HttpMethod[];
  readonly endpoints: readonly EndpointIndexEntry[];
  readonly _links?: { readonly self: readonly { readonly href: string }[] };
  /** Only on the service's own routes (docs/api.md §19), which the reference's index has no entry for. */
  readonly description?: string;
}

export interface IndexDocument {
  readonly namespace: string;
  readonly routes: Readonly<Record<string, RouteIndexEntry>>;
  readonly _links: { readonly up: readonly { readonly href: string }[] };
}

type EntryContext = Pick<IndexContext, 'apiRoot' | 'defaults'>;

export function buildIndex(ctx: IndexContext): IndexDocument {
  return {
    namespace: NAMESPACE,
    routes: Object.fromEntries([
      ...routeCatalogue.map((route) => [`/${NAMESPACE}${route.pattern}`, indexEntry(route, ctx)] as const),
      // The calendar feeds are the one addition the index lists (docs/api.md §21.1), with what OPTIONS says of them.
      ...feedRoutes.map(
        (route) =>
          [`/${NAMESPACE}${route.pattern}`, { ...indexEntry(route, ctx), description: route.description }] as const,
      ),
    ]),
    _links: { up: [{ href: `${ctx.site}/` }] },
  };
}

/** The root route answers 404 `rest_invalid_namespace` for any namespace but ours (§13.2); absent means ours. */
export function isServedNamespace(value: unknown): boolean {
  return value === undefined || value === NAMESPACE;
}

/** One route's index entry, as OPTIONS answers it. */
export function indexEntry(route: RouteSpec, ctx: EntryContext): RouteIndexEntry {
  const entry = {
    namespace: NAMESPACE,
    methods: route.endpoints.flatMap((endpoint) => endpoint.methods),
    endpoints: route.endpoints.map((endpoint) => ({
      methods: endpoint.methods,
      args: Object.fromEntries(endpoint.args.map((arg) => [arg.name, indexArg(arg, ctx.defaults)])),
    })),
  };
  // Only routes without placeholders have an address of their own to link to.
  if (route.pattern.includes('(?P<')) return entry;
  return { ...entry, _links: { self: [{ href: ctx.apiRoot + route.pattern }] } };
}

/**
 * The index entry of the route a request path (relative to `{api_root}`, e.g. `/events/6/`) names, or
 * undefined when no route matches; one trailing slash is ignored (§1.1). The service's own routes answer the same
 * shape plus a `description`.
 */
export function routeIndexEntry(path: string, ctx: EntryContext): RouteIndexEntry | undefined {
  const route = findRoute(path);
  if (route !== undefined) return indexEntry(route, ctx);
  const extension = findRoute(path, extensionRoutes);
  return extension === undefined ? undefined : { ...indexEntry(extension, ctx), description: extension.description };
}

/** The route whose pattern matches a request path relative to `{api_root}`, in the catalogue or in `routes`. */
export function findRoute<R extends RouteSpec>(
  path: string,
  routes: readonly R[] = routeCatalogue as readonly R[],
): R | undefined {
  const trimmed = path.endsWith('/') ? path.slice(0, -1) : path;
  return routes.find((route) => routeRegExp(route).test(trimmed));
}

/** The patterns are PCRE as the index shows them; JavaScript spells named groups without the `P`. */
const routeRegExpOf = (route: RouteSpec): RegExp => new RegExp(`^${route.pattern.replaceAll('(?P<', '(?<')}$`);

/** Every route's pattern compiled once, when the module loads: the catalogue and the extensions are constants. */
const routeRegExps: ReadonlyMap<RouteSpec, RegExp> = new Map(
  [...routeCatalogue, ...extensionRoutes].map((route) => [route, routeRegExpOf(route)]),
);

const routeRegExp = (route: RouteSpec): RegExp => routeRegExps.get(route) ?? routeRegExpOf(route);

function indexArg(arg: ArgSpec, defaults: RequestDefaults): IndexArg {
  const shown = Object.entries(arg.index).map(([key, value]) => [
    key,
    value instanceof RequestDefault ? defaults[value.key] : value,
  ]);
  return { ...Object.fromEntries(shown), required: arg.required };
}
