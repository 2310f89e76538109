// GET /{events|venues|organizers|categories|tags}/{id}/history: a resource's domain events with the changes each made.
// A service extension: its arguments are declared here, not in the route catalogue, so the index stays the
// reference's (`/doc` lists the routes as additions; OPTIONS on these paths answers 404, as for any path the index does not list).
import type Router from '@koa/router';
import type { Context } from 'koa';
import { foldDocument } from '../../../projections/history/documentFold.ts';
import { historyOf } from '../../../projections/history/historyEntries.ts';
import { historyEntryJson } from '../../../projections/history/historyJson.ts';
import { checkArgs } from '../../endpoint.ts';
import { noRoute } from '../../errors/wireError.ts';
import { pageLinks, pagingOf, setListHeaders, totalPagesOf } from '../../representation/listEnvelope.ts';
import type { HttpServices } from '../../services.ts';
import { idPathArg, pageArg, perPageArg, withLanguage } from '../catalogue/routeSpec.ts';
import { pathId } from '../events/eventAccess.ts';
import { historyResources, type HistoryResource } from './historyResources.ts';

const historyArgs = withLanguage(idPathArg('The item ID'), pageArg, perPageArg('history entries'));

export function registerHistoryRoutes(router: Router, services: HttpServices): void {
  for (const resource of historyResources) router.get(`/${resource.plural}/:id/history`, historyOfResource(services, resource));
}

function historyOfResource(services: HttpServices, resource: HistoryResource) {
  return async (ctx: Context) => {
    const id = pathId(ctx.params.id);
    if (id === undefined) throw noRoute();
    ctx.set('Allow', 'GET');
    const checked = checkArgs(ctx, services.settings, historyArgs, { id: String(id) });
    const streamId = resource.streamOf(id);
    const events = await services.writes.store.readStream(streamId);
    await resource.admit(services, checked, id, foldDocument(resource.fold, events));

    const entries = historyOf(streamId, events);
    const { page, perPage } = pagingOf(checked.args.values);
    const totalPages = totalPagesOf(entries.length, perPage);
    const links = pageLinks(`${checked.scope.addresses.apiRoot}/${resource.plural}/${id}/history`, [['page', String(page)], ['per_page', String(perPage)]], page, totalPages);
    setListHeaders(ctx, entries.length, totalPages, links);
    // Oldest first; a page past the last is empty rather than an error, as for term lists (wire.md §5.2).
    ctx.body = {
      history: entries.slice((page - 1) * perPage, page * perPage).map(historyEntryJson),
      total: entries.length,
      total_pages: totalPages,
    };
  };
}
