// Specification of the kept stream states (src/commands/streamStates.ts) against a real embedded event store: a load
// folds only what came after the kept state, sees every append (another store's on the same data dir included), and
// keeps a bounded number of states.
import { expect } from 'chai';
import { join } from 'node:path';
import { StreamLocks } from '../../src/commands/streamLocks.ts';
import { StreamStates } from '../../src/commands/streamStates.ts';
import { createTerm, deleteTerm, type TermCommandDeps } from '../../src/commands/terms/termCommands.ts';
import { termStreamFold } from '../../src/commands/terms/termWriteSteps.ts';
import { isLive } from '../../src/commands/terms/termState.ts';
import type { WriteContext } from '../../src/events/catalogue/envelope.ts';
import { termStreamId } from '../../src/events/catalogue/terms.ts';
import { openLmdbEventStore } from '../../src/events/embedded/lmdbEventStore.ts';
import { openTempStore, type TempStore } from '../support/tempStore.ts';
import { termCommandDepsOn } from '../support/termCommandDeps.ts';
import { recordingReads, startsOf, type StreamRead } from '../support/recordingReads.ts';

const ctx: WriteContext = { actor: '1', now: new Date('2025-11-10T12:00:00Z'), correlationId: 'c', causationId: 'c' };
const tags = termStreamFold('tag');

describe('stream states', () => {
  let temp: TempStore;
  let deps: TermCommandDeps;
  beforeEach(async () => {
    temp = await openTempStore();
    deps = termCommandDepsOn(temp.store);
  });
  afterEach(async () => temp.dispose());

  const createTag = async (name: string): Promise<number> => {
    const created = await createTerm(deps, 'tag', { name }, 'en', ctx);
    if (created._tag === 'Left') return expect.fail(JSON.stringify(created.left));
    return created.right.id;
  };

  it('folds the whole stream once, then only the events after the kept state', async () => {
    const id = await createTag('Jazz');
    const reads: StreamRead[] = [];
    const states = new StreamStates();
    const store = recordingReads(temp.store, reads);
    const first = await states.load(store, termStreamId('tag', id), tags);
    expect(isLive(first.state)).to.equal(true);
    expect(first.revision).to.equal(0n);
    const again = await states.load(store, termStreamId('tag', id), tags);
    expect(again.state).to.equal(first.state);
    await deleteTerm(deps, 'tag', id, ctx);
    const afterDelete = await states.load(store, termStreamId('tag', id), tags);
    expect(isLive(afterDelete.state)).to.equal(false);
    expect(afterDelete.revision).to.equal(1n);
    expect(startsOf(reads, termStreamId('tag', id))).to.deep.equal([undefined, 1n, 1n]);
  });

  it('sees an append made through another store on the same data directory', async () => {
    const id = await createTag('Blues');
    const states = new StreamStates();
    expect(isLive((await states.load(temp.store, termStreamId('tag', id), tags)).state)).to.equal(true);
    const other = await openLmdbEventStore(join(temp.dir, 'events'));
    try {
      const otherDeps = { ...deps, store: other, locks: new StreamLocks() };
      const deleted = await deleteTerm(otherDeps, 'tag', id, ctx);
      expect(deleted._tag).to.equal('Right');
    } finally {
      await other.close();
    }
    expect(isLive((await states.load(temp.store, termStreamId('tag', id), tags)).state)).to.equal(false);
  });

  it('keeps at most its capacity of states, letting the least recently used go first', async () => {
    const ids = [await createTag('One'), await createTag('Two'), await createTag('Three')];
    const reads: StreamRead[] = [];
    const store = recordingReads(temp.store, reads);
    const states = new StreamStates(2);
    for (const id of ids) await states.load(store, termStreamId('tag', id), tags);
    expect(states.size).to.equal(2);
    reads.length = 0;
    // The first tag's state went first: it is folded whole again, the last two only from after their kept state.
    for (const id of [...ids].reverse()) await states.load(store, termStreamId('tag', id), tags);
    expect(reads.map((read) => read.fromRevision)).to.deep.equal([1n, 1n, undefined]);
  });
});
