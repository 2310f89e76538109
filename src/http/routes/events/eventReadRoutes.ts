// GET /events, GET /events/{id} and GET /events/by-slug/{slug}, the single reads also as of a past point (`as_of`).
import { reason } from '../../../commands/errors.ts';
import type Router from '@koa/router';
import type { Context } from 'koa';
import { checkArgs } from '../../endpoint.ts';
import { invalidParams, noRoute, simpleError, type WireError } from '../../errors/wireError.ts';
import { answerItem, sharedItemsOf, type SharedItems } from '../../representation/sharedItems.ts';
import { eventWithJsonLd } from '../../representation/eventRepresentation.ts';
import { listText, type JsonText } from '../../representation/jsonText.ts';
import { renderJsonText, type TranslationFillDeps } from '../../middleware/translationFill.ts';
import { writeEventJson } from './eventJson.ts';
import { envelopeKeys, pageLinks, totalPagesOf } from '../../representation/listEnvelope.ts';
import type { HttpParts } from '../../services.ts';
import { eventBySlugReadArgs, eventListArgs, eventReadArgs } from '../catalogue/index.ts';
import { assertEventId, assertReadable, eventBySlug, pathId } from './eventAccess.ts';
import { collectionAllow, etagOfPost, setPostAllow } from '../../auth/postAccess.ts';
import { readEventListRequest, withListLocks, type EventListRequest } from './eventListRequest.ts';
import { answerListPage, anonymousPageKey, type AnsweredPage } from '../../representation/sharedPages.ts';
import { linkedRendering, type LinkedRenderingDeps } from './eventRendering.ts';
import type { PageRendering } from './linkedItemVisibility.ts';
import { singleEventText } from './singleEventJson.ts';
import type { EventDocument } from '../../../projections/events/eventDocument.ts';
import type { GlobalPoint } from '../../../projections/history/foldPoint.ts';
import type { Scope } from '../../requestScope.ts';
import { readAsOf } from '../history/asOfParam.ts';
import { readablePastEvent } from '../history/pastReads.ts';
import { chargeCostlyRead } from '../../costs/chargeCostlyRead.ts';
import { linkEventFeed } from '../feeds/feedLink.ts';

/** GET /events's parameters checked and resolved for this request; a bad one throws its wire error. */
export async function checkedEventListRequest(
  ctx: Context,
  deps: Pick<HttpParts, 'settings' | 'clock' | 'readStore' | 'listWindows' | 'zones'>,
): Promise<{ scope: Scope; request: EventListRequest }> {
  const { settings, readStore } = deps;
  const checked = checkArgs(ctx, settings, eventListArgs);
  const request = await readEventListRequest(checked, {
    now: deps.clock(),
    siteZone: settings.timeZone,
    extendedAddOn: settings.extendedAddOn,
    readStore,
    listWindows: deps.listWindows,
    zones: deps.zones,
  });
  checked.validation.throwIfAny();
  return {
    scope: checked.scope,
    request: { ...request, query: await withListLocks(request.query, checked.scope, readStore.events) },
  };
}

/** Event reads: the read model, its memo and fragments, linked items' renderers, and past folds for `as_of`. */
export type EventReadDeps = LinkedRenderingDeps &
  TranslationFillDeps &
  Pick<
    HttpParts,
    | 'settings'
    | 'clock'
    | 'readStore'
    | 'writes'
    | 'fragments'
    | 'singleFragments'
    | 'costlyReads'
    | 'pastFolds'
    | 'listWindows'
    | 'zones'
    | 'folding'
  >;

/**
 * Checks 3–6 of §9 on the event now, or with `as_of` on it now and as it was then (`notFound`: not yet created).
 * `shared` was taken before `doc` was read.
 */
async function answerEvent(
  deps: EventReadDeps,
  ctx: Context,
  shared: SharedItems,
  doc: EventDocument,
  scope: Scope,
  asOf: GlobalPoint | undefined,
  notFound: () => WireError,
): Promise<void> {
  if (!asOf) assertReadable(doc, scope);
  if (asOf) chargeCostlyRead(deps.costlyReads, ctx);
  const shown = asOf ? await readablePastEvent(deps.pastFolds, deps.folding, doc, scope, asOf, notFound) : doc;
  // Past reads are costly and rare: kept bytes are only for the event as it stands.
  const key = asOf ? undefined : anonymousPageKey(scope, ['event', scope.language, doc.id]);
  let rendering: PageRendering | Promise<PageRendering> | undefined;
  const renderingOnce = () => (rendering ??= linkedRendering(deps, scope, [shown], asOf ? 'past' : 'now'));
  await answerItem(
    ctx,
    deps,
    shared,
    key,
    etagOfPost(shown),
    async () => eventWithJsonLd(shown, deps.settings, scope.addresses, await renderingOnce()),
    () => eventText(deps, scope, shown, renderingOnce()),
  );
}

