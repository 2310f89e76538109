// The MongoDB translation of the scheduler's question (the `future` items, earliest date first; docs/api.md §20.6),
// evaluated with mingo, agrees with the memory collections' index, for events and for items (docs/architecture.md §3).
import { expect } from 'chai';
import fc from 'fast-check';
import { Query } from 'mingo';
import type { PostStatus } from '../../src/events/catalogue/values.ts';
import { MemoryEventCollection } from '../../src/projections/memory/memoryEventCollection.ts';
import { createMemoryVenueCollection } from '../../src/projections/memory/memoryItemCollection.ts';
import { toStoredEventDocument } from '../../src/projections/mongo/eventQueryTranslation.ts';
import { toStoredItem } from '../../src/projections/mongo/postQueryTranslation.ts';
import {
  fromStoredScheduled,
  scheduledPublicationIndex,
  scheduledPublicationQuery,
  type StoredScheduledPublication,
} from '../../src/projections/mongo/scheduledPublicationQuery.ts';
import type { ScheduledPublication } from '../../src/projections/scheduledPublications.ts';
import { anEventDocument } from './eventDocumentFixtures.ts';
import { aVenueDocument } from './items/itemFixtures.ts';
import { testMemos } from '../support/memos.ts';

// Few dates, so that documents tie on them and the id has to break the ties.
const dates = ['2026-11-22 10:00:00', '2026-11-22 11:00:00', '2026-11-22 11:00:01', '2026-12-01 00:00:00'];
const status = fc.constantFrom<PostStatus>('future', 'future', 'publish', 'draft', 'trash');
/** Each document put once or twice (the second a newer revision), so the index must follow a status that changed. */
const versions = fc.uniqueArray(
  fc.record({
    id: fc.integer({ min: 1, max: 12 }),
    first: fc.record({ status, date: fc.constantFrom(...dates) }),
    then: fc.option(fc.record({ status, date: fc.constantFrom(...dates) }), { nil: undefined }),
  }),
  { selector: (v) => v.id, maxLength: 12 },
);
const limit = fc.integer({ min: 0, max: 14 });

function withMingo(stored: readonly Record<string, unknown>[], n: number): ScheduledPublication[] {
  if (n <= 0) return [];
  const { filter, sort, projection } = scheduledPublicationQuery(n);
  return (
    new Query(filter).find(stored, projection).sort(sort).limit(n).all() as unknown as StoredScheduledPublication[]
  ).map(fromStoredScheduled);
}

describe('scheduled publication query (mingo oracle)', () => {
  it('events: the memory index and the translation give the same items in the same order', async () => {
    await fc.assert(
      fc.asyncProperty(versions, limit, async (all, n) => {
        const memory = new MemoryEventCollection(testMemos.venues);
        const latest = [];
        for (const v of all) {
          const first = anEventDocument({ id: v.id, revision: 0, status: v.first.status, publishedUtc: v.first.date });
          await memory.put(first);
          const last = v.then
            ? anEventDocument({ id: v.id, revision: 1, status: v.then.status, publishedUtc: v.then.date })
            : first;
          await memory.put(last);
          latest.push(last);
        }
        const stored = latest.map((doc) => ({ ...toStoredEventDocument(doc) }) as unknown as Record<string, unknown>);
        expect(withMingo(stored, n)).to.deep.equal(await memory.scheduledPublications(n));
      }),
      { seed: 20261122, numRuns: 200 },
    );
  });

  it('venues and organizers: the same', async () => {
    await fc.assert(
      fc.asyncProperty(versions, limit, async (all, n) => {
        const memory = createMemoryVenueCollection();
        const latest = [];
        for (const v of all) {
          const first = aVenueDocument({ id: v.id, revision: 0, status: v.first.status, publishedUtc: v.first.date });
          await memory.put(first);
          const last = v.then
            ? aVenueDocument({ id: v.id, revision: 1, status: v.then.status, publishedUtc: v.then.date })
            : first;
          await memory.put(last);
          latest.push(last);
        }
        const stored = latest.map((doc) => toStoredItem(doc) as unknown as Record<string, unknown>);
        expect(withMingo(stored, n)).to.deep.equal(await memory.scheduledPublications(n));
      }),
      { seed: 20261122, numRuns: 200 },
    );
  });

  it('is served by an index that starts with the filter and ends with the sort', () => {
    const { filter, sort } = scheduledPublicationQuery(1);
    expect(Object.keys(scheduledPublicationIndex.key)).to.deep.equal([...Object.keys(filter), ...Object.keys(sort)]);
  });
});
