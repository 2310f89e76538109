// GET /venues/{id}, /venues/by-slug/{slug} and the organizer forms (docs/api.md §9), also as of a past point (`as_of`).
import { reason } from '../../../commands/errors.ts';
import type Router from '@koa/router';
import type { Context } from 'koa';
import type { ItemDocument } from '../../../projections/posts/itemDocument.ts';
import type { GlobalPoint } from '../../../projections/history/foldPoint.ts';
import { checkArgs } from '../../endpoint.ts';
import { invalidParams, noRoute } from '../../errors/wireError.ts';
import type { Scope } from '../../requestScope.ts';
import type { HttpParts } from '../../services.ts';
import { pathId } from '../events/eventAccess.ts';
import { assertItemReadable, renderItem } from './itemAccess.ts';
import { etagOfPost, isLockedPost, itemsBySlug, preferredBySlug, setPostAllow } from '../../auth/postAccess.ts';
import { singleItemText } from '../events/singleEventJson.ts';
import { answerItem, sharedItemsOf, type SharedItems } from '../../representation/sharedItems.ts';
import { anonymousPageKey } from '../../representation/sharedPages.ts';
import type { JsonText } from '../../representation/jsonText.ts';
import type { ItemRouteKind } from './itemRouteKind.ts';
import { readAsOf } from '../history/asOfParam.ts';
import { readablePastItem, renderPastItem } from '../history/pastReads.ts';
import { chargeCostlyRead } from '../../costs/chargeCostlyRead.ts';

/** Single venue and organizer reads: the read model, and past folds for `as_of`. */
export type ItemReadDeps = Pick<
  HttpParts,
  'settings' | 'clock' | 'readStore' | 'memo' | 'costlyReads' | 'pastFolds' | 'zones' | 'singleFragments'
>;

/**
 * The answer of a single read: with `as_of`, the item as it was then (an item that did not exist yet is unknown, like a
 * wrong id or slug); else the item as it stands. `shared` was taken before `doc` was read.
 */
function answerItemRead<D extends ItemDocument>(deps: ItemReadDeps, kind: ItemRouteKind<D>) {
  const { settings } = deps;
  return async (
    ctx: Context,
    shared: SharedItems,
    doc: D,
    scope: Scope,
    asOf: GlobalPoint | undefined,
    unknownName: 'id' | 'slug',
  ): Promise<void> => {
    if (asOf) {
      chargeCostlyRead(deps.costlyReads, ctx);
      const past = await readablePastItem(kind, deps.pastFolds, doc, scope, asOf, () =>
        invalidParams([
          { name: unknownName, reason: reason(unknownName === 'slug' ? 'unknown-slug' : `unknown-${kind.singular}`) },
        ]),
      );
      ctx.set('ETag', etagOfPost(past));
      ctx.body = renderPastItem(kind, doc, past, settings, scope);
      return;
    }
    assertItemReadable(kind.singular, doc, scope);
    const key = anonymousPageKey(scope, [kind.singular, scope.language, doc.id]);
    const render = () => renderItem(kind, doc, settings, scope, true);
    await answerItem(ctx, deps, shared, key, etagOfPost(doc), render, () => itemText(deps, kind, doc, scope));
  };
}

/**
 * The item's text for the kept bytes, the one renderer of this route and of first reads answered before Koa
 * (firstItemReads.ts): the text its events embed; undefined when it is locked for the request (the object path
 * blanks it).
 */
export function itemText<D extends ItemDocument>(
  deps: ItemReadDeps,
  kind: ItemRouteKind<D>,
  doc: D,
  scope: Scope,
): JsonText | undefined {
  if (isLockedPost(doc, scope)) return undefined;
  const render = () => renderItem(kind, doc, deps.settings, scope, true);
  return singleItemText(kind.singular, doc, render, deps.singleFragments.of(scope.addresses));
}

export function registerItemReads<D extends ItemDocument>(
  router: Router,
  deps: ItemReadDeps,
  kind: ItemRouteKind<D>,
): void {
  const { settings } = deps;
  const collection = () => kind.collection(deps.readStore);

  const answer = answerItemRead(deps, kind);

  router.get(`/${kind.plural}/by-slug/:slug`, async (ctx: Context) => {
    const slug = ctx.params.slug as string;
    const checked = checkArgs(ctx, settings, kind.args.bySlugRead, { slug });
    const shared = sharedItemsOf(deps.memo, kind.singular);
    const doc = preferredBySlug(await itemsBySlug((sent) => collection().bySlug(checked.scope.language, sent), slug));
    setPostAllow(ctx, checked.scope.caller, doc);
    if (!doc) checked.validation.invalid('slug', reason('unknown-slug'));
    const asOf = readAsOf(checked, settings.timeZone, deps.clock(), deps.zones);
    checked.validation.throwIfAny();
    await answer(ctx, shared, doc as D, checked.scope, asOf, 'slug');
  });

  router.get(`/${kind.plural}/:id`, async (ctx: Context) => {
    const id = pathId(ctx.params.id);
    if (id === undefined) throw noRoute();
    const shared = sharedItemsOf(deps.memo, kind.singular);
    const doc = await collection().get(id);
    setPostAllow(ctx, ctx.state.caller, doc);
    const checked = checkArgs(ctx, settings, kind.args.read, { id: String(id) });
    // An id naming no item of this kind is a validation failure (docs/api.md §2), before any permission check.
    if (!doc) checked.validation.invalid('id', reason(`unknown-${kind.singular}`));
    const asOf = readAsOf(checked, settings.timeZone, deps.clock(), deps.zones);
    checked.validation.throwIfAny();
    await answer(ctx, shared, doc as D, checked.scope, asOf, 'id');
  });
}
