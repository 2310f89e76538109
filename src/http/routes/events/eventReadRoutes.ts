// GET /events, GET /events/{id} and GET /events/by-slug/{slug}.
import type Router from '@koa/router';
import type { Context } from 'koa';
import { checkArgs } from '../../endpoint.ts';
import { invalidParams, noRoute, simpleError } from '../../errors/wireError.ts';
import { eventRepresentation, eventWithJsonLd } from '../../representation/eventRepresentation.ts';
import { pageLinks, setListHeaders, totalPagesOf } from '../../representation/listEnvelope.ts';
import type { HttpServices } from '../../services.ts';
import { eventBySlugReadArgs, eventListArgs, eventReadArgs } from '../catalogue/index.ts';
import { assertEventId, assertReadable, eventBySlug, pathId } from './eventAccess.ts';
import { collectionAllow, etagOfPost, isLockedPost, setPostAllow } from '../../auth/postAccess.ts';
import { blankProtected } from '../../representation/blanking.ts';
import { readEventListRequest } from './eventListRequest.ts';
import { linkedRendering } from './eventRendering.ts';

export function registerEventReads(router: Router, services: HttpServices): void {
  const { settings, readStore } = services;

  router.get('/events', async (ctx: Context) => {
    ctx.set('Allow', collectionAllow(ctx.state.caller));
    const checked = checkArgs(ctx, settings, eventListArgs);
    const request = await readEventListRequest(checked, {
      now: services.clock(),
      siteZone: settings.timeZone,
      extendedAddOn: settings.extendedAddOn,
      readStore,
    });
    checked.validation.throwIfAny();
    const { scope } = checked;
    const page = request.alwaysEmpty ? { items: [], total: 0 } : await readStore.events.list(request.query);
    if (page.items.length === 0 && request.page > 1) throw simpleError(404, 'event-archive-page-not-found');
    const totalPages = totalPagesOf(page.total, request.perPage);
    const links = pageLinks(`${scope.addresses.apiRoot}/events/`, request.pairs, request.page, totalPages);
    setListHeaders(ctx, page.total, totalPages, links);
    const linked = await linkedRendering(services, scope, page.items);
    ctx.body = {
      events: page.items.map((doc) => {
        const wire = eventRepresentation(doc, settings, scope.addresses, linked);
        return isLockedPost(doc, scope) ? blankProtected(wire) : wire;
      }),
      rest_url: links.restUrl,
      ...(links.next ? { next_rest_url: links.next } : {}),
      ...(links.previous ? { previous_rest_url: links.previous } : {}),
      total: page.total,
      total_pages: totalPages,
    };
  });

  router.get('/events/by-slug/:slug', async (ctx: Context) => {
    const slug = ctx.params.slug as string;
    const checked = checkArgs(ctx, settings, eventBySlugReadArgs, { slug });
    const doc = await eventBySlug(services, checked.scope.language, slug);
    setPostAllow(ctx, checked.scope.caller, doc);
    if (!doc) checked.validation.invalid('slug');
    checked.validation.throwIfAny();
    if (!doc) throw invalidParams([{ name: 'slug' }]);
    assertReadable(doc, checked.scope);
    ctx.set('ETag', etagOfPost(doc));
    ctx.body = eventWithJsonLd(doc, settings, checked.scope.addresses, await linkedRendering(services, checked.scope, [doc]));
  });

  router.get('/events/:id', async (ctx: Context) => {
    const id = pathId(ctx.params.id);
    if (id === undefined) throw noRoute();
    const doc = await readStore.events.get(id);
    setPostAllow(ctx, ctx.state.caller, doc);
    const checked = checkArgs(ctx, settings, eventReadArgs, { id: String(id) });
    checked.validation.throwIfAny();
    if (!doc) return assertEventId(services, id);
    assertReadable(doc, checked.scope);
    ctx.set('ETag', etagOfPost(doc));
    ctx.body = eventWithJsonLd(doc, settings, checked.scope.addresses, await linkedRendering(services, checked.scope, [doc]));
  });
}
