// Specification of the MongoDB event list translation, checked by
// evaluating its documents with mingo (docs/architecture.md §3).
import { expect } from 'chai';
import fc from 'fast-check';
import { Query } from 'mingo';
import type { Language, PostStatus } from '../../src/events/catalogue/values.ts';
import type { EventDocument } from '../../src/projections/events/eventDocument.ts';
import type { EventListQuery } from '../../src/projections/events/eventListQuery.ts';
import { compareByStart, matchesEventQuery } from '../../src/projections/events/matchesEventQuery.ts';
import { createMemoryReadStore } from '../../src/projections/memory/memoryReadStore.ts';
import {
  fromStoredEventDocument,
  literalPattern,
  toStoredEventDocument,
  translateEventListQuery,
  type StoredEventDocument,
} from '../../src/projections/mongo/eventQueryTranslation.ts';
import { anEventDocument } from './eventDocumentFixtures.ts';
import { testMemos } from '../support/memos.ts';

// Small pools, so that generated documents tie on start dates, share terms and collide with the query's values.
const datePool = [
  '2025-01-01 00:00:00',
  '2025-01-01 10:00:00',
  '2025-01-02 00:00:00',
  '2025-01-02 10:00:00',
  '2025-01-03 00:00:00',
];
const queryDatePool = [...datePool, '2025-01-01 05:00:00', '2025-01-02 23:59:59'];
// Weighted so that most documents share the query's language and most are listable.
const language = fc.constantFrom<Language>('en', 'en', 'en', 'es');
const statuses: PostStatus[] = ['publish', 'draft', 'trash'];
const status = fc.constantFrom<PostStatus>('publish', 'publish', 'draft', 'trash');
const searchUnit = fc.constantFrom('a', 'a', 'b', ' ', '.', '*', '(', '[', '\\', '$', '\u0000');
const termIds = fc.uniqueArray(fc.integer({ min: 1, max: 4 }), { maxLength: 3 });

const documentArb: fc.Arbitrary<EventDocument> = fc
  .record({
    id: fc.integer({ min: 1, max: 15 }),
    // Two positions in the pool, the later one the end: the decider never accepts an end before the start.
    dates: fc.tuple(fc.nat({ max: datePool.length - 1 }), fc.nat({ max: datePool.length - 1 })),
    language,
    status,
    featured: fc.boolean(),
    hideFromListings: fc.constantFrom(false, false, false, true),
    passwordHash: fc.constantFrom(null, 'ab12'),
    categories: termIds,
    tags: termIds,
    venues: termIds,
    organizers: termIds,
    searchText: fc.string({ unit: searchUnit, minLength: 1, maxLength: 12 }),
    venueLocations: fc.subarray([
      { type: 'Point' as const, coordinates: [2.17, 41.38] as const },
      { type: 'Point' as const, coordinates: [-87.63, 41.88] as const },
    ]),
  })
  .map(({ dates: [a, b], ...fields }) =>
    anEventDocument({ ...fields, start: datePool[Math.min(a, b)] as string, end: datePool[Math.max(a, b)] as string }),
  );

const documentsArb = fc.uniqueArray(documentArb, { selector: (d) => d.id, minLength: 3, maxLength: 12 });

const queryDate = fc.constantFrom(...queryDatePool);
const wantedIds = fc.uniqueArray(fc.integer({ min: 1, max: 4 }), { minLength: 1, maxLength: 3 });

/** Present one time in ten: with every condition present half the time, nearly every query would match nothing. */
const sometimes = <T>(arb: fc.Arbitrary<T>): fc.Arbitrary<T | undefined> =>
  fc.oneof({ arbitrary: fc.constant(undefined), weight: 9 }, { arbitrary: arb, weight: 1 });

/**
 * A random term, or a piece of the search text of a document the rest of the query keeps, so that searches often
 * match something (metacharacters included) rather than almost never.
 */
function searchTermFor(candidates: readonly EventDocument[]): fc.Arbitrary<string> {
  const randomTerm = fc.string({ unit: searchUnit, maxLength: 2 });
  if (candidates.length === 0) return randomTerm;
  const pieceOfText = fc
    .constantFrom(...candidates.map((d) => d.searchText))
    .chain((text) =>
      fc.tuple(fc.constant(text), fc.nat({ max: Math.max(text.length - 1, 0) }), fc.integer({ min: 1, max: 3 })),
    )
    .map(([text, from, length]) => text.slice(from, from + length));
  return fc.oneof({ arbitrary: randomTerm, weight: 1 }, { arbitrary: pieceOfText, weight: 2 });
}

