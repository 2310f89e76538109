// The enumeration part of the ReadStore contract: `documents` yields each collection whole, in id order, as `get` reads
// it.
import { expect } from 'chai';
import { noEmbeddedLinks } from '../../src/projections/events/eventDocument.ts';
import {
  readModelCollections,
  type ReadModelCollection,
  type ReadModelDocuments,
  type ReadStore,
} from '../../src/projections/readStore.ts';
import { anEventDocument } from './eventDocumentFixtures.ts';
import { anOrganizerDocument, aVenueDocument } from './items/itemFixtures.ts';
import { aTermDocument } from './terms/termDocumentFixtures.ts';

async function all<C extends ReadModelCollection>(store: ReadStore, collection: C): Promise<ReadModelDocuments[C][]> {
  const found: ReadModelDocuments[C][] = [];
  for await (const doc of store.documents(collection)) found.push(doc);
  return found;
}

export function readStoreDocumentsContract(current: () => ReadStore): void {
  describe('documents', function () {
    it('an empty read model has no documents in any collection', async function () {
      for (const collection of readModelCollections)
        expect(await all(current(), collection), collection).to.deep.equal([]);
    });

    it('events: every document, trash included, in ascending id order, exactly as get returns it', async function () {
      const store = current();
      await store.events.put(anEventDocument({ id: 12, slug: 'twelve' }));
      await store.events.put(anEventDocument({ id: 3, slug: 'three' }));
      await store.events.put(anEventDocument({ id: 7, status: 'trash', statusBeforeTrash: 'draft' }));
      await store.events.put(anEventDocument({ id: 3, revision: 1, slug: 'three', title: 'Renamed' }));
      await store.events.setEmbedded(12, { ...noEmbeddedLinks, organizers: [anOrganizerDocument({ id: 40 })] });
      const found = await all(store, 'events');
      expect(found.map((doc) => doc.id)).to.deep.equal([3, 7, 12]);
      expect(found).to.deep.equal([await store.events.get(3), await store.events.get(7), await store.events.get(12)]);
      expect(found[0]?.title).to.equal('Renamed');
      expect(found[2]?.embedded.organizers).to.have.length(1);
    });

    it('eventsInIdOrder, where the adapter has it, yields what documents yields', async function () {
      const store = current();
      const inIdOrder = store.eventsInIdOrder;
      if (inIdOrder === undefined) this.skip();
      for (const id of [2, 5, 8]) await store.events.put(anEventDocument({ id, slug: `e${id}` }));
      expect([...inIdOrder()]).to.deep.equal(await all(store, 'events'));
      await store.events.put(anEventDocument({ id: 4, slug: 'four' }));
      await store.events.put(anEventDocument({ id: 5, revision: 1, slug: 'e5', title: 'Renamed' }));
      const found = [...inIdOrder()];
      expect(found.map((doc) => doc.id)).to.deep.equal([2, 4, 5, 8]);
      expect(found).to.deep.equal(await all(store, 'events'));
    });

    it('venues and organizers: every document, trash included, in ascending id order', async function () {
      const store = current();
      const venues = [
        aVenueDocument({ id: 9 }),
        aVenueDocument({ id: 2, status: 'trash', statusBeforeTrash: 'publish' }),
      ];
      const organizers = [anOrganizerDocument({ id: 40, email: 'a@example.com' }), anOrganizerDocument({ id: 4 })];
      for (const venue of venues) await store.venues.put(venue);
      for (const organizer of organizers) await store.organizers.put(organizer);
      expect(await all(store, 'venues')).to.deep.equal([venues[1], venues[0]]);
      expect(await all(store, 'organizers')).to.deep.equal([organizers[1], organizers[0]]);
    });

    it('categories and tags: deleted terms included, each with its count, in ascending id order', async function () {
      const store = current();
      const jazz = aTermDocument({ id: 5, name: 'Jazz' });
      const gone = aTermDocument({ id: 2, name: 'Gone', revision: 1, deleted: true });
      const free = aTermDocument({ id: 9, taxonomy: 'tag', name: 'Free' });
      await store.categories.put(jazz);
      await store.categories.put(gone);
      await store.categories.setCount(5, 3);
      await store.tags.put(free);
      expect(await all(store, 'categories')).to.deep.equal([
        { doc: gone, count: 0 },
        { doc: jazz, count: 3 },
      ]);
      expect(await all(store, 'tags')).to.deep.equal([{ doc: free, count: 0 }]);
    });

    it('collections stay apart: a document appears in its own collection only', async function () {
      const store = current();
      await store.venues.put(aVenueDocument({ id: 1 }));
      expect((await all(store, 'venues')).map((doc) => doc.id)).to.deep.equal([1]);
      for (const other of readModelCollections.filter((c) => c !== 'venues'))
        expect(await all(store, other), other).to.deep.equal([]);
    });
  });
}
