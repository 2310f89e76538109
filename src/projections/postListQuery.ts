// The typed query of GET /venues and GET /organizers (docs/api.md §7), evaluated by every ReadStore adapter alike.
import type { Language, PostStatus } from '../events/catalogue/values.ts';

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
   * Only items without a password: an anonymous search must not match protected items, whose matching fields it
   * could otherwise probe through the blanked results (as for events, docs/api.md §6 `search`).
   */
  readonly withoutPassword?: boolean;
  readonly offset: number;
  readonly limit: number;
}
