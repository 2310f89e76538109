// Specification of the MongoDB bulk translation of a replay batch (src/projections/mongo/bulkWrites.ts), checked by
// running its operations through runGuardedBulk against a mingo-backed collection, in any execution order, and
// comparing with the memory read model's per-document calls (docs/architecture.md §3).
import { expect } from 'chai';
import fc from 'fast-check';
import type { AnyBulkWriteOperation, Collection, Document } from 'mongodb';
import type { EventDocument } from '../../src/projections/events/eventDocument.ts';
import { noEmbeddedLinks, type EmbeddedLinks } from '../../src/projections/events/eventDocument.ts';
import { VenueLocations } from '../../src/projections/events/venueLocations.ts';
import type { EventWriteBatch } from '../../src/projections/readStore.ts';
import type { TermWriteBatch } from '../../src/projections/terms/termCollection.ts';
import type { TermDocument } from '../../src/projections/terms/termDocument.ts';
import type { VenueDocument } from '../../src/projections/venues/venueDocument.ts';
import { MemoryEventCollection } from '../../src/projections/memory/memoryEventCollection.ts';
import { createMemoryTermCollection } from '../../src/projections/memory/memoryTermCollection.ts';
import { createMemoryVenueCollection } from '../../src/projections/memory/memoryItemCollection.ts';
import {
  eventBulkOperations,
  itemBulkOperations,
  runGuardedBulk,
  termBulkOperations,
} from '../../src/projections/mongo/bulkWrites.ts';
import {
  fromStoredEventDocument,
  toStoredEventDocument,
  type StoredEventDocument,
} from '../../src/projections/mongo/eventQueryTranslation.ts';
import {
  fromStoredItem,
  toStoredItem,
  type StoredItemDocument,
} from '../../src/projections/mongo/postQueryTranslation.ts';
import {
  fromStoredTermDocument,
  toStoredTermDocument,
  type StoredTermDocument,
} from '../../src/projections/mongo/termQueryTranslation.ts';
import { MingoBulkCollection, type ExecutionOrder } from '../support/mingoBulkCollection.ts';
import { anEventDocument } from './eventDocumentFixtures.ts';
import { aTermDocument } from './terms/termDocumentFixtures.ts';
import { aVenueDocument } from './items/itemFixtures.ts';

// Few ids and revisions, so that puts meet older, equal and newer documents, and marks meet puts.
const idPool = fc.integer({ min: 1, max: 6 });
const revision = fc.integer({ min: 0, max: 3 });
const label = fc.constantFrom('a', 'b', 'c');

/** Any execution order of an unordered bulk: the operations sorted by drawn keys. */
const executionOrder: fc.Arbitrary<ExecutionOrder> = fc
  .array(fc.nat({ max: 20 }), { minLength: 1, maxLength: 12 })
  .map((keys) => (count) => {
    const key = (index: number) => keys[index % keys.length] as number;
    return [...Array(count).keys()].sort((a, b) => key(a) - key(b) || a - b);
  });

const venueDocuments: readonly VenueDocument[] = [
  aVenueDocument({ id: 101 }),
  aVenueDocument({ id: 102, geoLat: 41.39, geoLng: 2.17 }),
  aVenueDocument({ id: 103, geoLat: 40.42, geoLng: -3.7 }),
];
const embeddedArb: fc.Arbitrary<EmbeddedLinks> = fc
  .subarray([...venueDocuments])
  .map((venues) => ({ ...noEmbeddedLinks, venues }));
const eventArb: fc.Arbitrary<EventDocument> = fc
  .record({ id: idPool, revision, title: label, embedded: embeddedArb })
  .map((fields) => anEventDocument(fields));
/** A document is either put whole or re-embedded within a batch (EventWriteBatch). */
const eventBatchArb: fc.Arbitrary<EventWriteBatch> = fc
  .record({
    puts: fc.uniqueArray(eventArb, { selector: (doc) => doc.id, maxLength: 5 }),
    embedded: fc.uniqueArray(fc.record({ id: idPool, embedded: embeddedArb }), { selector: (e) => e.id, maxLength: 4 }),
  })
  .map(({ puts, embedded }) => ({ puts, embedded: embedded.filter((e) => !puts.some((doc) => doc.id === e.id)) }));

/** Deleted stays deleted: each id is deleted from some revision on (or never), as the term streams are. */
const deletedFromRevision = [Infinity, Infinity, 2, 1, 3, Infinity, 0];
const termArb: fc.Arbitrary<TermDocument> = fc
  .record({ id: idPool, revision, name: label })
  .map((fields) =>
    aTermDocument({ ...fields, deleted: fields.revision >= (deletedFromRevision[fields.id] as number) }),
  );
const countArb = fc.record({ id: idPool, count: fc.nat({ max: 3 }) });
const termBatchArb: fc.Arbitrary<Required<TermWriteBatch>> = fc.record({
  puts: fc.uniqueArray(termArb, { selector: (doc) => doc.id, maxLength: 5 }),
  staleMarks: fc.uniqueArray(idPool, { maxLength: 4 }),
  counts: fc.uniqueArray(countArb, { selector: (c) => c.id, maxLength: 4 }),
});
const venueArb: fc.Arbitrary<VenueDocument> = fc
  .record({ id: idPool, revision, name: label })
  .map((fields) => aVenueDocument(fields));

const sortedById = (documents: readonly Document[]): Document[] =>
  [...documents].sort((a, b) => (a._id as number) - (b._id as number));
const clone = <T>(value: T): T => structuredClone(value);
const asCollection = (collection: MingoBulkCollection) => collection as unknown as Collection<Document>;

