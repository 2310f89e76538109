// What the term routes share: the taxonomy's arguments and collection, who may write terms (docs/api.md §3.2), ETags.
import type { Context } from 'koa';
import type { Taxonomy } from '../../../events/catalogue/terms.ts';
import type { TermCollection } from '../../../projections/terms/termCollection.ts';
import type { Caller } from '../../auth/caller.ts';
import type { ArgSpec } from '../../params/argSpec.ts';
import type { ReadStore } from '../../../projections/readStore.ts';
import type { Scope } from '../../requestScope.ts';
import {
  categoryCreateArgs,
  categoryDeleteArgs,
  categoryListArgs,
  categoryReadArgs,
  categoryUpdateArgs,
  tagCreateArgs,
  tagDeleteArgs,
  tagListArgs,
  tagReadArgs,
  tagUpdateArgs,
} from '../catalogue/index.ts';

/**
 * The terms an event is linked to as this caller may see them (none when it may not), or `no-such-event`; supplied by
 * the composition (events own the links).
 */
export type TermsOfEvent = (
  eventId: number,
  scope: Scope,
) => Promise<{ categories: number[]; tags: number[] } | 'no-such-event'>;

export interface TaxonomyRoutes {
  readonly taxonomy: Taxonomy;
  /** `categories` / `tags`: the path segment and the list envelope key. */
  readonly plural: 'categories' | 'tags';
  readonly args: {
    readonly list: readonly ArgSpec[];
    readonly create: readonly ArgSpec[];
    readonly read: readonly ArgSpec[];
    readonly update: readonly ArgSpec[];
    readonly remove: readonly ArgSpec[];
  };
  readonly collection: (readStore: ReadStore) => TermCollection;
}

export const taxonomyRoutes: readonly TaxonomyRoutes[] = [
  {
    taxonomy: 'category',
    plural: 'categories',
    args: {
      list: categoryListArgs,
      create: categoryCreateArgs,
      read: categoryReadArgs,
      update: categoryUpdateArgs,
      remove: categoryDeleteArgs,
    },
    collection: (readStore) => readStore.categories,
  },
  {
    taxonomy: 'tag',
    plural: 'tags',
    args: { list: tagListArgs, create: tagCreateArgs, read: tagReadArgs, update: tagUpdateArgs, remove: tagDeleteArgs },
    collection: (readStore) => readStore.tags,
  },
];

/** Categories: administrators, editors and authors; tags: administrators and editors only. */
export function canManageTerms(caller: Caller, taxonomy: Taxonomy): boolean {
  if (caller.kind !== 'user') return false;
  return (
    caller.role === 'administrator' || caller.role === 'editor' || (taxonomy === 'category' && caller.role === 'author')
  );
}

/** `Allow` in the order of docs/api.md §1.1; the same rule for every term, so item routes need not look the term up. */
export function setTermAllow(ctx: Context, taxonomy: Taxonomy, route: 'collection' | 'item'): void {
  const writes = route === 'collection' ? ['POST'] : ['POST', 'PUT', 'PATCH', 'DELETE'];
  ctx.set('Allow', ['GET', ...(canManageTerms(ctx.state.caller as Caller, taxonomy) ? writes : [])].join(', '));
}

export const termEtag = (revision: number | bigint): string => `W/"${revision}"`;
