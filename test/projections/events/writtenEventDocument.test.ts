// The document a write's answer renders (docs/api.md §10.1): the read model's at the write's revision, else the fold of
// the event's own stream up to the write.
import { expect } from 'chai';
import { toNewEvent } from '../../../src/events/catalogue/envelope.ts';
import { createMemoryReadStore } from '../../../src/projections/memory/memoryReadStore.ts';
import { ProjectionRunner } from '../../../src/projections/projectionRunner.ts';
import type { ReadStore } from '../../../src/projections/readStore.ts';
import { writtenEventDocument } from '../../../src/projections/events/writtenEventDocument.ts';
import { aCommandContext, anEventsFacts } from '../eventDocumentFixtures.ts';
import { openTempStore, type TempStore } from '../../support/tempStore.ts';
import { testFolding, testMemos, testProjections } from '../../support/memos.ts';

const ctx = aCommandContext();
const baseFacts = anEventsFacts();

describe('writtenEventDocument', () => {
  let temp: TempStore;
  let readStore: ReadStore;
  let runner: ProjectionRunner;
  beforeEach(async () => {
    temp = await openTempStore();
    readStore = createMemoryReadStore(testMemos);
    runner = new ProjectionRunner(temp.store, readStore, testProjections);
    await runner.start();
  });
  afterEach(async () => {
    await runner.stop();
    await temp.dispose();
  });

  const scheduled = toNewEvent(
    { type: 'EventScheduled', data: { id: 1, facts: { ...baseFacts, title: 'First' } } },
    ctx,
  );
  const renamed = toNewEvent({ type: 'EventDetailsChanged', data: { id: 1, changes: { title: 'Second' } } }, ctx);

  it('is the read model document itself when the read model is at the write', async () => {
    const written = await temp.store.append('event-1', [scheduled], 'no_stream');
    expect(await runner.waitFor(written.position, 5000)).to.equal(true);
    const projected = await readStore.events.get(1);
    const answered = await writtenEventDocument(
      temp.store,
      readStore,
      { id: 1, revision: written.nextRevision },
      testFolding,
    );
    expect(answered).to.equal(projected);
  });

  it('is folded from the stream up to the write when the read model is at a later write', async () => {
    const first = await temp.store.append('event-1', [scheduled], 'no_stream');
    const second = await temp.store.append('event-1', [renamed], first.nextRevision);
    expect(await runner.waitFor(second.position, 5000)).to.equal(true);
    const answered = await writtenEventDocument(
      temp.store,
      readStore,
      { id: 1, revision: first.nextRevision },
      testFolding,
    );
    expect(answered?.title).to.equal('First');
    expect(answered?.revision).to.equal(0);
  });
});
