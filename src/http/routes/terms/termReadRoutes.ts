// GET /categories, /tags (docs/api.md §5, §8) and GET /categories/{id}, /tags/{id} (§9), also as of a past point
// (`as_of`).
import { anonymous } from '../../auth/caller.ts';
import { reason } from '../../../commands/errors.ts';
import type Router from '@koa/router';
import type { Context } from 'koa';
import { checkArgs } from '../../endpoint.ts';
import { invalidParams, noRoute } from '../../errors/wireError.ts';
import { totalPagesOf } from '../../representation/listEnvelope.ts';
import { answerListPage, anonymousPageKey } from '../../representation/sharedPages.ts';
import { answerItem, sharedItemsOf } from '../../representation/sharedItems.ts';
import { fillTranslations, type TranslationFillDeps } from '../../middleware/translationFill.ts';
import { termRepresentation, type TermView } from '../../representation/termRepresentation.ts';
import { termViewOf, termViewsOf } from '../../representation/termView.ts';
import type { HttpParts } from '../../services.ts';
import { pathId } from '../events/eventAccess.ts';
import { setTermAllow, termEtag, type TaxonomyRoutes, type TermsOfEvent } from './termAccess.ts';
import { readTermListRequest, termPageLinks } from './termListRequest.ts';
import { readAsOf } from '../history/asOfParam.ts';
import { pastTermView } from '../history/pastReads.ts';
import { chargeCostlyRead } from '../../costs/chargeCostlyRead.ts';

/** Term reads: the read model and its memo (shared pages, translations), and past folds for `as_of`. */
export type TermReadDeps = TranslationFillDeps &
  Pick<HttpParts, 'settings' | 'clock' | 'readStore' | 'costlyReads' | 'pastFolds' | 'zones'>;

export function registerTermReads(
  router: Router,
  deps: TermReadDeps,
  routes: TaxonomyRoutes,
  termsOfEvent: TermsOfEvent,
): void {
  const { settings } = deps;
  const { taxonomy, plural, args } = routes;
  const collection = routes.collection(deps.readStore);

  router.get(`/${plural}`, async (ctx: Context) => {
    setTermAllow(ctx, taxonomy, 'collection');
    const checked = checkArgs(ctx, settings, args.list);
    const request = await readTermListRequest(checked, { taxonomy, collection, termsOfEvent });
    checked.validation.throwIfAny();
    const { addresses } = checked.scope;
    // Terms are public: every caller gets the same page for the same address variant and query.
    const key = JSON.stringify([addresses.apiRoot, ctx.querystring, request]);
    await answerListPage(ctx, deps.memo, `${plural} pages`, key, async () => {
      const page = await collection.list(request.query);
      const totalPages = totalPagesOf(page.total, request.perPage);
      const links = termPageLinks(`${addresses.apiRoot}/${plural}/`, ctx.querystring, request.page, totalPages);
      const views = await termViewsOf(collection, page.items);
      const body = {
        rest_url: links.restUrl,
        total: page.total,
        total_pages: totalPages,
        [plural]: views.map((view) => termRepresentation(view, addresses)),
        ...(links.next ? { next_rest_url: links.next } : {}),
        ...(links.previous ? { previous_rest_url: links.previous } : {}),
      };
      // Terms are public, so their translations are the same for every caller that shares this page.
      await fillTranslations(body, deps, anonymous);
      return { total: page.total, totalPages, links, body: Buffer.from(JSON.stringify(body)) };
    });
  });

  router.get(`/${plural}/:id`, termByIdRoute(deps, routes));
}

/** GET /categories/{id} and /tags/{id}, also as of a past point. */
function termByIdRoute(deps: TermReadDeps, routes: TaxonomyRoutes): (ctx: Context) => Promise<void> {
  const { settings } = deps;
  const { taxonomy, args } = routes;
  const collection = routes.collection(deps.readStore);
  const currentView = async (id: number): Promise<TermView | undefined> => {
    const term = await collection.get(id);
    return term && termViewOf(collection, term);
  };
  return async (ctx: Context) => {
    const id = pathId(ctx.params.id);
    if (id === undefined) throw noRoute();
    setTermAllow(ctx, taxonomy, 'item');
    const checked = checkArgs(ctx, settings, args.read, { id: String(id) });
    const asOf = readAsOf(checked, settings.timeZone, deps.clock(), deps.zones);
    if (asOf) chargeCostlyRead(deps.costlyReads, ctx);
    const shared = sharedItemsOf(deps.memo, taxonomy);
    // As of a past point the term is judged as it was then: one deleted since is still shown (terms are public).
    const view = asOf ? await pastTermView(deps.pastFolds, collection, taxonomy, id, asOf) : await currentView(id);
    if (!view) checked.validation.invalid('id', reason(`unknown-${taxonomy}`));
    checked.validation.throwIfAny();
    if (!view) throw invalidParams([{ name: 'id', reason: reason(`unknown-${taxonomy}`) }]);
    const { scope } = checked;
    const key = asOf ? undefined : anonymousPageKey(scope, [taxonomy, scope.language, id]);
    await answerItem(ctx, deps, shared, key, termEtag(view.doc.revision), () =>
      termRepresentation(view, scope.addresses),
    );
  };
}