/**
 * The event's text for the kept bytes (singleEventJson.ts), the one renderer of this route and of first reads
 * answered before Koa (firstItemReads.ts); undefined when it or an item it shows is locked for the request. In the
 * calling turn when the read model answers in it (linkedRendering).
 */
export function eventText(
  deps: EventReadDeps,
  scope: Scope,
  shown: EventDocument,
  rendering: PageRendering | Promise<PageRendering>,
  keepOwn = true,
): JsonText | undefined | Promise<JsonText | undefined> {
  const text = (done: PageRendering) =>
    singleEventText(shown, {
      settings: deps.settings,
      scope,
      rendering: done,
      fragments: deps.fragments.of(scope.addresses),
      single: deps.singleFragments.of(scope.addresses),
      keepOwn,
    });
  return rendering instanceof Promise ? rendering.then(text) : text(rendering);
}

/** One page of GET /events rendered to its JSON body, for the shared page memo to keep. */
async function renderEventPage(deps: EventReadDeps, scope: Scope, request: EventListRequest): Promise<AnsweredPage> {
  const { settings, readStore } = deps;
  const page = request.alwaysEmpty ? { items: [], total: 0 } : await readStore.events.list(request.query);
  if (page.items.length === 0 && request.page > 1) throw simpleError(404, 'event-archive-page-not-found');
  const totalPages = totalPagesOf(page.total, request.perPage);
  const links = pageLinks(`${scope.addresses.apiRoot}/events/`, request.pairs, request.page, totalPages);
  const rendering = await linkedRendering(deps, scope, page.items);
  const context = { settings, scope, rendering, fragments: deps.fragments.of(scope.addresses) };
  const out = listText(
    'events',
    page.items,
    (text, doc) => writeEventJson(text, doc, context),
    envelopeKeys(links, page.total, totalPages),
  );
  return { total: page.total, totalPages, links, body: Buffer.from(await renderJsonText(out, deps, scope.caller)) };
}

export function registerEventReads(router: Router, deps: EventReadDeps): void {
  const { settings, readStore } = deps;

  router.get('/events', async (ctx: Context) => {
    ctx.set('Allow', collectionAllow(ctx.state.caller));
    const { scope, request } = await checkedEventListRequest(ctx, deps);
    await answerListPage(ctx, deps.memo, 'event pages', anonymousPageKey(scope, request), () =>
      renderEventPage(deps, scope, request),
    );
    linkEventFeed(ctx, scope.addresses.apiRoot);
  });

  router.get('/events/by-slug/:slug', async (ctx: Context) => {
    const slug = ctx.params.slug as string;
    const checked = checkArgs(ctx, settings, eventBySlugReadArgs, { slug });
    const shared = sharedItemsOf(deps.memo, 'event');
    const doc = await eventBySlug(deps, checked.scope.language, slug);
    setPostAllow(ctx, checked.scope.caller, doc);
    if (!doc) checked.validation.invalid('slug', reason('unknown-slug'));
    const asOf = readAsOf(checked, settings.timeZone, deps.clock(), deps.zones);
    checked.validation.throwIfAny();
    if (!doc) throw invalidParams([{ name: 'slug', reason: reason('unknown-slug') }]);
    await answerEvent(deps, ctx, shared, doc, checked.scope, asOf, () =>
      invalidParams([{ name: 'slug', reason: reason('unknown-slug') }]),
    );
  });

  router.get('/events/:id', async (ctx: Context) => {
    const id = pathId(ctx.params.id);
    if (id === undefined) throw noRoute();
    const shared = sharedItemsOf(deps.memo, 'event');
    const now = readStore.readsNow;
    const doc = now ? now.events.get(id) : await readStore.events.get(id);
    setPostAllow(ctx, ctx.state.caller, doc);
    const checked = checkArgs(ctx, settings, eventReadArgs, { id: String(id) });
    const asOf = readAsOf(checked, settings.timeZone, deps.clock(), deps.zones);
    checked.validation.throwIfAny();
    if (!doc) return assertEventId(deps, id);
    await answerEvent(deps, ctx, shared, doc, checked.scope, asOf, () => simpleError(404, 'rest-event-not-found', id));
  });
}
