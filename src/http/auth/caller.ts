// Who is calling, and what the role table of docs/api.md §3.2 lets them do with events.
import type { Role } from '../../events/catalogue/users.ts';
import type { PostStatus } from '../../events/catalogue/values.ts';

export type Caller =
  { readonly kind: 'anonymous' } | { readonly kind: 'user'; readonly id: number; readonly role: Role };

export const anonymous: Caller = { kind: 'anonymous' };

const creators: ReadonlySet<Role> = new Set(['administrator', 'editor', 'author', 'contributor']);

export const isAuthenticated = (caller: Caller): boolean => caller.kind === 'user';

/** May create events, venues and organizers, and sees non-published items in lists. */
export const canCreatePosts = (caller: Caller): boolean => caller.kind === 'user' && creators.has(caller.role);

/** Contributors' statuses are scaled down (docs/api.md §3.3). */
export const isContributor = (caller: Caller): boolean => caller.kind === 'user' && caller.role === 'contributor';

/**
 * Whom an item the caller creates is credited to, and the status it gets when none is sent: a contributor's items
 * start as drafts (docs/api.md §3.3). Anonymous callers cannot create; `'0'` is the reference's "no author".
 */
export const authorOf = (caller: Caller): { readonly author: string; readonly status: 'draft' | 'publish' } => ({
  author: caller.kind === 'user' ? String(caller.id) : '0',
  status: isContributor(caller) ? 'draft' : 'publish',
});

export interface OwnedPost {
  readonly author: string;
  readonly status: PostStatus;
  /** A trashed item is edited under the rules of the status it had before (docs/api.md §3.2). */
  readonly statusBeforeTrash?: PostStatus | null;
}

/** May edit other authors' items, and so credit an item to another user (docs/api.md §3.2). */
export const canEditOthersPosts = (caller: Caller): boolean =>
  caller.kind === 'user' && (caller.role === 'administrator' || caller.role === 'editor');

export function canEditPost(caller: Caller, item: OwnedPost): boolean {
  if (caller.kind !== 'user') return false;
  const post = item.status === 'trash' && item.statusBeforeTrash ? { ...item, status: item.statusBeforeTrash } : item;
  switch (caller.role) {
    case 'administrator':
    case 'editor':
      return true;
    case 'author':
      return post.author === String(caller.id);
    case 'contributor':
      return post.author === String(caller.id) && post.status !== 'publish' && post.status !== 'future';
    case 'subscriber':
      return false;
  }
}

/** Published items are public; others are readable by their editors, and `private` ones by their author too. */
export function canReadPost(caller: Caller, post: OwnedPost): boolean {
  if (post.status === 'publish') return true;
  if (canEditPost(caller, post)) return true;
  return caller.kind === 'user' && post.author === String(caller.id) && post.status === 'private';
}
