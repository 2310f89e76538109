// GET /{events|venues|organizers|categories|tags}/{id}/history: a resource's domain events with the changes each made.
// A service extension: declared with the service's own routes, not in the route catalogue, so the index and `/doc` stay
// the reference's; OPTIONS describes it (docs/api.md §19).
import type Router from '@koa/router';
import type { Context } from 'koa';
import { eventStreamId } from '../../../events/catalogue/calendarEvents.ts';
import type { EventDocument } from '../../../projections/events/eventDocument.ts';
import { historyOf, type HistoryEntry } from '../../../projections/history/historyEntries.ts';
import { occurrenceHistory } from '../../../projections/history/occurrenceHistory.ts';
import { chargeCostlyRead } from '../../costs/chargeCostlyRead.ts';
import { historyEntryJson } from '../../../projections/history/historyJson.ts';
import { checkArgs } from '../../endpoint.ts';
import { noRoute } from '../../errors/wireError.ts';
import { pageLinks, pagingOf, setListHeaders, totalPagesOf } from '../../representation/listEnvelope.ts';
import type { HttpParts } from '../../services.ts';
import { historyArgs } from '../catalogue/extensions.ts';
import { pathId } from '../events/eventAccess.ts';
import { historyResources, type HistoryResource } from './historyResources.ts';

/** History reads are folded from the store's streams (remembered), charged to the caller's costly reads. */
export type HistoryDeps = Pick<
  HttpParts,
  'settings' | 'costlyReads' | 'pastFolds' | 'writes' | 'folding' | 'historyKinds' | 'readStore'
>;

export function registerHistoryRoutes(router: Router, deps: HistoryDeps): void {
  for (const resource of historyResources(deps.folding))
    router.get(`/${resource.plural}/:id/history`, historyOfResource(deps, resource));
}

/** GET /{plural}/{id}/history (docs/api.md §19). */
export function historyOfResource(deps: HistoryDeps, resource: HistoryResource) {
  return async (ctx: Context) => {
    const id = pathId(ctx.params.id);
    if (id === undefined) throw noRoute();
    ctx.set('Allow', 'GET');
    const checked = checkArgs(ctx, deps.settings, historyArgs, { id: String(id) });
    chargeCostlyRead(deps.costlyReads, ctx);
    const streamId = resource.streamOf(id);
    const folds = deps.pastFolds;
    // The state now decides who may read (remembered per revision, so a repeated read folds nothing again).
    const head = await folds.foldAt(streamId, resource.fold, { kind: 'head' });
    // An occurrence has no stream of its own (docs/api.md §20.3): its entries are picked from its series stream.
    const occurrence = head.doc || resource.plural !== 'events' ? undefined : await occurrenceOf(deps, id);
    await resource.admit(deps, checked, id, occurrence ?? head.doc);

    const { page, perPage } = pagingOf(checked.args.values);
    const first = (page - 1) * perPage;
    const { entries, total } = occurrence
      ? await occurrenceHistoryPage(deps, occurrence, first, perPage)
      : await streamHistoryPage(deps, streamId, resource, head.revision, first, perPage);
    const totalPages = totalPagesOf(total, perPage);
    const links = pageLinks(
      `${checked.scope.addresses.apiRoot}/${resource.plural}/${id}/history`,
      [
        ['page', String(page)],
        ['per_page', String(perPage)],
      ],
      page,
      totalPages,
    );
    setListHeaders(ctx, total, totalPages, links);
    // Oldest first; a page past the last is empty rather than an error, as for term lists (docs/api.md §5.2).
    ctx.body = {
      history: entries.map(historyEntryJson),
      total,
      total_pages: totalPages,
    };
  };
}

/** Revisions are dense from 0, so the page is a revision range: only its events and the state before it are read. */
async function streamHistoryPage(
  deps: HistoryDeps,
  streamId: string,
  resource: HistoryResource,
  headRevision: bigint,
  first: number,
  perPage: number,
): Promise<{ entries: HistoryEntry[]; total: number }> {
  const total = Number(headRevision + 1n);
  const count = Math.min(perPage, total - first);
  return { entries: first < total ? await historyPage(deps, streamId, resource, first, count) : [], total };
}

/** The occurrence's entries are a selection of its series stream: the stream is read whole and the page cut out. */
async function occurrenceHistoryPage(
  deps: HistoryDeps,
  occurrence: EventDocument,
  first: number,
  perPage: number,
): Promise<{ entries: HistoryEntry[]; total: number }> {
  const seriesId = occurrence.recurringEventId ?? occurrence.id;
  const events = await deps.pastFolds.store.readStream(eventStreamId(seriesId));
  const all = occurrenceHistory(deps.historyKinds, deps.folding, seriesId, occurrence.id, events);
  return { entries: all.slice(first, first + perPage), total: all.length };
}

/** The read model's document of `id` when it is an occurrence of a series (not the series item itself). */
async function occurrenceOf(deps: HistoryDeps, id: number): Promise<EventDocument | undefined> {
  const doc = await deps.readStore.events.get(id);
  return doc?.recurringEventId !== undefined && doc.recurringEventId !== id ? doc : undefined;
}

/** The entries of revisions first…first+count-1, each with the changes it made to the state before it. */
async function historyPage(
  deps: HistoryDeps,
  streamId: string,
  resource: HistoryResource,
  first: number,
  count: number,
): Promise<HistoryEntry[]> {
  const folds = deps.pastFolds;
  const before = await folds.foldAt(streamId, resource.fold, BigInt(first) - 1n);
  const events = await folds.store.readStream(streamId, { fromRevision: BigInt(first), maxCount: count });
  return historyOf(deps.historyKinds, streamId, events, before.doc);
}
