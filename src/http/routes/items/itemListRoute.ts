// GET /venues and GET /organizers (docs/api.md §5, §7): paging, search, status and the event-linked filters.
import { reason } from '../../../commands/errors.ts';
import type Router from '@koa/router';
import type { Context, Middleware } from 'koa';
import type { PostListQuery } from '../../../projections/postListQuery.ts';
import type { ItemDocument } from '../../../projections/posts/itemDocument.ts';
import { canCreatePosts } from '../../auth/caller.ts';
import { listLocks } from '../../auth/listLocks.ts';
import { checkArgs, type Checked } from '../../endpoint.ts';
import { readStatusFilter } from '../statusFilter.ts';
import { simpleError } from '../../errors/wireError.ts';
import type { MessageKey } from '../../errors/messages.ts';
import { envelopeKeys, pageLinks, totalPagesOf, pagingOf } from '../../representation/listEnvelope.ts';
import { answerListPage, anonymousPageKey } from '../../representation/sharedPages.ts';
import { listText, type JsonText } from '../../representation/jsonText.ts';
import { renderJsonText, type TranslationFillDeps } from '../../middleware/translationFill.ts';
import { writeItemJson } from '../events/eventJson.ts';
import type { HttpParts } from '../../services.ts';
import type { Scope } from '../../requestScope.ts';
import { renderItem } from './itemAccess.ts';
import { collectionAllow, isLockedPost } from '../../auth/postAccess.ts';
import type { ItemRouteKind } from './itemRouteKind.ts';

/** The event-linked filters of §7, answered from the event read model for one kind (venues or organizers). */
export interface LinkFilters {
  /** Ids linked to this event as this caller may see them (none when it may not), or `'no-such-event'`. */
  forEvent(eventId: number, scope: Scope): Promise<number[] | 'no-such-event'>;
  /** Ids linked to at least one `publish`, `future` or `private` event. */
  withEvents(): Promise<number[]>;
  /** Ids linked to at least one event visible to the caller that starts at or after `now`. */
  withUpcoming(now: Date, canSeeNonPublished: boolean): Promise<number[]>;
}

const intersect = (a: readonly number[] | undefined, b: readonly number[]): number[] =>
  a === undefined ? [...b] : a.filter((id) => b.includes(id));

/** Venue and organizer lists: the read model, its memo (shared pages, translations) and rendered fragments. */
export type ItemListDeps = TranslationFillDeps & Pick<HttpParts, 'settings' | 'clock' | 'readStore' | 'fragments'>;

/** A venue or organizer list's query and `rest_url` pairs; failures go to `checked.validation`. */
async function readItemListRequest(checked: Checked, links: LinkFilters, deps: Pick<HttpParts, 'clock'>) {
  const { args, scope, validation } = checked;
  const v = args.values;
  const { page, perPage } = pagingOf(v);
  const pairs: [string, string][] = [
    ['page', String(page)],
    ['per_page', String(perPage)],
  ];
  const searchTerms = typeof v.search === 'string' ? [v.search.toLowerCase()] : undefined;
  if (typeof v.search === 'string') pairs.push(['search', v.search]);

  let onlyIds: number[] | undefined;
  let exceptIds: number[] | undefined;
  if (typeof v.event === 'number') {
    const linked = await links.forEvent(v.event, scope);
    if (linked === 'no-such-event') validation.invalid('event', reason('unknown-event'));
    else onlyIds = linked;
    pairs.push(['event', String(v.event)]);
  }
  if (typeof v.has_events === 'boolean') {
    const withEvents = await links.withEvents();
    if (v.has_events) onlyIds = intersect(onlyIds, withEvents);
    else exceptIds = withEvents;
    pairs.push(['has_events', v.has_events ? '1' : '0']);
  }
  if (typeof v.only_with_upcoming === 'boolean') {
    if (v.only_with_upcoming)
      onlyIds = intersect(onlyIds, await links.withUpcoming(deps.clock(), canCreatePosts(scope.caller)));
    pairs.push(['only_with_upcoming', v.only_with_upcoming ? '1' : '0']);
  }
  const { statuses, shown } = readStatusFilter(checked);
  pairs.push(['status', shown]);
  const query: PostListQuery = {
    language: scope.language,
    statuses,
    ...(searchTerms ? { searchTerms } : {}),
    ...(onlyIds ? { onlyIds } : {}),
    ...(exceptIds ? { exceptIds } : {}),
    offset: (page - 1) * perPage,
    limit: perPage,
  };
  return { query, pairs, page, perPage };
}

/** GET /venues, /organizers (docs/api.md §7). */
export function listItemsRoute<D extends ItemDocument>(
  kind: ItemRouteKind<D>,
  deps: ItemListDeps,
  links: LinkFilters,
): Middleware {
  const { settings } = deps;
  return async (ctx: Context) => {
    ctx.set('Allow', collectionAllow(ctx.state.caller));
    const checked = checkArgs(ctx, settings, kind.args.list);
    const { scope } = checked;
    const request = await readItemListRequest(checked, links, deps);
    checked.validation.throwIfAny();
    const { pairs, page, perPage } = request;
    let { query } = request;
    // A search reads what blanking hides: protected items this request cannot unlock match none (docs/api.md §7, §12).
    const locks = query.searchTerms
      ? await listLocks(
          scope,
          async (limit) =>
            (await kind.collection(deps.readStore).list({ ...query, onlyProtected: true, offset: 0, limit })).items,
        )
      : undefined;
    if (locks) query = { ...query, locks };
    await answerListPage(ctx, deps.memo, `${kind.plural} pages`, anonymousPageKey(scope, [query, pairs]), async () => {
      const found = await kind.collection(deps.readStore).list(query);
      if (found.items.length === 0 && page > 1)
        throw simpleError(404, `${kind.singular}-archive-page-not-found` as MessageKey);
      const totalPages = totalPagesOf(found.total, perPage);
      const links = pageLinks(`${scope.addresses.apiRoot}/${kind.plural}/`, pairs, page, totalPages);
      const fragments = deps.fragments.of(scope.addresses);
      const write = (out: JsonText, doc: D) =>
        writeItemJson(
          out,
          kind.singular,
          doc,
          isLockedPost(doc, scope),
          () => renderItem(kind, doc, settings, scope, false),
          fragments,
        );
      const out = listText(kind.plural, found.items, write, envelopeKeys(links, found.total, totalPages));
      return {
        total: found.total,
        totalPages,
        links,
        body: Buffer.from(await renderJsonText(out, deps, scope.caller)),
      };
    });
  };
}

export function registerItemList<D extends ItemDocument>(
  router: Router,
  deps: ItemListDeps,
  kind: ItemRouteKind<D>,
  links: LinkFilters,
): void {
  router.get(`/${kind.plural}`, listItemsRoute(kind, deps, links));
}
