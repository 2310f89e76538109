// The event fold is made once per root (eventFoldingOf): the fold cache knows states by the fold's identity, so every
// reader of past event states (as_of, history, write answers) must fold with that one fold to share the states.
import { expect } from 'chai';
import { toNewEvent } from '../../../src/events/catalogue/envelope.ts';
import { NoStream } from '../../../src/events/eventStore.ts';
import { eventDocumentAt } from '../../../src/projections/events/eventDocumentAt.ts';
import { FoldCache } from '../../../src/projections/history/foldCache.ts';
import { resourceHistoryKindOf } from '../../../src/projections/history/resourceHistoryKinds.ts';
import { streamFolds } from '../../../src/projections/history/streamFolds.ts';
import { openTempStore, type TempStore } from '../../support/tempStore.ts';
import { testFolding, testHistoryKinds } from '../../support/memos.ts';
import { jazzFacts } from './recordedFixtures.ts';

describe("the root's event folding", () => {
  let temp: TempStore;
  before(async () => {
    temp = await openTempStore();
    const ctx = { actor: '1', now: new Date('2026-11-22T10:00:00Z'), correlationId: 'c', causationId: 'c' };
    await temp.store.append(
      'event-7',
      [toNewEvent({ type: 'EventScheduled', data: { id: 7, facts: jazzFacts } }, ctx)],
      NoStream,
    );
  });
  after(async () => temp.dispose());

  it('history folds events with the same fold as as_of reads, so a state one folded serves the other', async () => {
    const cache = new FoldCache();
    const folds = streamFolds(temp.store, cache);
    const doc = await eventDocumentAt(folds, testFolding, 7, 0n);
    const historyFold = resourceHistoryKindOf(testHistoryKinds, 'event-7')?.fold;
    expect(historyFold).to.equal(testFolding.fold);
    expect(cache.nearest('event-7', historyFold ?? (() => undefined), { kind: 'head' })?.doc).to.equal(doc);
  });
});
