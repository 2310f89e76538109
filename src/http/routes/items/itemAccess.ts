// Read and edit rules for one venue or organizer (wire.md §3.2, §9, §12), and its wire form for this request.
import type { Context } from 'koa';
import type { ItemDocument } from '../../../projections/posts/itemDocument.ts';
import { sha256 } from '../../../commands/posts/publication.ts';
import { canCreatePosts, canEditPost, canReadPost, type Caller } from '../../auth/caller.ts';
import { simpleError } from '../../errors/wireError.ts';
import type { MessageKey } from '../../errors/messages.ts';
import { paramValue } from '../../params/requestParams.ts';
import type { Scope } from '../../requestScope.ts';
import { blankProtected, type Wire } from '../../representation/blanking.ts';
import type { SiteSettings } from '../../representation/site.ts';
import type { ItemCollectionPort, ItemRouteKind } from './itemRouteKind.ts';

const editMethods = ['DELETE', 'POST', 'PUT', 'PATCH'];

/** `Allow` of an item route: GET, plus the write methods when the caller may edit this item (or create, if none). */
export function setPostAllow(ctx: Context, caller: Caller, doc: ItemDocument | undefined): void {
  const mayEdit = doc ? canEditPost(caller, doc) : canCreatePosts(caller);
  ctx.set('Allow', ['GET', ...(mayEdit ? editMethods : [])].join(', '));
}

export const collectionAllow = (caller: Caller): string => (canCreatePosts(caller) ? 'GET, POST' : 'GET');

/** A protected item is unlocked by its exact password, or by `context=edit` for a caller who may edit it (§12). */
export function isLockedItem(doc: ItemDocument, scope: Scope): boolean {
  if (doc.passwordSha256 === null) return false;
  const password = paramValue(scope.sources, 'password');
  if (typeof password === 'string' && sha256(password) === doc.passwordSha256) return false;
  return !(paramValue(scope.sources, 'context') === 'edit' && canEditPost(scope.caller, doc));
}

/** Among items sharing a slug in the request's language, the published one wins, else the lowest id (§9). */
export async function itemBySlug<D extends ItemDocument>(collection: ItemCollectionPort<D>, language: string, slug: string): Promise<D | undefined> {
  const docs = await collection.bySlug(language, slug);
  return docs.find((d) => d.status === 'publish') ?? [...docs].sort((a, b) => a.id - b.id)[0];
}

/** A non-published item the caller may not read: 403 `venue-not-accessible` / `organizer-not-accessible`. */
export function assertItemReadable(kind: ItemRouteKind<ItemDocument>['singular'], doc: ItemDocument, scope: Scope): void {
  if (!canReadPost(scope.caller, doc)) throw simpleError(403, `${kind}-not-accessible` as MessageKey);
}

/** The item's wire form for this request: blanked while locked, wherever it appears. */
export function renderItem<D extends ItemDocument>(
  kind: ItemRouteKind<D>,
  doc: D,
  settings: SiteSettings,
  scope: Scope,
  withJsonLd: boolean,
): Wire {
  const wire = kind.represent(doc, settings, scope.addresses, withJsonLd);
  return isLockedItem(doc, scope) ? blankProtected(wire) : wire;
}

export const etagOfItem = (doc: ItemDocument): string => `W/"${doc.revision}"`;
