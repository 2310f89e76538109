// Specification of the MongoDB term list translation, checked by
// evaluating its documents with mingo (docs/architecture.md §3).
import { expect } from 'chai';
import fc from 'fast-check';
import { Aggregator, Query } from 'mingo';
import type { CountedTerm, TermListQuery, TermOrderBy } from '../../../src/projections/terms/termCollection.ts';
import { compareTerms, matchesTermQuery } from '../../../src/projections/terms/matchesTermQuery.ts';
import { createMemoryTermCollection } from '../../../src/projections/memory/memoryTermCollection.ts';
import {
  fromStoredTermDocument,
  staleCountsFilter,
  staleMarkFilter,
  toStoredTermDocument,
  translateTermListQuery,
  type StoredTermDocument,
} from '../../../src/projections/mongo/termQueryTranslation.ts';
import { aTermDocument } from './termDocumentFixtures.ts';

// Small pools, so that names tie ignoring case, slugs and parents collide, and queries hit documents.
const textUnit = fc.constantFrom('a', 'A', 'b', 'B', '-', '.', '*', '(');
const text = fc.string({ unit: textUnit, minLength: 1, maxLength: 4 });
const language = fc.constantFrom('en', 'en', 'en', 'es');
const idPool = fc.integer({ min: 1, max: 12 });
const orderBys: TermOrderBy[] = [
  'id',
  'name',
  'slug',
  'count',
  'description',
  'term_group',
  'include',
  'include_slugs',
];

const termArb: fc.Arbitrary<CountedTerm> = fc
  .record({
    id: idPool,
    language,
    name: text,
    slug: fc.string({ unit: fc.constantFrom('a', 'b', '-'), minLength: 1, maxLength: 3 }),
    description: fc.string({ unit: textUnit, maxLength: 2 }),
    parent: fc.constantFrom(0, 0, 1, 2, 3),
    deleted: fc.constantFrom(false, false, false, true),
    count: fc.constantFrom(0, 0, 1, 2),
  })
  .map(({ count, ...fields }) => ({ doc: aTermDocument(fields), count }));

const termsArb = fc.uniqueArray(termArb, { selector: (t) => t.doc.id, minLength: 3, maxLength: 10 });

const sometimes = <T>(arb: fc.Arbitrary<T>): fc.Arbitrary<T | undefined> =>
  fc.oneof({ arbitrary: fc.constant(undefined), weight: 4 }, { arbitrary: arb, weight: 1 });
const idList = fc.array(idPool, { maxLength: 5 });

const queryArb: fc.Arbitrary<TermListQuery> = fc
  .record({
    language,
    search: sometimes(fc.string({ unit: fc.constantFrom('a', 'b', '-', '.', '*'), minLength: 1, maxLength: 2 })),
    // Often present, so that `orderby=include` meets a real include list.
    include: fc.option(fc.array(idPool, { minLength: 2, maxLength: 8 }), { nil: undefined, freq: 2 }),
    exclude: sometimes(idList),
    parent: sometimes(fc.constantFrom(0, 1, 2)),
    onlyIds: sometimes(idList),
    slug: sometimes(fc.constantFrom('a', 'b', 'ab', 'a-')),
    hideEmpty: fc.boolean(),
    orderBy: fc.constantFrom(...orderBys, 'include', 'include'),
    order: fc.constantFrom<'asc' | 'desc'>('asc', 'desc'),
    offset: fc.oneof(fc.constant(0), fc.nat({ max: 4 })),
    limit: fc.integer({ min: 0, max: 5 }),
  })
  .map((q) => Object.fromEntries(Object.entries(q).filter(([, v]) => v !== undefined)) as unknown as TermListQuery);

interface Listed {
  readonly ids: number[];
  readonly total: number;
}

function listWithMingo(terms: readonly CountedTerm[], q: TermListQuery): Listed {
  const stored: StoredTermDocument[] = terms.map(toStoredTermDocument);
  const { filter, pipeline, limit } = translateTermListQuery(q);
  const page = limit > 0 ? (new Aggregator(pipeline).run(stored) as unknown as StoredTermDocument[]) : [];
  return { ids: page.map((d) => d._id), total: new Query(filter).find(stored).all().length };
}

function listByMeaning(terms: readonly CountedTerm[], q: TermListQuery): Listed {
  const matches = terms.filter((t) => matchesTermQuery(t, q)).sort(compareTerms(q));
  return { ids: matches.slice(q.offset, q.offset + q.limit).map((t) => t.doc.id), total: matches.length };
}

async function listWithMemory(terms: readonly CountedTerm[], q: TermListQuery): Promise<Listed> {
  const collection = createMemoryTermCollection('category');
  for (const t of terms) await collection.put(t.doc);
  for (const t of terms) await collection.setCount(t.doc.id, t.count);
  const page = await collection.list(q);
  return { ids: page.items.map((t) => t.doc.id), total: page.total };
}

