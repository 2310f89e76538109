// Specifies `putAll`, which fills the memory event collection from a snapshot in one call: whatever it is given, the
// collection answers every query exactly as after a `put` of each document in turn.
import { expect } from 'chai';
import fc from 'fast-check';
import type { EventDocument, LinkField } from '../../src/projections/events/eventDocument.ts';
import { linkFields } from '../../src/projections/events/eventDocument.ts';
import type { EventListQuery } from '../../src/projections/events/eventListQuery.ts';
import { VenueLocations } from '../../src/projections/events/venueLocations.ts';
import { MemoryEventCollection } from '../../src/projections/memory/memoryEventCollection.ts';
import { documentFields, documentOf, query } from './eventQueryArbitraries.ts';
import { anEventDocument } from './eventDocumentFixtures.ts';

/** Documents with distinct ids, in no particular order, and a query over their texts. */
const documentsAndQuery = fc
  .uniqueArray(documentFields, { selector: (f) => f.id, minLength: 1, maxLength: 24 })
  .map((fields) => fields.map((f, i) => documentOf(f, i + 1)))
  .chain((docs) =>
    fc.tuple(fc.constant(docs), query(docs.flatMap((d) => [d.title, d.excerpt, d.description])), fc.nat()),
  );

const byId = (docs: readonly EventDocument[]): number[] => docs.map((doc) => doc.id).sort((a, b) => a - b);

/** What the collection answers about the documents and the query (link answers in id order: slots may differ). */
async function answers(collection: MemoryEventCollection, docs: readonly EventDocument[], q: EventListQuery) {
  const linkedIds = docs.flatMap((doc) => linkFields.map((field) => [field, doc[field]] as const));
  const links: Array<[LinkField, number, number[]]> = [];
  for (const [field, ids] of linkedIds)
    for (const id of ids) links.push([field, id, byId(await collection.linking(field, id))]);
  const linked: number[][] = [];
  for (const field of linkFields)
    linked.push((await collection.linkedIds(field, { statuses: q.statuses })).sort((a, b) => a - b));
  const slugs: number[][] = [];
  for (const doc of docs) slugs.push(byId(await collection.bySlug(doc.language, doc.slug)));
  return {
    page: await collection.list(q),
    widerPage: await collection.list({ ...q, offset: 0, limit: 100 }),
    links,
    linked,
    slugs,
    scheduled: await collection.scheduledPublications(100),
    translations: await collection.translationsOf(docs[0]?.translationGroup ?? docs[0]?.id ?? 0),
  };
}

async function putOneByOne(docs: readonly EventDocument[], first: readonly EventDocument[] = []) {
  const collection = new MemoryEventCollection(new VenueLocations());
  for (const doc of [...first, ...docs]) await collection.put(doc);
  return collection;
}

describe('memory event collection: putAll', () => {
  it('answers as puts one by one, for documents in ascending id order into an empty collection', async () => {
    await fc.assert(
      fc.asyncProperty(documentsAndQuery, async ([unordered, q]) => {
        const docs = [...unordered].sort((a, b) => a.id - b.id);
        const all = new MemoryEventCollection(new VenueLocations());
        all.putAll(docs);
        expect(await answers(all, docs, q)).to.deep.equal(await answers(await putOneByOne(docs), docs, q));
      }),
      { numRuns: 300 },
    );
  });

  it('answers as puts one by one when a put of a newer revision comes before any read', async () => {
    await fc.assert(
      fc.asyncProperty(documentsAndQuery, documentFields, async ([unordered, q, pick], fields) => {
        const docs = [...unordered].sort((a, b) => a.id - b.id);
        const changed = documentOf({ ...fields, id: (docs[pick % docs.length] as EventDocument).id }, 50);
        const all = new MemoryEventCollection(new VenueLocations());
        all.putAll(docs);
        // Part of what putAll left for later built, as the composition root's slices build it.
        all.settleIndexes(pick % 3);
        // Its slug and links replaced before the indexes that putAll left for later were built.
        await all.put({ ...changed, slug: 'changed' });
        const oneByOne = await putOneByOne([...docs, { ...changed, slug: 'changed' }]);
        const now = [...docs, { ...changed, slug: 'changed' }];
        expect(await answers(all, now, q)).to.deep.equal(await answers(oneByOne, now, q));
      }),
      { numRuns: 200 },
    );
  });

  it('leaves the slug and link indexes for the first call that needs them, or settleIndexes', async () => {
    const docs = [1, 2, 3].map((id) => anEventDocument({ id, slug: `e${id}`, venues: [7] }));
    const byFirstRead = new MemoryEventCollection(new VenueLocations());
    byFirstRead.putAll(docs);
    expect(byFirstRead.unsettledIndexes).to.equal(true);
    expect(byId(await byFirstRead.bySlug('en', 'e2'))).to.deep.equal([2]);
    expect(byId(await byFirstRead.linking('venues', 7))).to.deep.equal([1, 2, 3]);
    expect(byFirstRead.unsettledIndexes).to.equal(false);
    const bySettle = new MemoryEventCollection(new VenueLocations());
    bySettle.putAll(docs);
    bySettle.settleIndexes();
    expect(bySettle.unsettledIndexes).to.equal(false);
    expect(byId(await bySettle.linking('venues', 7))).to.deep.equal([1, 2, 3]);
  });

  it('answers as puts one by one for documents out of order, or into a collection already holding some', async () => {
    await fc.assert(
      fc.asyncProperty(documentsAndQuery, async ([docs, q, cut]) => {
        const unordered = new MemoryEventCollection(new VenueLocations());
        unordered.putAll(docs);
        expect(await answers(unordered, docs, q)).to.deep.equal(await answers(await putOneByOne(docs), docs, q));
        // Some documents first, then all of them again, newer revisions of a few among them.
        const sorted = [...docs].sort((a, b) => a.id - b.id);
        const first = sorted.slice(0, cut % (sorted.length + 1));
        const again = sorted.map((doc, i) => (i % 2 === 0 ? { ...doc, revision: doc.revision + 100 } : doc));
        const filled = new MemoryEventCollection(new VenueLocations());
        for (const doc of first) await filled.put(doc);
        filled.putAll(again);
        expect(await answers(filled, again, q)).to.deep.equal(await answers(await putOneByOne(again, first), again, q));
      }),
      { numRuns: 300 },
    );
  });
});
