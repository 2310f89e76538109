// Specifies that the memory adapter answers every kind of event list query (its candidate sets, search word index,
// columns and start-ordered windows, whichever the cost model picks) exactly like a filter-and-sort over all
// documents with `matchesEventQuery` and `compareByStart`, while documents are updated, hidden, trashed and
// re-embedded.
import { expect } from 'chai';
import fc from 'fast-check';
import type { EventDocument } from '../../src/projections/events/eventDocument.ts';
import type { EventListQuery } from '../../src/projections/events/eventListQuery.ts';
import { compareByStart, matchesEventQuery } from '../../src/projections/events/matchesEventQuery.ts';
import { MemoryEventCollection } from '../../src/projections/memory/memoryEventCollection.ts';
import { anEventDocument } from './eventDocumentFixtures.ts';
import { documentFields, documentOf, query, spots, venueAt, type DocumentFields } from './eventQueryArbitraries.ts';
import { testMemos } from '../support/memos.ts';

type Step =
  | { readonly kind: 'put'; readonly fields: DocumentFields; readonly stale: boolean }
  | { readonly kind: 'reschedule'; readonly fields: DocumentFields; readonly dates: DocumentFields['dates'] }
  | { readonly kind: 'embed'; readonly id: number; readonly spot: number | undefined }
  | { readonly kind: 'query'; readonly query: EventListQuery };

const steps: fc.Arbitrary<Step[]> = fc
  .array(documentFields, { minLength: 1, maxLength: 40, size: 'max' })
  .chain((writes) => {
    const texts = writes.flatMap((w) => [w.title, w.excerpt, w.description]);
    const put = fc
      .constantFrom(...writes)
      .chain((fields) => fc.boolean().map((stale): Step => ({ kind: 'put', fields, stale })));
    const embed = fc
      .record({
        id: fc.integer({ min: 1, max: 24 }),
        spot: fc.option(fc.nat({ max: spots.length - 1 }), { nil: undefined }),
      })
      .map(({ id, spot }): Step => ({ kind: 'embed', id, spot }));
    // The same document at other dates, its links and text unchanged.
    const reschedule = fc
      .tuple(
        fc.constantFrom(...writes),
        documentFields.map((f) => f.dates),
      )
      .map(([fields, dates]): Step => ({ kind: 'reschedule', fields, dates }));
    const ask = query(texts).map((q): Step => ({ kind: 'query', query: q }));
    return fc.array(
      fc.oneof(
        { arbitrary: put, weight: 5 },
        { arbitrary: reschedule, weight: 2 },
        { arbitrary: embed, weight: 2 },
        { arbitrary: ask, weight: 3 },
      ),
      { maxLength: 60, size: 'max' },
    );
  });

/** Runs the steps against the collection and a plain map of the latest documents, comparing every query's answer. */
async function expectSameAnswers(run: readonly Step[]): Promise<void> {
  const collection = new MemoryEventCollection(testMemos.venues);
  const latest = new Map<number, EventDocument>();
  let revision = 1;
  const put = async (doc: EventDocument) => {
    await collection.put(doc);
    const known = latest.get(doc.id);
    if (!known || known.revision < doc.revision) latest.set(doc.id, doc);
  };
  for (const step of run) {
    if (step.kind === 'put') {
      // A stale revision must change nothing.
      await put(documentOf(step.fields, step.stale ? 0 : revision++));
    } else if (step.kind === 'reschedule') {
      await put(documentOf({ ...step.fields, dates: step.dates }, revision++));
    } else if (step.kind === 'embed') {
      const venue = venueAt(1, step.spot);
      await collection.setEmbedded(step.id, { venues: [venue], organizers: [], categories: [], tags: [] });
      const known = latest.get(step.id);
      // The collection re-embeds its document in place: the one held here is that same object.
      if (known) expect(known.embedded.venues).to.deep.equal([venue]);
    } else {
      const q = step.query;
      const expected = [...latest.values()].filter((d) => matchesEventQuery(d, q)).sort(compareByStart);
      const page = await collection.list(q);
      expect(page.total, 'total').to.equal(expected.length);
      expect(
        page.items.map((d) => d.id),
        'page',
      ).to.deep.equal(expected.slice(q.offset, q.offset + q.limit).map((d) => d.id));
    }
  }
}

