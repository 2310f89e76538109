// The contract every venue collection adapter passes (organizers share the implementation): indexes, order, duplicates.
import { expect } from 'chai';
import type { VenueCollection } from '../../../src/projections/venues/venueCollection.ts';
import type { VenueDocument } from '../../../src/projections/venues/venueDocument.ts';
import type { PostListQuery } from '../../../src/projections/postListQuery.ts';
import { aVenueDocument } from './itemFixtures.ts';

const aQuery = (changes: Partial<PostListQuery> = {}): PostListQuery => ({
  language: 'en',
  statuses: ['publish'],
  offset: 0,
  limit: 100,
  ...changes,
});

const catalogue: VenueDocument[] = [
  aVenueDocument({
    id: 1,
    name: 'Main Hall',
    city: 'Springfield',
    slug: 'main-hall',
    publishedUtc: '2026-01-01 00:00:00',
  }),
  aVenueDocument({ id: 2, name: 'Park', city: 'Shelbyville', publishedUtc: '2026-01-02 00:00:00' }),
  aVenueDocument({ id: 3, name: 'Same day', publishedUtc: '2026-01-02 00:00:00' }),
  aVenueDocument({ id: 4, name: 'Draft hall', status: 'draft', slug: '' }),
  aVenueDocument({ id: 5, name: 'Sala', language: 'es', slug: 'main-hall' }),
  aVenueDocument({ id: 6, name: 'Main Hall', status: 'trash', slug: 'main-hall__trashed' }),
];

export function venueCollectionContract(adapter: string, open: () => Promise<VenueCollection>): void {
  describe(`${adapter} venue collection`, function () {
    let c: VenueCollection;
    beforeEach(async () => {
      c = await open();
      for (const doc of catalogue) await c.put(doc);
    });
    const ids = async (q: Partial<PostListQuery>) => (await c.list(aQuery(q))).items.map((d) => d.id);

    it('orders by publication date descending, then id descending', async () => {
      expect(await ids({})).to.deep.equal([3, 2, 1]);
    });
    it('filters by status, language, search, onlyIds and exceptIds, and pages', async () => {
      expect(await ids({ statuses: ['draft', 'trash'] })).to.deep.equal([6, 4]);
      expect(await ids({ language: 'es' })).to.deep.equal([5]);
      expect(await ids({ searchTerms: ['springf'] })).to.deep.equal([1]);
      expect(await ids({ searchTerms: ['hall springfield'] })).to.deep.equal([]);
      expect(await ids({ onlyIds: [1, 2, 99] })).to.deep.equal([2, 1]);
      expect(await ids({ exceptIds: [2] })).to.deep.equal([3, 1]);
      const page = await c.list(aQuery({ offset: 1, limit: 1 }));
      expect(page.items.map((d) => d.id)).to.deep.equal([2]);
      expect(page.total).to.equal(3);
    });
    it('finds by id and by language and slug, and never lets an older revision win', async () => {
      expect((await c.bySlug('en', 'main-hall')).map((d) => d.id)).to.deep.equal([1]);
      await c.put(aVenueDocument({ id: 1, name: 'Main Hall', revision: 5, slug: 'renamed', city: 'X' }));
      await c.put(aVenueDocument({ id: 1, name: 'Main Hall', revision: 3, city: 'Old' }));
      expect((await c.get(1))?.city).to.equal('X');
      expect(await c.bySlug('en', 'main-hall')).to.deep.equal([]);
      expect(await ids({ searchTerms: ['springfield'] })).to.deep.equal([]);
    });
    it('finds a duplicate ignoring case among non-trashed items of the language only', async () => {
      const probe = { name: 'MAIN hall', description: '', excerpt: '', fields: { city: 'springfield' } };
      expect((await c.findDuplicate('en', probe))?.id).to.equal(1);
      expect(await c.findDuplicate('en', { ...probe, fields: { city: 'Elsewhere' } })).to.equal(undefined);
      expect(await c.findDuplicate('es', probe)).to.equal(undefined);
      expect(await c.findDuplicate('en', { ...probe, fields: {}, description: 'x' })).to.equal(undefined);
    });
  });
}
