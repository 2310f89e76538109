// Specifies the series horizon's scans of the read model (src/compose/seriesHorizon.ts): the memory read model is read
// in the calling turn, without the port's promise per document, and any other read store through the port, with the
// same answers.
import { expect } from 'chai';
import { openSeriesOf, seriesItemsOf } from '../../src/compose/seriesHorizon.ts';
import { createMemoryReadStore } from '../../src/projections/memory/memoryReadStore.ts';
import type { ReadStore } from '../../src/projections/readStore.ts';
import { anEventDocument } from '../projections/eventDocumentFixtures.ts';
import { testMemos } from '../support/memos.ts';

async function seriesReadModel(): Promise<ReadStore> {
  const readStore = createMemoryReadStore(testMemos);
  const documents = [
    anEventDocument({ id: 1, slug: 'plain' }),
    anEventDocument({ id: 2, slug: 'open', recurrence: ['RRULE:FREQ=WEEKLY'], occurrences: [] }),
    anEventDocument({ id: 3, slug: 'counted', recurrence: ['RRULE:FREQ=WEEKLY;COUNT=3'], occurrences: [] }),
    anEventDocument({
      id: 4,
      slug: 'trashed',
      status: 'trash',
      statusBeforeTrash: 'publish',
      recurrence: ['RRULE:FREQ=DAILY'],
      occurrences: [],
    }),
    anEventDocument({ id: 6, slug: 'occurrence', recurringEventId: 2 }),
  ];
  // One out of id order: the scans still answer in ascending ids.
  for (const doc of [documents[1], documents[0], ...documents.slice(2)]) await readStore.events.put(doc!);
  return readStore;
}

describe('series horizon: scans of the read model', () => {
  it('reads the memory read model in the calling turn, not through the async documents', async () => {
    const memory = await seriesReadModel();
    const withoutAsync: ReadStore = {
      ...memory,
      documents: () => {
        throw new Error('the memory read model is scanned in the calling turn');
      },
    };
    expect(await openSeriesOf(withoutAsync).openSeries()).to.deep.equal([2]);
    expect(await seriesItemsOf(withoutAsync).seriesItems()).to.deep.equal([2, 3, 4]);
  });

  it('gives the same answers through the port where the read store cannot answer in the calling turn', async () => {
    const memory = await seriesReadModel();
    const portOnly: ReadStore = { ...memory, eventsInIdOrder: undefined };
    expect(await openSeriesOf(portOnly).openSeries()).to.deep.equal([2]);
    expect(await seriesItemsOf(portOnly).seriesItems()).to.deep.equal([2, 3, 4]);
  });
});