describe('Memory event queries', () => {
  it(
    'answers every kind of query like a filter-and-sort over the latest documents, between ' +
      'updates and re-embeddings',
    async () => {
      await fc.assert(fc.asyncProperty(steps, expectSameAnswers), { seed: 11, numRuns: 400 });
    },
  );

  it(
    'lists a document rescheduled with its links unchanged at its new date, in a linked item’s ' + 'date window',
    async () => {
      const collection = new MemoryEventCollection(testMemos.venues);
      const q: EventListQuery = {
        language: 'en',
        statuses: ['publish'],
        categories: [2],
        startFrom: '2026-02-01 00:00:00',
        offset: 0,
        limit: 5,
      };
      for (let id = 1; id <= 40; id++)
        await collection.put(anEventDocument({ id, start: '2026-03-01 10:00:00', end: '2026-03-01 11:00:00' }));
      await collection.put(
        anEventDocument({ id: 50, categories: [2], start: '2026-01-01 10:00:00', end: '2026-01-01 11:00:00' }),
      );
      expect((await collection.list(q)).total).to.equal(0);
      await collection.put(
        anEventDocument({
          id: 50,
          revision: 1,
          categories: [2],
          start: '2026-03-01 10:00:00',
          end: '2026-03-01 11:00:00',
        }),
      );
      expect((await collection.list(q)).items.map((d) => d.id)).to.deep.equal([50]);
    },
  );

  it('counts a document that lists a linked item twice once', async () => {
    const collection = new MemoryEventCollection(testMemos.venues);
    for (let id = 1; id <= 40; id++) await collection.put(anEventDocument({ id }));
    await collection.put(anEventDocument({ id: 50, categories: [2, 2], tags: [3, 4, 3] }));
    for (const q of [{ categories: [2] }, { tags: [3] }, { tags: [3, 4] }]) {
      const page = await collection.list({ language: 'en', statuses: ['publish'], ...q, offset: 0, limit: 5 });
      expect(page.items.map((d) => d.id)).to.deep.equal([50]);
      expect(page.total).to.equal(1);
    }
  });

  it(
    'keeps answering searches exactly while texts change after the word index is built, through ' + 'its rebuilds',
    async () => {
      const collection = new MemoryEventCollection(testMemos.venues);
      const latest = new Map<number, EventDocument>();
      const put = async (doc: EventDocument) => {
        await collection.put(doc);
        latest.set(doc.id, doc);
      };
      const expectSearch = async (searchTerms: string[]) => {
        const q: EventListQuery = { language: 'en', statuses: ['publish'], searchTerms, offset: 0, limit: 5 };
        const expected = [...latest.values()].filter((d) => matchesEventQuery(d, q)).sort(compareByStart);
        const page = await collection.list(q);
        expect(page.total).to.equal(expected.length);
        expect(page.items.map((d) => d.id)).to.deep.equal(expected.slice(0, 5).map((d) => d.id));
      };
      for (let id = 1; id <= 600; id++)
        await put(anEventDocument({ id, revision: 1, title: id % 3 === 0 ? 'Jazz night' : 'Folk night' }));
      await expectSearch(['jazz']);
      // More changed texts than the index tolerates before a rebuild, and documents it has never seen.
      for (let id = 1; id <= 900; id++) {
        await put(anEventDocument({ id, revision: 2, title: id % 5 === 0 ? 'Jazz and folk' : 'Blues night' }));
        if (id % 97 === 0) {
          await expectSearch(['jazz']);
          await expectSearch(['folk', 'jazz']);
          await expectSearch(['night']);
        }
      }
      await expectSearch(['jazz']);
      await expectSearch(['blues night']);
    },
  );
});
