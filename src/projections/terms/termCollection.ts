// The category and tag parts of the ReadStore port: term documents plus their counts of published events.
import type { Translations } from '../translationGroups.ts';
import type { Page } from '../events/eventListQuery.ts';
import type { TermDocument } from './termDocument.ts';

export type TermOrderBy = 'id' | 'name' | 'slug' | 'count' | 'description' | 'term_group' | 'include' | 'include_slugs';

/** GET /categories and /tags (docs/api.md §8); all present conditions combine with AND. Deleted terms never match. */
export interface TermListQuery {
  readonly language: string;
  /** Lower-cased; a substring of the name or slug, ignoring case. */
  readonly search?: string;
  readonly include?: readonly number[];
  readonly exclude?: readonly number[];
  /** Direct children of this category; 0 = top level. */
  readonly parent?: number;
  /** Only these ids (the terms of the event named by `post`/`event`). */
  readonly onlyIds?: readonly number[];
  readonly slug?: string;
  /** Hides terms whose count is 0. */
  readonly hideEmpty: boolean;
  readonly orderBy: TermOrderBy;
  readonly order: 'asc' | 'desc';
  readonly offset: number;
  readonly limit: number;
}

/** A term with its count of published events of its language (docs/api.md §4.5). */
export interface CountedTerm {
  readonly doc: TermDocument;
  readonly count: number;
}

export interface TermCollection {
  /** Deleted terms read as undefined. */
  get(id: number): Promise<CountedTerm | undefined>;
  bySlug(language: string, slug: string): Promise<CountedTerm | undefined>;
  /** Case-insensitive name match; the lowest id when several terms share the name. */
  byName(language: string, name: string): Promise<CountedTerm | undefined>;
  /** Ids of every live descendant of a category (any depth), for the event `categories` filter. */
  descendants(id: number): Promise<number[]>;
  /** Ids of the direct live children of a category. */
  children(id: number): Promise<number[]>;
  list(query: TermListQuery): Promise<Page<CountedTerm>>;
  /** Stores the document (revision-guarded: an older revision never replaces a newer one, deleted stays deleted). */
  put(doc: TermDocument): Promise<void>;
  /** Language → id of the group's live members (docs/api.md §15 `translations`). */
  translationsOf(group: number): Promise<Translations>;
  /**
   * Sets the count of published events; kept apart from the document so it never fights the revision guard. Also
   * clears the term's stale mark.
   */
  setCount(id: number, count: number): Promise<void>;
  /**
   * Marks counts about to change: a projection marks them before it writes anything of an event and `setCount` clears
   * them, so a failure in between leaves them marked, and recounted from the events (`staleCounts`), never wrong.
   */
  markCountsStale(ids: readonly number[]): Promise<void>;
  /** Ids of the terms whose count is marked stale. */
  staleCounts(): Promise<number[]>;
  /**
   * The writes of a replay batch in one round trip, with the effect of `put` for each document, then
   * `markCountsStale(staleMarks)`, then `setCount` for each count (ids never repeat within a part).
   */
  writeBatch(batch: TermWriteBatch): Promise<void>;
}

export interface TermWriteBatch {
  readonly puts?: readonly TermDocument[];
  readonly staleMarks?: readonly number[];
  readonly counts?: readonly { readonly id: number; readonly count: number }[];
}