const queryWithoutSearch: fc.Arbitrary<EventListQuery> = fc
  .record({
    language,
    statuses: fc.uniqueArray(fc.constantFrom(...statuses), { minLength: 1 }),
    startFrom: sometimes(queryDate),
    endUntil: sometimes(queryDate),
    startsBefore: sometimes(queryDate),
    startsAfter: sometimes(queryDate),
    endsBefore: sometimes(queryDate),
    endsAfter: sometimes(queryDate),
    // Often present: locks change how protected documents meet the search, link, location and featured conditions.
    locks: fc.option(fc.record({ unlocked: fc.uniqueArray(fc.integer({ min: 1, max: 15 }), { maxLength: 4 }) }), {
      nil: undefined,
      freq: 2,
    }),
    onlyProtected: sometimes(fc.boolean()),
    featured: sometimes(fc.boolean()),
    ids: sometimes(fc.array(fc.integer({ min: 1, max: 16 }), { maxLength: 8 })),
    categories: sometimes(wantedIds),
    tags: sometimes(wantedIds),
    venues: sometimes(wantedIds),
    organizers: sometimes(wantedIds),
    // `near` is left to eventGeoTranslation.test.ts: mingo has no geometry operators.
    hasVenueCoordinates: sometimes(fc.boolean()),
    offset: fc.oneof(fc.constant(0), fc.nat({ max: 5 })),
    limit: fc.integer({ min: 1, max: 5 }),
  })
  // An absent condition is a missing key, as the query decoder builds it, not a key holding undefined.
  .map((q) => Object.fromEntries(Object.entries(q).filter(([, v]) => v !== undefined)) as unknown as EventListQuery);

function queryFor(documents: readonly EventDocument[]): fc.Arbitrary<EventListQuery> {
  return queryWithoutSearch.chain((q) => {
    const candidates = documents.filter((d) => matchesEventQuery(d, q));
    // Half the time: search is where the translation differs most from the JavaScript it mirrors.
    const terms = fc.option(fc.array(searchTermFor(candidates), { minLength: 1, maxLength: 2 }), {
      nil: undefined,
      freq: 2,
    });
    return terms.map((searchTerms) => (searchTerms ? { ...q, searchTerms } : q));
  });
}

const documentsAndQuery = documentsArb.chain((documents) => fc.tuple(fc.constant(documents), queryFor(documents)));

interface Listed {
  readonly ids: number[];
  readonly total: number;
}

/** What MongoDB would answer, with mingo standing in for the server: find, sort, skip, limit; count on the filter. */
function listWithMingo(documents: readonly EventDocument[], q: EventListQuery): Listed {
  const stored: StoredEventDocument[] = documents.map(toStoredEventDocument);
  const { filter, sort, skip, limit } = translateEventListQuery(q);
  const page = new Query(filter).find<StoredEventDocument>(stored).sort(sort).skip(skip).limit(limit).all();
  return { ids: page.map((d) => d._id), total: new Query(filter).find(stored).all().length };
}

/** The meaning: matchesEventQuery, listing order, then the page. */
function listByMeaning(documents: readonly EventDocument[], q: EventListQuery): Listed {
  const matches = documents.filter((d) => matchesEventQuery(d, q)).sort(compareByStart);
  return { ids: matches.slice(q.offset, q.offset + q.limit).map((d) => d.id), total: matches.length };
}

async function listWithMemoryStore(documents: readonly EventDocument[], q: EventListQuery): Promise<Listed> {
  const store = createMemoryReadStore(testMemos);
  for (const doc of documents) await store.events.put(doc);
  const page = await store.events.list(q);
  return { ids: page.items.map((d) => d.id), total: page.total };
}

function undefinedPaths(value: unknown, path = '$'): string[] {
  if (value === undefined) return [path];
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([key, v]) => undefinedPaths(v, `${path}.${key}`));
}

const deterministic = { seed: 42, numRuns: 300 };

