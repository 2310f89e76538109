// The read-model shape venue and organizer documents share, and their listing order (docs/api.md §5.4).
import type { ItemFacts } from '../../events/catalogue/itemFacts.ts';
import type { PostStatus } from '../../events/catalogue/values.ts';
import type { PostListQuery } from '../postListQuery.ts';
import { isLockedFor, isPasswordProtected } from '../listLocks.ts';

export type ItemDocument<F extends ItemFacts = ItemFacts> = F & {
  readonly id: number;
  readonly revision: number;
  readonly modifiedUtc: string;
  readonly statusBeforeTrash: PostStatus | null;
  readonly searchText: string;
  /**
   * Root id of the item's translation group (its own id when it joined none); absent in documents projected before
   * translations.
   */
  readonly translationGroup?: number;
};

/** Publication date descending, then id descending. */
export function compareByPublication(a: ItemDocument, b: ItemDocument): number {
  if (a.publishedUtc !== b.publishedUtc) return a.publishedUtc < b.publishedUtc ? 1 : -1;
  return b.id - a.id;
}

/** Every condition of the query but paging, as the memory adapter evaluates it (the Mongo translation must agree). */
export function matchesPostListQuery(doc: ItemDocument, q: PostListQuery): boolean {
  if (doc.language !== q.language || !q.statuses.includes(doc.status)) return false;
  if (q.onlyIds && !q.onlyIds.includes(doc.id)) return false;
  if (q.exceptIds && q.exceptIds.includes(doc.id)) return false;
  if (q.onlyProtected && !isPasswordProtected(doc)) return false;
  // A locked item's searchable fields are blanked for this request (docs/api.md §7, §12).
  if (q.searchTerms !== undefined && isLockedFor(doc, q.locks)) return false;
  return (q.searchTerms ?? []).every((term) => doc.searchText.includes(term));
}

/** Lower-cased fields joined by NUL, so that a search never matches across two fields. */
export const searchTextOf = (values: readonly string[]): string => values.map((v) => v.toLowerCase()).join('\u0000');
