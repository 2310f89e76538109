// The web pages, one Koa part mounted beside the API (docs/web-pages.md): the calendar at `{base}/` and
// `{base}/{lang}/`, the public item pages at the addresses the API writes into `url` fields (docs/api.md §4.7), the
// API reference at `{base}/docs`, and their assets. Every other path goes on to the API untouched.
import type { RequestListener } from 'node:http';
import type { Context, Middleware, Next } from 'koa';
import type { SiteSettings } from '../http/representation/site.ts';
import { pageApiFor, segmentLanguage } from './apiClient.ts';
import { sendAsset } from './assets/serveAssets.ts';
import { assetsPath, type WebAssets } from './assets/webAssets.ts';
import { sendCalendarPage } from './pages/calendarPage.ts';
import { sendAsyncApiReference, sendOpenApiReference } from './pages/docsPages.ts';
import { sendApiRefusal, sendErrorPage } from './pages/errorPage.ts';
import { sendEventPage } from './pages/eventPage.ts';
import { findById, findBySlug, type Lookup } from './pages/itemLookup.ts';
import { pageRequest, type PageRequest } from './pages/pageRequest.ts';
import { sendOrganizerPage, sendVenuePage } from './pages/placePages.ts';
import { sendTermPage } from './pages/termPages.ts';
import type { WireEvent, WireOrganizer, WireVenue } from './common/eventText.ts';
import type { PageLanguage } from './common/pageWords.ts';

export interface WebPagesDeps {
  readonly settings: SiteSettings;
  /** The API's request handler, which the pages call in process. */
  readonly api: () => RequestListener;
  readonly assets: () => Promise<WebAssets>;
}

type Page = (request: PageRequest, match: RegExpExecArray) => Promise<void> | void;

const lang = '(?:/(ca|en|es))?';
/** One path segment, percent-decoded as the API decodes slugs (docs/api.md §1.1). */
const segment = '([^/]+)';

const pages: readonly (readonly [RegExp, Page])[] = [
  [new RegExp(`^${lang}/?$`), (request) => sendRoot(request)],
  [
    new RegExp(`^${lang}/event/${segment}/?$`),
    (request, match) => sendItem(request, findBySlug<WireEvent>(request, 'events', decoded(match[2])), sendEventPage),
  ],
  [
    new RegExp(`^${lang}/venue/${segment}/?$`),
    (request, match) => sendItem(request, findBySlug<WireVenue>(request, 'venues', decoded(match[2])), sendVenuePage),
  ],
  [
    new RegExp(`^${lang}/organizer/${segment}/?$`),
    (request, match) =>
      sendItem(request, findBySlug<WireOrganizer>(request, 'organizers', decoded(match[2])), sendOrganizerPage),
  ],
  [
    new RegExp(`^${lang}/events/category/((?:[^/]+/)*[^/]+)/?$`),
    (request, match) => sendTermPage(request, 'categories', decoded(match[2])),
  ],
  [new RegExp(`^${lang}/tag/${segment}/?$`), (request, match) => sendTermPage(request, 'tags', decoded(match[2]))],
  [/^\/docs\/?$/, (request) => sendOpenApiReference(request)],
  [/^\/docs\/events\/?$/, (request) => sendAsyncApiReference(request)],
];

function decoded(raw: string | undefined): string {
  try {
    return decodeURIComponent(raw ?? '');
  } catch {
    return raw ?? '';
  }
}

/** `?post_type=…&p=…` addresses name drafts and other unpublished items by id (docs/api.md §4.7). */
const byIdCollections: Record<string, 'events' | 'venues' | 'organizers'> = {
  cal_events: 'events',
  cal_venue: 'venues',
  cal_organizer: 'organizers',
};

async function sendRoot(request: PageRequest): Promise<void> {
  const { query } = request.ctx;
  if (query.post_type === undefined && query.p === undefined) return sendCalendarPage(request);
  const collection = typeof query.post_type === 'string' ? byIdCollections[query.post_type] : undefined;
  const id = typeof query.p === 'string' && /^\d{1,15}$/.test(query.p) ? query.p : undefined;
  if (!collection || !id) return sendErrorPage(request, 404, request.words.notFound, request.words.notFoundText);
  const found = findById<never>(request, collection, id);
  if (collection === 'events') return sendItem(request, found as Promise<Lookup<WireEvent>>, sendEventPage);
  if (collection === 'venues') return sendItem(request, found as Promise<Lookup<WireVenue>>, sendVenuePage);
  return sendItem(request, found as Promise<Lookup<WireOrganizer>>, sendOrganizerPage);
}

async function sendItem<T>(
  request: PageRequest,
  lookup: Promise<Lookup<T>>,
  send: (request: PageRequest, item: T, language: PageLanguage | undefined) => Promise<void>,
): Promise<void> {
  const found = await lookup;
  if (!found.found) return sendApiRefusal(request, found.answer);
  await send(request, found.item, found.language);
}

/** The API's addresses, which no page pattern takes: they go on without being tried against each. */
const apiAddress = /^(?:\/(?:ca|en|es))?\/cal\/events\/v1(?:\/|$)/;

export function webPages(deps: WebPagesDeps): Middleware {
  return async (ctx: Context, next: Next) => {
    if ((ctx.method !== 'GET' && ctx.method !== 'HEAD') || apiAddress.test(ctx.path)) return next();
    if (ctx.path.startsWith(assetsPath)) return sendAsset(ctx, await deps.assets(), ctx.path.slice(assetsPath.length));
    for (const [pattern, page] of pages) {
      const match = pattern.exec(ctx.path);
      if (!match) continue;
      const request = pageRequest(
        ctx,
        segmentLanguage(match[1]),
        pageApiFor(deps.api(), ctx),
        await deps.assets(),
        deps.settings,
      );
      return page(request, match);
    }
    return next();
  };
}
