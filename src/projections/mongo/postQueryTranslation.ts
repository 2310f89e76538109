// The pure translation of a PostListQuery (venues, organizers) and of a duplicate probe into MongoDB documents.
import type { Document } from 'mongodb';
import type { PostListQuery } from '../postListQuery.ts';
import type { DuplicateProbe } from '../posts/duplicateProbe.ts';
import type { ItemDocument } from '../posts/itemDocument.ts';
import { literalPattern, lockConditions } from './eventQueryTranslation.ts';

/** A document as the `venues` / `organizers` collections store it: the id is `_id`. */
export type StoredItemDocument<D extends ItemDocument> = Omit<D, 'id'> & { readonly _id: number };

export function toStoredItem<D extends ItemDocument>(doc: D): StoredItemDocument<D> {
  const { id, ...fields } = doc;
  return { _id: id, ...fields } as unknown as StoredItemDocument<D>;
}

export function fromStoredItem<D extends ItemDocument>(stored: StoredItemDocument<D>): D {
  const { _id, ...fields } = stored;
  return { id: _id, ...fields } as unknown as D;
}

export interface MongoPostListQuery {
  readonly filter: Document;
  readonly sort: Document;
  readonly skip: number;
  readonly limit: number;
}

/** Same matches as `matchesPostListQuery`, same order as `compareByPublication`; served by the listing index. */
export function translatePostListQuery(q: PostListQuery): MongoPostListQuery {
  const filter: Document = { language: q.language, status: { $in: [...q.statuses] } };
  const ids: Document = {};
  if (q.onlyIds) ids.$in = [...q.onlyIds];
  if (q.exceptIds) ids.$nin = [...q.exceptIds];
  if (Object.keys(ids).length > 0) filter._id = ids;
  if (q.onlyProtected) filter.passwordHash = { $ne: null };
  const and: Document[] = [];
  // A locked item's searchable fields are blanked for this request (docs/api.md §7, §12).
  const locks = lockConditions(q.locks);
  if (locks && q.searchTerms !== undefined) and.push(locks.notLocked);
  for (const term of q.searchTerms ?? []) and.push({ searchText: { $regex: literalPattern(term) } });
  // MongoDB rejects an empty `$and`.
  if (and.length > 0) filter.$and = and;
  return { filter, sort: { publishedUtc: -1, _id: -1 }, skip: q.offset, limit: q.limit };
}

/**
 * Candidates for a duplicate: the language's non-trashed items with the same name ignoring case. The remaining
 * fields are compared with `isDuplicateOf`, the rule the memory adapter applies too.
 */
export function duplicateCandidatesFilter(language: string, probe: DuplicateProbe): Document {
  return { language, status: { $ne: 'trash' }, name: { $regex: `^${literalPattern(probe.name)}$`, $options: 'i' } };
}
