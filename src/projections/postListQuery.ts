// The typed query of GET /venues and GET /organizers (docs/api.md §7), evaluated by every ReadStore adapter alike.
import type { Language, PostStatus } from '../events/catalogue/values.ts';
import type { ListLocks } from './listLocks.ts';

/** All present conditions combine with AND. Order: publication date descending, then id descending (§5.4). */
export interface PostListQuery {
  readonly language: Language;
  readonly statuses: readonly PostStatus[];
  /** Lower-cased terms; each must occur as a substring of the document's `searchText`. */
  readonly searchTerms?: readonly string[];
  /** Only these ids (from the event-linked filters `event`, `has_events=true`, `only_with_upcoming`). */
  readonly onlyIds?: readonly number[];
  /** Not these ids (`has_events=false`). */
  readonly exceptIds?: readonly number[];
  /**
   * Protected items the request cannot unlock match no `searchTerms` (docs/api.md §7, §12): blanking hides those
   * fields.
   */
  readonly locks?: ListLocks;
  /** Only password-protected items: the candidates whose locks a request judges before it lists (`locks`). */
  readonly onlyProtected?: boolean;
  readonly offset: number;
  readonly limit: number;
}
