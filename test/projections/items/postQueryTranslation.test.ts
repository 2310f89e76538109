// The MongoDB venue/organizer list translation, evaluated with mingo,
// agrees with the memory collection (docs/architecture.md §3).
import { expect } from 'chai';
import fc from 'fast-check';
import { Query } from 'mingo';
import type { PostStatus } from '../../../src/events/catalogue/values.ts';
import type { PostListQuery } from '../../../src/projections/postListQuery.ts';
import { createMemoryVenueCollection } from '../../../src/projections/memory/memoryItemCollection.ts';
import {
  duplicateCandidatesFilter,
  fromStoredItem,
  toStoredItem,
  translatePostListQuery,
} from '../../../src/projections/mongo/postQueryTranslation.ts';
import type { VenueDocument } from '../../../src/projections/venues/venueDocument.ts';
import { aVenueDocument } from './itemFixtures.ts';

const dates = ['2026-01-01 00:00:00', '2026-01-02 00:00:00', '2026-01-03 00:00:00'];
const unit = fc.constantFrom('a', 'b', ' ', '.', '*', '(', '\\', '\u0000');
const statuses: PostStatus[] = ['publish', 'draft', 'trash'];
const ids = fc.uniqueArray(fc.integer({ min: 1, max: 10 }), { maxLength: 4 });

const docs = fc.uniqueArray(
  fc
    .record({
      id: fc.integer({ min: 1, max: 10 }),
      language: fc.constantFrom('en' as const, 'en' as const, 'es' as const),
      status: fc.constantFrom(...statuses),
      publishedUtc: fc.constantFrom(...dates),
      searchText: fc.string({ unit, maxLength: 8 }),
      passwordHash: fc.constantFrom(null, 'a1b2'),
    })
    .map((f) => aVenueDocument(f)),
  { selector: (d) => d.id, maxLength: 10 },
);

const query: fc.Arbitrary<PostListQuery> = fc
  .record({
    language: fc.constantFrom('en' as const, 'es' as const),
    statuses: fc.uniqueArray(fc.constantFrom(...statuses), { minLength: 1 }),
    searchTerms: fc.option(fc.array(fc.string({ unit, minLength: 1, maxLength: 2 }), { maxLength: 2 }), {
      nil: undefined,
    }),
    onlyIds: fc.option(ids, { nil: undefined }),
    exceptIds: fc.option(ids, { nil: undefined }),
    locks: fc.option(fc.record({ unlocked: ids }), { nil: undefined }),
    onlyProtected: fc.option(fc.boolean(), { nil: undefined }),
    offset: fc.nat({ max: 4 }),
    limit: fc.integer({ min: 1, max: 5 }),
  })
  .map((q) => Object.fromEntries(Object.entries(q).filter(([, v]) => v !== undefined)) as unknown as PostListQuery);

function mingoPage(all: readonly VenueDocument[], q: PostListQuery) {
  const { filter, sort, skip, limit } = translatePostListQuery(q);
  const stored = all.map(toStoredItem);
  const matching = new Query(filter).find(stored).sort(sort).all() as typeof stored;
  return {
    items: matching.slice(skip, skip + limit).map((s) => fromStoredItem<VenueDocument>(s).id),
    total: matching.length,
  };
}

describe('venue/organizer list translation (mingo oracle)', function () {
  it('matches, orders and pages like the memory collection', async function () {
    await fc.assert(
      fc.asyncProperty(docs, query, async (all, q) => {
        const memory = createMemoryVenueCollection();
        for (const d of all) await memory.put(d);
        const page = await memory.list(q);
        expect(mingoPage(all, q)).to.deep.equal({ items: page.items.map((d) => d.id), total: page.total });
      }),
      { seed: 20261122, numRuns: 300 },
    );
  });

  it('duplicate candidates: same language, not trashed, name equal ignoring case, metacharacters literal', function () {
    const all = [
      aVenueDocument({ id: 1, name: 'Hall (A)' }),
      aVenueDocument({ id: 2, name: 'hall (a)', status: 'trash' }),
      aVenueDocument({ id: 3, name: 'HALL (A)', language: 'es' }),
      aVenueDocument({ id: 4, name: 'Hall AA' }),
    ].map(toStoredItem);
    const found = new Query(
      duplicateCandidatesFilter('en', { name: 'hall (a)', description: '', excerpt: '', fields: {} }),
    )
      .find(all)
      .all();
    expect(found.map((d) => (d as { _id: number })._id)).to.deep.equal([1]);
  });
});