const deterministic = { seed: 7, numRuns: 400 };
const termsAndQuery = fc.tuple(termsArb, queryArb);

describe('translateTermListQuery', function () {
  it('evaluated by mingo, lists the same page and total as matchesTermQuery and compareTerms', function () {
    fc.assert(
      fc.property(termsAndQuery, ([terms, q]) => {
        expect(listWithMingo(terms, q)).to.deep.equal(listByMeaning(terms, q));
      }),
      deterministic,
    );
  });

  it('lists the same page and total as the memory adapter', async function () {
    await fc.assert(
      fc.asyncProperty(termsAndQuery, async ([terms, q]) => {
        expect(await listWithMemory(terms, q)).to.deep.equal(listWithMingo(terms, q));
      }),
      deterministic,
    );
  });

  it('is checked on cases worth checking: matches, cut pages and ties on the sort key', function () {
    const cases = fc
      .sample(termsAndQuery, deterministic)
      .map(([terms, q]) => ({ q, page: listByMeaning(terms, q), terms }));
    const count = (predicate: (c: (typeof cases)[number]) => boolean) => cases.filter(predicate).length;
    expect(
      count((c) => c.page.total > 1),
      'several matches',
    ).to.be.above(60);
    expect(
      count((c) => c.page.ids.length < c.page.total),
      'page cut short',
    ).to.be.above(40);
    expect(
      count((c) => c.q.search !== undefined && c.page.total > 0),
      'search matches',
    ).to.be.above(10);
    expect(
      count((c) => c.q.orderBy === 'include' && (c.q.include?.length ?? 0) > 1 && c.page.total > 1),
      'include order',
    ).to.be.above(2);
  });

  it('filters on language, liveness and a positive count; sorts on the lower-cased key, ties by _id', function () {
    const q: TermListQuery = { language: 'es', hideEmpty: true, orderBy: 'name', order: 'desc', offset: 10, limit: 10 };
    expect(translateTermListQuery(q)).to.deep.equal({
      filter: { language: 'es', deleted: false, count: { $gt: 0 } },
      pipeline: [
        { $match: { language: 'es', deleted: false, count: { $gt: 0 } } },
        { $sort: { nameKey: -1, _id: 1 } },
        { $skip: 10 },
        { $limit: 10 },
      ],
      limit: 10,
    });
  });

  it('stores lower-cased name and slug keys and the count, and reads the term back unchanged', function () {
    const term = { doc: aTermDocument({ id: 3, name: 'Jazz Club', slug: 'Jazz' }), count: 2 };
    const stored = toStoredTermDocument(term);
    expect(stored).to.include({ _id: 3, nameKey: 'jazz club', slugKey: 'jazz', count: 2 });
    expect(stored).not.to.have.property('id');
    expect(fromStoredTermDocument(stored)).to.deep.equal(term);
  });
});

describe('stale count marks on MongoDB', function () {
  const marks = fc.tuple(termsArb, fc.array(idPool, { maxLength: 8 }), fc.array(idPool, { maxLength: 4 }));

  /** What the memory adapter reports stale after marking `marked` and setting the counts of `counted`. */
  async function staleInMemory(terms: readonly CountedTerm[], marked: number[], counted: number[]): Promise<number[]> {
    const collection = createMemoryTermCollection('category');
    for (const t of terms) await collection.put(t.doc);
    await collection.markCountsStale(marked);
    for (const id of counted) await collection.setCount(id, 1);
    return [...(await collection.staleCounts())].sort((a, b) => a - b);
  }

  /** The same through the filters the Mongo adapter sends: `$set` where the mark filter matches, `$unset` by id. */
  function staleWithMingo(terms: readonly CountedTerm[], marked: number[], counted: number[]): number[] {
    let stored: StoredTermDocument[] = terms.map(toStoredTermDocument);
    const matched = new Query(staleMarkFilter(marked)).find(stored).all() as unknown as StoredTermDocument[];
    const toMark = new Set(matched.map((d) => d._id));
    stored = stored.map((d) => (toMark.has(d._id) ? { ...d, countStale: true as const } : d));
    stored = stored.map(({ countStale, ...d }) => (counted.includes(d._id) || !countStale ? d : { ...d, countStale }));
    const stale = new Query(staleCountsFilter).find(stored).all() as unknown as StoredTermDocument[];
    return stale.map((d) => d._id).sort((a, b) => a - b);
  }

  it('select the same terms as the memory adapter (mingo)', async function () {
    await fc.assert(
      fc.asyncProperty(marks, async ([terms, marked, counted]) => {
        expect(staleWithMingo(terms, marked, counted)).to.deep.equal(await staleInMemory(terms, marked, counted));
      }),
      deterministic,
    );
  });

  it('never show in a term read back', function () {
    const [term] = fc.sample(termArb, { seed: 3, numRuns: 1 }) as [CountedTerm];
    expect(fromStoredTermDocument({ ...toStoredTermDocument(term), countStale: true })).to.deep.equal(term);
  });
});