describe('translateEventListQuery', function () {
  describe('evaluated by mingo over arbitrary documents and queries', function () {
    it('lists the same page and total as matchesEventQuery and compareByStart', function () {
      fc.assert(
        fc.property(documentsAndQuery, ([documents, q]) => {
          expect(listWithMingo(documents, q)).to.deep.equal(listByMeaning(documents, q));
        }),
        deterministic,
      );
    });

    it('lists the same page and total as the memory adapter', async function () {
      await fc.assert(
        fc.asyncProperty(documentsAndQuery, async ([documents, q]) => {
          expect(listWithMingo(documents, q)).to.deep.equal(await listWithMemoryStore(documents, q));
        }),
        deterministic,
      );
    });

    it('is checked on cases worth checking: matches, cut pages, ties and matching search terms', function () {
      const listed = fc.sample(documentsAndQuery, deterministic).map(([documents, q]) => {
        const matches = documents.filter((d) => matchesEventQuery(d, q));
        return { q, matches, page: listByMeaning(documents, q) };
      });
      const count = (predicate: (c: (typeof listed)[number]) => boolean) => listed.filter(predicate).length;
      expect(
        count((c) => c.page.total > 0),
        'some matches',
      ).to.be.above(100);
      expect(
        count((c) => c.page.ids.length < c.page.total),
        'page cut short',
      ).to.be.above(50);
      expect(
        count((c) => new Set(c.matches.map((d) => d.start)).size < c.matches.length),
        'tied starts',
      ).to.be.above(30);
      expect(
        count((c) => (c.q.searchTerms ?? []).some((t) => t !== '') && c.page.total > 0),
        'search matches',
      ).to.be.above(20);
    });

    it('never puts undefined in a filter (the driver would send it as null)', function () {
      fc.assert(
        fc.property(documentsAndQuery, ([, q]) => {
          expect(undefinedPaths(translateEventListQuery(q))).to.deep.equal([]);
        }),
        deterministic,
      );
    });
  });

  describe('shape of the documents', function () {
    const base: EventListQuery = { language: 'en', statuses: ['publish'], offset: 20, limit: 10 };

    it('is equality on language and one range on start, sorted as the {language, start, _id} index', function () {
      const q = { ...base, startFrom: '2025-01-01 00:00:00', startsBefore: '2025-02-01 00:00:00' };
      expect(translateEventListQuery(q)).to.deep.equal({
        filter: {
          language: 'en',
          start: { $gte: '2025-01-01 00:00:00', $lt: '2025-02-01 00:00:00' },
          status: { $in: ['publish'] },
          hideFromListings: false,
        },
        sort: { start: 1, _id: 1 },
        skip: 20,
        limit: 10,
      });
    });

    it('bounds the start by the end bounds too, so that an end-only window scans a bounded range', function () {
      const { filter } = translateEventListQuery({
        ...base,
        endUntil: '2025-03-01 00:00:00',
        endsBefore: '2025-02-15 00:00:00',
        startsBefore: '2025-02-20 00:00:00',
      });
      expect(filter.start).to.deep.equal({ $lt: '2025-02-15 00:00:00', $lte: '2025-03-01 00:00:00' });
      expect(filter.end).to.deep.equal({ $lte: '2025-03-01 00:00:00', $lt: '2025-02-15 00:00:00' });
    });

    it('turns each search term into a literal, case-sensitive pattern on searchText', function () {
      const { filter } = translateEventListQuery({ ...base, searchTerms: ['c++ (beta)', 'a\u0000b'] });
      expect(filter.$and).to.deep.equal([
        { searchText: { $regex: 'c\\+\\+ \\(beta\\)' } },
        { searchText: { $regex: 'a\\x00b' } },
      ]);
    });

    it('adds no $and for an empty term list (MongoDB rejects an empty $and)', function () {
      expect(translateEventListQuery({ ...base, searchTerms: [] }).filter).not.to.have.property('$and');
    });

    it('matches ids on _id, term lists with $in; locked events meet no condition on blanked content', function () {
      const { filter } = translateEventListQuery({
        ...base,
        ids: [3, 1],
        venues: [7],
        locks: { unlocked: [3] },
        featured: false,
      });
      expect(filter).to.include({ featured: false });
      expect(filter.$and).to.deep.equal([{ $or: [{ passwordHash: null }, { _id: { $in: [3] } }] }]);
      expect(filter._id).to.deep.equal({ $in: [3, 1] });
      expect(filter.venues).to.deep.equal({ $in: [7] });
    });

    it('counts a locked event as not featured', function () {
      const { filter } = translateEventListQuery({ ...base, locks: { unlocked: [] }, featured: false });
      expect(filter.$and).to.deep.equal([
        { $or: [{ featured: false }, { passwordHash: { $ne: null }, _id: { $nin: [] } }] },
      ]);
    });

    it('sets no password condition when no locks apply', function () {
      expect(translateEventListQuery({ ...base, featured: true }).filter).not.to.have.property('passwordHash');
      expect(translateEventListQuery({ ...base, locks: { unlocked: [] } }).filter).not.to.have.property('$and');
      expect(translateEventListQuery({ ...base, onlyProtected: true }).filter).to.deep.include({
        passwordHash: { $ne: null },
      });
    });
  });

  describe('literalPattern', function () {
    it('matches every metacharacter literally and nothing else', function () {
      const text = 'a.b*c+d?e^f$g{h}i(j)k|l[m]n\\o\u0000p';
      expect(new RegExp(literalPattern(text)).test(text)).to.equal(true);
      expect(new RegExp(literalPattern('a.b')).test('axb')).to.equal(false);
      expect(new RegExp(literalPattern('[ab]')).test('a')).to.equal(false);
    });
  });

  describe('stored document shape', function () {
    it('keeps the id as _id only, and reads back the same document', function () {
      const doc = anEventDocument({ id: 9 });
      const stored = toStoredEventDocument(doc);
      expect(stored).to.have.property('_id', 9);
      expect(stored).not.to.have.property('id');
      expect(fromStoredEventDocument(stored)).to.deep.equal(doc);
    });
  });
});
