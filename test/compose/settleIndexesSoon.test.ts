// Specifies that the indexes a snapshot load leaves for later (memoryEventCollection.ts `putAll`) are built soon after
// the service serves, by the composition root (src/compose/embeddedReadModel.ts), without waiting for a first use.
import { expect } from 'chai';
import { settleIndexesSoon } from '../../src/compose/embeddedReadModel.ts';
import { createMemoryReadStore } from '../../src/projections/memory/memoryReadStore.ts';
import { anEventDocument } from '../projections/eventDocumentFixtures.ts';
import { testMemos } from '../support/memos.ts';

const nextTimers = () => new Promise((resolve) => setTimeout(resolve, 1));

describe('indexes left by a snapshot load', () => {
  it('are built once the service serves, with no read asking for them', async () => {
    const memory = createMemoryReadStore(testMemos);
    memory.events.putAll([1, 2].map((id) => anEventDocument({ id, slug: `e${id}`, venues: [3] })));
    expect(memory.events.unsettledIndexes).to.equal(true);
    settleIndexesSoon(memory, 0);
    await nextTimers();
    expect(memory.events.unsettledIndexes).to.equal(false);
  });

  it('are built a slice per turn of the event loop, so that requests are answered in between', async () => {
    const memory = createMemoryReadStore(testMemos);
    memory.events.putAll([1, 2, 3, 4].map((id) => anEventDocument({ id, slug: `e${id}`, venues: [3] })));
    settleIndexesSoon(memory, 0, 1);
    // Timers of the same delay run in the order they were set: the first slice has been built after this one.
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(memory.events.unsettledIndexes, 'after the first slice').to.equal(true);
    let turns = 0;
    for (; memory.events.unsettledIndexes && turns < 100; turns++)
      await new Promise((resolve) => setImmediate(resolve));
    expect(memory.events.unsettledIndexes).to.equal(false);
    expect(turns, 'turns of the event loop it took after the first slice').to.be.greaterThan(1);
    expect((await memory.events.linking('venues', 3)).map((doc) => doc.id)).to.deep.equal([1, 2, 3, 4]);
    expect((await memory.events.bySlug('en', 'e4')).map((doc) => doc.id)).to.deep.equal([4]);
  });

  it('leave nothing to do where nothing was left (a replayed or remote read model)', () => {
    settleIndexesSoon(undefined, 0);
    const memory = createMemoryReadStore(testMemos);
    settleIndexesSoon(memory, 0);
    expect(memory.events.unsettledIndexes).to.equal(false);
  });
});
