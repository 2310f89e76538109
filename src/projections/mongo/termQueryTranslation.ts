// The pure translation of a TermListQuery into a MongoDB filter and aggregation pipeline for `categories` / `tags`.
import type { Document } from 'mongodb';
import type { CountedTerm, TermListQuery, TermOrderBy } from '../terms/termCollection.ts';
import type { TermDocument } from '../terms/termDocument.ts';
import { nameKeyOf, slugKeyOf } from '../terms/matchesTermQuery.ts';
import { literalPattern } from './eventQueryTranslation.ts';

/**
 * A term as stored: the id is `_id`; `nameKey`/`slugKey` are the lower-cased name and slug (case-insensitive search,
 * sort and name lookup on plain indexes); `count` lives in the same document but only `setCount` writes it.
 */
export type StoredTermDocument = Omit<TermDocument, 'id'> & {
  readonly _id: number;
  readonly nameKey: string;
  readonly slugKey: string;
  readonly count: number;
  /** Set while a projection step that changes the count is unfinished (`markCountsStale`). */
  readonly countStale?: true;
};

/** The terms `markCountsStale` marks. */
export const staleMarkFilter = (ids: readonly number[]): Document => ({ _id: { $in: [...ids] }, deleted: false });
/** The terms whose count is marked stale. */
export const staleCountsFilter: Document = { countStale: true };

/** The fields `put` sets; `count` is left to `setCount` (and starts at 0 on insert). */
export function storedTermFields(doc: TermDocument): Omit<StoredTermDocument, '_id' | 'count'> {
  const { id: _id, ...fields } = doc;
  return { ...fields, nameKey: nameKeyOf(doc), slugKey: slugKeyOf(doc) };
}

export function toStoredTermDocument(term: CountedTerm): StoredTermDocument {
  return { _id: term.doc.id, ...storedTermFields(term.doc), count: term.count };
}

export function fromStoredTermDocument(stored: StoredTermDocument): CountedTerm {
  const { _id, nameKey: _n, slugKey: _s, count, countStale: _stale, ...fields } = stored;
  return { doc: { id: _id, ...fields }, count: count ?? 0 };
}

export interface MongoTermListQuery {
  /** Also the filter of the total (`countDocuments`). */
  readonly filter: Document;
  /** `$match`, the sort (with a computed rank for `orderby=include`), `$skip`, `$limit`. */
  readonly pipeline: Document[];
  /** Beware: `$limit: 0` is an error; a page of zero items needs no query. */
  readonly limit: number;
}

const sortField: Record<Exclude<TermOrderBy, 'include' | 'term_group' | 'include_slugs'>, string> = {
  id: '_id',
  name: 'nameKey',
  slug: 'slugKey',
  count: 'count',
  description: 'description',
};

/** Same matches as `matchesTermQuery`, same order as `compareTerms`, same page as the memory adapter. */
export function translateTermListQuery(q: TermListQuery): MongoTermListQuery {
  const filter: Document = { language: q.language, deleted: false };
  const ids: Document[] = [];
  if (q.include) ids.push({ _id: { $in: [...q.include] } });
  if (q.onlyIds) ids.push({ _id: { $in: [...q.onlyIds] } });
  if (q.exclude) ids.push({ _id: { $nin: [...q.exclude] } });
  if (q.search !== undefined) {
    const pattern = literalPattern(q.search);
    ids.push({ $or: [{ nameKey: { $regex: pattern } }, { slugKey: { $regex: pattern } }] });
  }
  if (ids.length > 0) filter.$and = ids;
  if (q.parent !== undefined) filter.parent = q.parent;
  if (q.slug !== undefined) filter.slug = q.slug;
  if (q.hideEmpty) filter.count = { $gt: 0 };

  const direction = q.order === 'desc' ? -1 : 1;
  const pipeline: Document[] = [{ $match: filter }];
  let sort: Document;
  switch (q.orderBy) {
    case 'include':
      pipeline.push({ $addFields: { includeRank: { $indexOfArray: [[...(q.include ?? [])], '$_id'] } } });
      sort = { includeRank: direction, _id: 1 };
      break;
    case 'term_group':
    case 'include_slugs':
      sort = { _id: 1 };
      break;
    case 'id':
      sort = { _id: direction };
      break;
    default:
      sort = { [sortField[q.orderBy]]: direction, _id: 1 };
  }
  pipeline.push({ $sort: sort }, { $skip: q.offset }, { $limit: Math.max(q.limit, 1) });
  if (q.orderBy === 'include') pipeline.push({ $project: { includeRank: 0 } });
  return { filter, pipeline, limit: q.limit };
}
