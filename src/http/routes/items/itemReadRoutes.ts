// GET /venues/{id}, /venues/by-slug/{slug} and the organizer forms (wire.md §9).
import type Router from '@koa/router';
import type { Context } from 'koa';
import type { ItemDocument } from '../../../projections/posts/itemDocument.ts';
import { checkArgs } from '../../endpoint.ts';
import { noRoute } from '../../errors/wireError.ts';
import type { HttpServices } from '../../services.ts';
import { pathId } from '../events/eventAccess.ts';
import { assertItemReadable, renderItem } from './itemAccess.ts';
import { etagOfPost, preferredBySlug, setPostAllow } from '../../auth/postAccess.ts';
import type { ItemRouteKind } from './itemRouteKind.ts';

export function registerItemReads<D extends ItemDocument>(router: Router, services: HttpServices, kind: ItemRouteKind<D>): void {
  const { settings } = services;
  const collection = () => kind.collection(services.readStore);

  const answer = (ctx: Context, doc: D, scope: Parameters<typeof renderItem>[3]) => {
    assertItemReadable(kind.singular, doc, scope);
    ctx.set('ETag', etagOfPost(doc));
    ctx.body = renderItem(kind, doc, settings, scope, true);
  };

  router.get(`/${kind.plural}/by-slug/:slug`, async (ctx: Context) => {
    const slug = ctx.params.slug as string;
    const checked = checkArgs(ctx, settings, kind.args.bySlugRead, { slug });
    const doc = preferredBySlug(await collection().bySlug(checked.scope.language, slug));
    setPostAllow(ctx, checked.scope.caller, doc);
    if (!doc) checked.validation.invalid('slug');
    checked.validation.throwIfAny();
    answer(ctx, doc as D, checked.scope);
  });

  router.get(`/${kind.plural}/:id`, async (ctx: Context) => {
    const id = pathId(ctx.params.id);
    if (id === undefined) throw noRoute();
    const doc = await collection().get(id);
    setPostAllow(ctx, ctx.state.caller, doc);
    const checked = checkArgs(ctx, settings, kind.args.read, { id: String(id) });
    // An id naming no item of this kind is a validation failure (wire.md §2), before any permission check.
    if (!doc) checked.validation.invalid('id');
    checked.validation.throwIfAny();
    answer(ctx, doc as D, checked.scope);
  });
}
