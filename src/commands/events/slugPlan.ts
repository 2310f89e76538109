// Which slug a post-like item (event, venue, organizer) gets after a write, per docs/api.md §4.7 "Slugs".
import { slugify } from '../../domain/slug.ts';
import type { PostStatus } from '../../events/catalogue/values.ts';

export type SlugPlan =
  /** The slug stays as it is. */
  | { readonly kind: 'keep' }
  /** Set without reservation (drafts and pending items need not be unique). */
  | { readonly kind: 'set'; readonly slug: string; readonly release?: string }
  /** Reserve `base` (or the next free suffix), then release the slug held before, if any. */
  | { readonly kind: 'reserve'; readonly base: string; readonly release?: string };

/** Statuses whose slugs are unique and reserved. */
export const holdsReservedSlug = (status: PostStatus): boolean =>
  status === 'publish' || status === 'future' || status === 'private';

const trashedSuffix = '__trashed';
const untrashed = (slug: string): string =>
  slug.endsWith(trashedSuffix) ? slug.slice(0, -trashedSuffix.length) : slug;

export interface SlugSituation {
  readonly before?: { readonly status: PostStatus; readonly slug: string };
  readonly afterStatus: PostStatus;
  /** The explicit slug of the request, already normalised. */
  readonly requested?: string;
  readonly title: string;
  readonly id: number;
}

export function planSlug(s: SlugSituation): SlugPlan {
  const held = s.before && holdsReservedSlug(s.before.status) && s.before.slug !== '' ? s.before.slug : undefined;
  if (s.afterStatus === 'trash') return { kind: 'keep' };
  if (!holdsReservedSlug(s.afterStatus)) {
    // Leaving the trash for draft/pending restores the slug without its `__trashed` suffix.
    const wanted = s.requested ?? (s.before?.status === 'trash' ? untrashed(s.before.slug) : undefined);
    if (wanted === undefined || wanted === s.before?.slug) return { kind: 'keep' };
    return { kind: 'set', slug: wanted, ...(held && held !== wanted ? { release: held } : {}) };
  }
  const base = s.requested ?? held ?? (untrashed(s.before?.slug ?? '') || slugify(s.title) || String(s.id));
  if (base === held) return { kind: 'keep' };
  return { kind: 'reserve', base, ...(held ? { release: held } : {}) };
}
