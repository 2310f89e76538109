// Specifies the memory event collection's link index against its plain meaning: after any sequence of puts (new
// documents, later revisions that change, keep or repeat their links, or move their start), the documents linking an
// item are exactly the current documents whose link list names it, each once.
import { expect } from 'chai';
import fc from 'fast-check';
import { linkFields, type EventDocument } from '../../src/projections/events/eventDocument.ts';
import { VenueLocations } from '../../src/projections/events/venueLocations.ts';
import { MemoryEventCollection } from '../../src/projections/memory/memoryEventCollection.ts';
import { documentFields, documentOf } from './eventQueryArbitraries.ts';

/** Link lists over a few ids, some listing an id twice. */
const links = fc.array(fc.integer({ min: 1, max: 5 }), { maxLength: 4 });
const relinking = fc.record({
  at: fc.nat(),
  venues: links,
  organizers: links,
  categories: links,
  tags: links,
  startKeyShift: fc.constantFrom(0, 3600),
});

const scenario = fc.tuple(
  fc
    .uniqueArray(documentFields, { selector: (f) => f.id, minLength: 1, maxLength: 12 })
    .map((fields) => fields.map((f, i) => documentOf(f, i + 1))),
  fc.array(relinking, { maxLength: 20 }),
);

describe('memory event collection: link index', () => {
  it('files each current document under every item its links name, once, whatever the puts before', async () => {
    await fc.assert(
      fc.asyncProperty(scenario, async ([docs, changes]) => {
        const collection = new MemoryEventCollection(new VenueLocations());
        const current = new Map<number, EventDocument>();
        for (const doc of docs) {
          await collection.put(doc);
          current.set(doc.id, doc);
        }
        for (const { at, startKeyShift, ...lists } of changes) {
          const before = [...current.values()][at % current.size] as EventDocument;
          const same = at % 3 === 0; // the very arrays of the revision before, as an event leaving them alone gives
          const next = {
            ...before,
            ...(same ? {} : lists),
            revision: before.revision + 1,
            startKey: before.startKey + startKeyShift,
          };
          await collection.put(next);
          current.set(next.id, next);
        }
        for (const field of linkFields) {
          for (let id = 1; id <= 5; id++) {
            const expected = [...current.values()].filter((doc) => doc[field].includes(id)).map((doc) => doc.id);
            const linking = (await collection.linking(field, id)).map((doc) => doc.id);
            expect(
              linking.sort((a, b) => a - b),
              `${field} ${id}`,
            ).to.deep.equal(expected.sort((a, b) => a - b));
          }
        }
      }),
      { numRuns: 300 },
    );
  });
});
