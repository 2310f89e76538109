// Turns validated GET /categories and /tags parameters into a TermListQuery and the paging links (docs/api.md §5.3,
// §8).
import { reason } from '../../../commands/errors.ts';
import type { Taxonomy } from '../../../events/catalogue/terms.ts';
import type { TermCollection, TermListQuery, TermOrderBy } from '../../../projections/terms/termCollection.ts';
import type { Checked } from '../../endpoint.ts';
import { formEncode, type ListRequest, type PageLinks, pagingOf } from '../../representation/listEnvelope.ts';
import type { TermsOfEvent } from './termAccess.ts';

const orderByValues: ReadonlySet<string> = new Set<TermOrderBy>([
  'id',
  'name',
  'slug',
  'count',
  'description',
  'term_group',
  'include',
  'include_slugs',
]);

export type TermListRequest = ListRequest<TermListQuery>;

export interface TermListContext {
  readonly taxonomy: Taxonomy;
  readonly collection: TermCollection;
  readonly termsOfEvent: TermsOfEvent;
}

/** Adds context-dependent failures to `checked.validation`; the caller throws them before using the result. */
export async function readTermListRequest(checked: Checked, ctx: TermListContext): Promise<TermListRequest> {
  const { args, scope, validation } = checked;
  const v = args.values;
  const { page, perPage } = pagingOf(v);

  const existing = async (name: string, ids: readonly number[] | undefined) => {
    if (!ids) return;
    for (const id of ids) {
      if (!(await ctx.collection.get(id)))
        return validation.invalid(name, reason(name === 'parent' ? 'unknown-category' : `unknown-${ctx.taxonomy}`));
    }
  };
  const include = v.include as number[] | undefined;
  const exclude = v.exclude as number[] | undefined;
  await existing('exclude', exclude);
  await existing('include', include);

  const parent = v.parent as number | undefined;
  if (parent !== undefined && parent !== 0) await existing('parent', [parent]);

  // `event` wins over `post` when both are given; each one sent must name an event.
  let onlyIds: number[] | undefined;
  for (const name of ['post', 'event'] as const) {
    const eventId = v[name];
    if (typeof eventId !== 'number') continue;
    const linked = await ctx.termsOfEvent(eventId, scope);
    if (linked === 'no-such-event') validation.invalid(name, reason('unknown-event'));
    else onlyIds = ctx.taxonomy === 'category' ? linked.categories : linked.tags;
  }

  const order = typeof v.order === 'string' && v.order.toLowerCase() === 'desc' ? 'desc' : 'asc';
  const orderBy = typeof v.orderby === 'string' && orderByValues.has(v.orderby) ? (v.orderby as TermOrderBy) : 'name';
  const query: TermListQuery = {
    language: scope.language,
    ...(typeof v.search === 'string' ? { search: v.search.toLowerCase() } : {}),
    ...(include ? { include } : {}),
    ...(exclude ? { exclude } : {}),
    ...(parent !== undefined && ctx.taxonomy === 'category' ? { parent } : {}),
    ...(onlyIds ? { onlyIds } : {}),
    ...(typeof v.slug === 'string' ? { slug: v.slug } : {}),
    hideEmpty: v.hide_empty !== false,
    orderBy,
    order,
    offset: (page - 1) * perPage,
    limit: perPage,
  };
  return { query, page, perPage };
}

/**
 * `rest_url` is the bare collection address; next/previous repeat the request's own query pairs in the order
 * received, without `page` and `i18n_language`, form-encoded, then the new page (none for page 1). A later page
 * past the end still links back.
 */
export function termPageLinks(collectionUrl: string, querystring: string, page: number, totalPages: number): PageLinks {
  const kept = [...new URLSearchParams(querystring)]
    .filter(([name]) => !['page', 'i18n_language'].includes(name.replace(/\[\]$/, '')))
    .map(([name, value]) => `${formEncode(name)}=${formEncode(value)}`);
  const link = (target: number) => {
    const pairs = target > 1 ? [...kept, `page=${target}`] : kept;
    return pairs.length > 0 ? `${collectionUrl}?${pairs.join('&')}` : collectionUrl;
  };
  return {
    restUrl: collectionUrl,
    ...(page < totalPages ? { next: link(page + 1) } : {}),
    ...(page > 1 ? { previous: link(page - 1) } : {}),
  };
}
