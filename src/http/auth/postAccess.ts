// Rules shared by every post-like item (events, venues, organizers): `Allow`, password locks, slug look-ups, ETags.
import type { Context } from 'koa';
import { paramValue } from '../params/requestParams.ts';
import type { Scope } from '../requestScope.ts';
import { canCreatePosts, canEditPost, type Caller, type OwnedPost } from './caller.ts';
import { slugify } from '../../domain/slug.ts';

export interface LockablePost extends OwnedPost {
  readonly id: number;
  readonly revision: number;
  readonly passwordHash: string | null;
}

const editMethods = ['DELETE', 'POST', 'PUT', 'PATCH'];

/** `Allow` of an item route: GET, plus the write methods when the caller may edit this item (or create, if none). */
export function setPostAllow(ctx: Context, caller: Caller, doc: LockablePost | undefined): void {
  ctx.set('Allow', postAllow(caller, doc));
}

/** The value of `Allow` that `setPostAllow` sets, for answers written without Koa (firstItemReads.ts). */
export function postAllow(caller: Caller, doc: LockablePost | undefined): string {
  const mayEdit = doc ? canEditPost(caller, doc) : canCreatePosts(caller);
  return mayEdit ? `GET, ${editMethods.join(', ')}` : 'GET';
}

export const collectionAllow = (caller: Caller): string => (canCreatePosts(caller) ? 'GET, POST' : 'GET');

/**
 * A protected item is unlocked by `context=edit` for a caller who may edit it, or by its exact password (§12). The
 * editor's way is looked at first, so that an editor's request is never counted as a failed unlock.
 */
export function isLockedPost(doc: LockablePost, scope: Scope): boolean {
  if (doc.passwordHash === null) return false;
  if (paramValue(scope.sources, 'context') === 'edit' && canEditPost(scope.caller, doc)) return false;
  const password = paramValue(scope.sources, 'password');
  return !(typeof password === 'string' && scope.unlocks.unlocks(password, doc.passwordHash));
}

/**
 * The items a by-slug route names: those with the slug as sent, else with the slug it normalises to, so that
 * `by-slug/Café` finds `cafe` and `by-slug/日本` finds `%e6%97%a5%e6%9c%ac` (routes decode the path segment).
 */
export async function itemsBySlug<D>(bySlug: (slug: string) => Promise<D[]>, sent: string): Promise<D[]> {
  const exact = await bySlug(sent);
  if (exact.length > 0) return exact;
  const normalised = slugify(sent);
  return normalised === sent || normalised === '' ? [] : bySlug(normalised);
}

/** Among items sharing a slug, the published one wins, else the lowest id (§9). */
export function preferredBySlug<D extends LockablePost>(docs: readonly D[]): D | undefined {
  return docs.find((d) => d.status === 'publish') ?? [...docs].sort((a, b) => a.id - b.id)[0];
}

export const etagOfPost = (doc: LockablePost): string => `W/"${doc.revision}"`;