describe('the MongoDB bulk translation of a replay batch, run by mingo', () => {
  describe('the mingo bulk oracle', () => {
    it('goes on after a duplicate key in an unordered bulk and reports the failed operation by index', async () => {
      const collection = new MingoBulkCollection();
      collection.documents.push({ _id: 1, revision: 5 });
      const guarded: Document = { _id: 1, revision: { $lt: 2 } };
      const operations: AnyBulkWriteOperation[] = [
        { replaceOne: { filter: guarded, replacement: { revision: 2 }, upsert: true } },
        { replaceOne: { filter: { ...guarded, _id: 2 }, replacement: { revision: 2 }, upsert: true } },
      ];
      const failure = await collection.bulkWrite(operations, { ordered: false }).then(
        () => undefined,
        (error: unknown) => error as { writeErrors: { index: number; code: number }[] },
      );
      expect(failure?.writeErrors.map(({ index, code }) => ({ index, code }))).to.deep.equal([
        { index: 0, code: 11000 },
      ]);
      expect(sortedById(collection.documents)).to.deep.equal([
        { _id: 1, revision: 5 },
        { _id: 2, revision: 2 },
      ]);
    });

    it('re-sends only the refused upserts, without upsert, and they leave the newer document alone', async () => {
      const collection = new MingoBulkCollection();
      const newer = toStoredEventDocument(anEventDocument({ id: 1, revision: 3, title: 'newer' }));
      collection.documents.push(clone(newer));
      const batch: EventWriteBatch = {
        puts: [anEventDocument({ id: 1, revision: 1, title: 'older' }), anEventDocument({ id: 2, revision: 1 })],
        embedded: [],
      };
      await runGuardedBulk(asCollection(collection), eventBulkOperations(batch, new VenueLocations()));
      expect(collection.calls.map((call) => call.length)).to.deep.equal([2, 1]);
      const resent = collection.calls[1]?.[0] as { replaceOne: { filter: Document; upsert: boolean } };
      expect([resent.replaceOne.filter._id, resent.replaceOne.upsert]).to.deep.equal([1, false]);
      expect(sortedById(collection.documents).map((doc) => [doc._id, doc.title])).to.deep.equal([
        [1, 'newer'],
        [2, 'An event'],
      ]);
    });
  });
  it('gives the events the memory read model gives with put and setEmbedded', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(eventArb, { maxLength: 8 }),
        eventBatchArb,
        executionOrder,
        async (seed, batch, order) => {
          const memory = new MemoryEventCollection(new VenueLocations());
          for (const doc of seed) await memory.put(clone(doc));
          const mingo = new MingoBulkCollection(order);
          mingo.documents.push(...[...memory.byAscendingId()].map((doc) => clone(toStoredEventDocument(doc))));

          for (const doc of batch.puts) await memory.put(clone(doc));
          for (const { id, embedded } of batch.embedded) await memory.setEmbedded(id, clone(embedded));
          await runGuardedBulk(asCollection(mingo), eventBulkOperations(clone(batch), new VenueLocations()));

          const stored = sortedById(mingo.documents) as StoredEventDocument[];
          expect(stored.map(fromStoredEventDocument)).to.deep.equal([...memory.byAscendingId()]);
        },
      ),
    );
  });

  it('gives the terms, counts and stale marks that put, markCountsStale and setCount give in memory', async () => {
    const seedArb = fc.record({
      puts: fc.array(termArb, { maxLength: 8 }),
      marks: fc.array(idPool),
      counts: fc.array(countArb),
    });
    await fc.assert(
      fc.asyncProperty(seedArb, termBatchArb, executionOrder, async (seed, batch, order) => {
        const memory = createMemoryTermCollection('category');
        for (const doc of seed.puts) await memory.put(doc);
        await memory.markCountsStale(seed.marks);
        for (const { id, count } of seed.counts) await memory.setCount(id, count);
        const mingo = new MingoBulkCollection(order);
        const seedStale = new Set(await memory.staleCounts());
        for (const term of memory.byAscendingId())
          mingo.documents.push({
            ...toStoredTermDocument(term),
            ...(seedStale.has(term.doc.id) ? { countStale: true } : {}),
          });

        for (const doc of batch.puts) await memory.put(doc);
        await memory.markCountsStale(batch.staleMarks);
        for (const { id, count } of batch.counts) await memory.setCount(id, count);
        for (const operations of termBulkOperations(clone(batch)))
          await runGuardedBulk(asCollection(mingo), operations);

        const stored = sortedById(mingo.documents) as StoredTermDocument[];
        expect(stored.map(fromStoredTermDocument)).to.deep.equal([...memory.byAscendingId()]);
        const staleIds = stored.filter((doc) => doc.countStale === true).map((doc) => doc._id);
        expect(staleIds).to.deep.equal((await memory.staleCounts()).sort((a, b) => a - b));
      }),
      { numRuns: 300 },
    );
  });

  it('gives the venues the memory read model gives with put', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(venueArb, { maxLength: 8 }),
        fc.uniqueArray(venueArb, { selector: (doc) => doc.id, maxLength: 5 }),
        executionOrder,
        async (seed, batch, order) => {
          const memory = createMemoryVenueCollection();
          for (const doc of seed) await memory.put(doc);
          const mingo = new MingoBulkCollection(order);
          mingo.documents.push(...[...memory.byAscendingId()].map((doc) => clone(toStoredItem(doc) as Document)));

          for (const doc of batch) await memory.put(doc);
          await runGuardedBulk(asCollection(mingo), itemBulkOperations(clone(batch)));

          const stored = sortedById(mingo.documents) as unknown as StoredItemDocument<VenueDocument>[];
          expect(stored.map((doc) => fromStoredItem(doc))).to.deep.equal([...memory.byAscendingId()]);
        },
      ),
    );
  });
});
