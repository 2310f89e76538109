// The path parameters an item route's checks see (docs/api.md §2, step 3): the id or slug that addresses the item.
import type { Context } from 'koa';
import { noRoute } from '../errors/wireError.ts';
import { pathId } from './events/eventAccess.ts';

/** A path whose id is not a digits-only id is no route (404), before any check. */
export const idPath = (ctx: Context): Record<string, string> => {
  const id = pathId(ctx.params.id);
  if (id === undefined) throw noRoute();
  return { id: String(id) };
};

export const slugPath = (ctx: Context): Record<string, string> => ({ slug: ctx.params.slug as string });

/** The path only locates the item: on a by-slug update a `slug` sent in the body is the new slug (§10.1). */
export const noPath = (): Record<string, string> => ({});
