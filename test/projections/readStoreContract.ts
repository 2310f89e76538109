// The one contract every ReadStore adapter passes (docs/architecture.md
// §3): documents, slug and list indexes, checkpoints.
import { expect } from 'chai';
import type { EventDocument } from '../../src/projections/events/eventDocument.ts';
import type { ReadStore } from '../../src/projections/readStore.ts';
import { aFullyDetailedEventDocument, anEventDocument } from './eventDocumentFixtures.ts';
import { noEmbeddedLinks } from '../../src/projections/events/eventDocument.ts';
import { readStoreGeoContract } from './readStoreGeoContract.ts';
import { readStoreDocumentsContract } from './readStoreDocumentsContract.ts';
import { aQuery, catalogue, filterCases } from './readStoreCatalogue.ts';

const idsOf = (docs: readonly EventDocument[]): number[] => docs.map((d) => d.id);
const byId = (a: EventDocument, b: EventDocument): number => a.id - b.id;

export function readStoreContract(name: string, open: () => Promise<ReadStore>): void {
  describe(`${name} ReadStore contract`, function () {
    let store: ReadStore;
    // Only what this test opened gets closed, so that a failed open reports itself rather than a failed close.
    let opened: ReadStore | undefined;
    beforeEach(async function () {
      opened = undefined;
      store = opened = await open();
      await store.init();
    });
    afterEach(async function () {
      await opened?.close();
    });
    const putAll = async (docs: readonly EventDocument[]) => {
      for (const doc of docs) await store.events.put(doc);
    };

    describe('documents', function () {
      it('get finds nothing before a put', async function () {
        expect(await store.events.get(1)).to.equal(undefined);
      });

      it('get returns exactly the document put', async function () {
        await store.events.put(aFullyDetailedEventDocument);
        expect(await store.events.get(aFullyDetailedEventDocument.id)).to.deep.equal(aFullyDetailedEventDocument);
      });

      it('a later revision replaces the document and moves it in the start index', async function () {
        await store.events.put(
          anEventDocument({ id: 1, revision: 0, start: '2025-01-10 09:00:00', end: '2025-01-10 10:00:00' }),
        );
        const moved = anEventDocument({ id: 1, revision: 1, start: '2025-03-10 09:00:00', end: '2025-03-10 10:00:00' });
        await store.events.put(moved);
        expect(await store.events.get(1)).to.deep.equal(moved);
        expect(await store.events.list(aQuery({ startsBefore: '2025-02-01 00:00:00' }))).to.deep.equal({
          items: [],
          total: 0,
        });
        expect(await store.events.list(aQuery({ startFrom: '2025-03-01 00:00:00' }))).to.deep.equal({
          items: [moved],
          total: 1,
        });
        expect((await store.events.list(aQuery())).total).to.equal(1);
      });

      it('readsNow, where the adapter has it, answers get and translationsOf as the port does', async function () {
        const now = store.readsNow;
        if (now === undefined) this.skip();
        await putAll(catalogue);
        await store.events.put(anEventDocument({ id: 1, revision: 5, status: 'trash' }));
        for (const id of [...catalogue.map((doc) => doc.id), 999]) {
          expect(now.events.get(id), `event ${id}`).to.deep.equal(await store.events.get(id));
          expect(now.events.translationsOf(id), `group ${id}`).to.deep.equal(await store.events.translationsOf(id));
        }
        for (const collection of ['venues', 'organizers', 'categories', 'tags'] as const) {
          expect(now[collection].get(31)).to.deep.equal(await store[collection].get(31));
          expect(now[collection].translationsOf(31)).to.deep.equal(await store[collection].translationsOf(31));
        }
      });

      it('a later revision with a new slug is found by the new slug only', async function () {
        await store.events.put(anEventDocument({ id: 1, revision: 0, slug: 'old-name' }));
        await store.events.put(anEventDocument({ id: 1, revision: 1, slug: 'new-name' }));
        expect(await store.events.bySlug('en', 'old-name')).to.deep.equal([]);
        expect(idsOf(await store.events.bySlug('en', 'new-name'))).to.deep.equal([1]);
      });
    });

    describe('bySlug', function () {
      it('finds events of every status, trash included', async function () {
        const statuses = ['publish', 'future', 'draft', 'pending', 'private', 'trash'] as const;
        await putAll(statuses.map((status, i) => anEventDocument({ id: i + 1, status, slug: `slug-${status}` })));
        for (const [i, status] of statuses.entries()) {
          expect(idsOf(await store.events.bySlug('en', `slug-${status}`)), status).to.deep.equal([i + 1]);
        }
      });

      it('returns every event sharing the slug, within the language only', async function () {
        await putAll([
          anEventDocument({ id: 1, slug: 'party', status: 'trash' }),
          anEventDocument({ id: 2, slug: 'party' }),
          anEventDocument({ id: 3, slug: 'party', language: 'es' }),
          anEventDocument({ id: 4, slug: 'party-2' }),
        ]);
        expect(idsOf((await store.events.bySlug('en', 'party')).sort(byId))).to.deep.equal([1, 2]);
        expect(idsOf(await store.events.bySlug('es', 'party'))).to.deep.equal([3]);
        expect(await store.events.bySlug('ca', 'party')).to.deep.equal([]);
      });
    });

    describe('list filters', function () {
      beforeEach(async function () {
        await putAll(catalogue);
      });
      for (const [description, changes, expected] of filterCases) {
        it(`${description} → ${JSON.stringify(expected)}`, async function () {
          const page = await store.events.list(aQuery(changes));
          expect(idsOf(page.items)).to.deep.equal(expected);
          expect(page.total).to.equal(expected.length);
        });
      }

      it('lists whole documents', async function () {
        const page = await store.events.list(aQuery({ featured: true }));
        expect(page.items).to.deep.equal(catalogue.filter((d) => d.id === 1 || d.id === 2));
      });

      it('never lists an event hidden from listings, whatever the query', async function () {
        const page = await store.events.list(aQuery({ ids: [6], categories: [10], statuses: ['publish', 'draft'] }));
        expect(page).to.deep.equal({ items: [], total: 0 });
      });
    });

    describe('list order and paging', function () {
      // Inserted out of order; 20, 3, 12 and 5 start at the same time, and 12 after 3 shows ids compare as numbers.
      const tied = '2025-05-01 10:00:00';
      const docs = [
        anEventDocument({ id: 20, start: tied, end: '2025-05-01 11:00:00' }),
        anEventDocument({ id: 9, start: '2025-04-30 23:59:59', end: '2025-05-01 11:00:00' }),
        anEventDocument({ id: 3, start: tied, end: '2025-05-01 18:00:00' }),
        anEventDocument({ id: 12, start: tied, end: '2025-05-01 10:30:00' }),
        anEventDocument({ id: 2, start: '2025-05-01 09:00:00', end: '2025-05-01 11:00:00' }),
        anEventDocument({ id: 5, start: tied, end: '2025-05-01 11:00:00', status: 'draft' }),
      ];
      beforeEach(async function () {
        await putAll(docs);
      });

      it('orders by start, then by id', async function () {
        const page = await store.events.list(aQuery({ statuses: ['publish', 'draft'] }));
        expect(idsOf(page.items)).to.deep.equal([9, 2, 3, 5, 12, 20]);
      });

      it('ids do not change the order', async function () {
        const page = await store.events.list(aQuery({ ids: [20, 12, 9, 3] }));
        expect(idsOf(page.items)).to.deep.equal([9, 3, 12, 20]);
      });

      it('offset and limit cut a page; total counts every match', async function () {
        const page = await store.events.list(aQuery({ offset: 1, limit: 2 }));
        expect(idsOf(page.items)).to.deep.equal([2, 3]);
        expect(page.total).to.equal(5);
      });

      it('the last page may be short', async function () {
        const page = await store.events.list(aQuery({ offset: 4, limit: 2 }));
        expect(idsOf(page.items)).to.deep.equal([20]);
        expect(page.total).to.equal(5);
      });

      it('an offset past the end gives no items but the total', async function () {
        expect(await store.events.list(aQuery({ offset: 10, limit: 2 }))).to.deep.equal({ items: [], total: 5 });
      });

      it('paging applies after the filters, ties included', async function () {
        const page = await store.events.list(
          aQuery({ startFrom: tied, statuses: ['publish', 'draft'], offset: 1, limit: 2 }),
        );
        expect(idsOf(page.items)).to.deep.equal([5, 12]);
        expect(page.total).to.equal(4);
      });
    });

    describe('links', function () {
      beforeEach(async function () {
        await store.events.put(
          anEventDocument({ id: 1, venues: [7], categories: [3], status: 'publish', startUtc: '2026-01-01 10:00:00' }),
        );
        await store.events.put(
          anEventDocument({ id: 2, venues: [7, 8], categories: [3], status: 'draft', startUtc: '2027-01-01 10:00:00' }),
        );
        await store.events.put(
          anEventDocument({ id: 3, venues: [9], categories: [3], language: 'es', status: 'publish' }),
        );
      });

      it('find the events linking an item, whatever their status and language', async function () {
        expect(idsOf(await store.events.linking('venues', 7)).sort()).to.deep.equal([1, 2]);
        expect(idsOf(await store.events.linking('categories', 3)).sort()).to.deep.equal([1, 2, 3]);
        expect(await store.events.linking('venues', 99)).to.deep.equal([]);
      });

      it('forget a link when a newer revision drops it', async function () {
        await store.events.put(anEventDocument({ id: 2, revision: 1, venues: [8], categories: [3], status: 'draft' }));
        expect(idsOf(await store.events.linking('venues', 7))).to.deep.equal([1]);
      });

      it('list the ids linked by events of some statuses, optionally starting from a UTC time', async function () {
        expect((await store.events.linkedIds('venues', { statuses: ['publish'] })).sort()).to.deep.equal([7, 9]);
        expect((await store.events.linkedIds('venues', { statuses: ['draft'] })).sort()).to.deep.equal([7, 8]);
        expect(
          await store.events.linkedIds('venues', {
            statuses: ['publish', 'draft'],
            startUtcFrom: '2026-06-01 00:00:00',
          }),
        ).to.have.members([7, 8]);
      });

      it('replace the embedded copies without a new revision', async function () {
        const tag = {
          id: 4,
          taxonomy: 'tag' as const,
          language: 'en' as const,
          name: 'jazz',
          slug: 'jazz',
          description: '',
          parent: 0,
          revision: 0,
          deleted: false,
        };
        const embedded = { ...noEmbeddedLinks, tags: [tag] };
        await store.events.setEmbedded(1, embedded);
        const doc = await store.events.get(1);
        expect(doc?.embedded).to.deep.equal(embedded);
        expect(doc?.revision).to.equal(0);
      });
    });

    readStoreGeoContract(() => store);
    readStoreDocumentsContract(() => store);

    describe('checkpoints', function () {
      it('are undefined before the first set', async function () {
        expect(await store.checkpoints.get('read-model')).to.equal(undefined);
      });

      it('return the last position set, per projection', async function () {
        await store.checkpoints.set('read-model', 17n);
        await store.checkpoints.set('read-model', 1042n);
        await store.checkpoints.set('other', 5n);
        expect(await store.checkpoints.get('read-model')).to.equal(1042n);
        expect(await store.checkpoints.get('other')).to.equal(5n);
      });

      it('keep positions beyond the signed 64-bit range exactly', async function () {
        const position = 2n ** 64n - 1n;
        await store.checkpoints.set('read-model', position);
        expect(await store.checkpoints.get('read-model')).to.equal(position);
      });
    });
  });
}
