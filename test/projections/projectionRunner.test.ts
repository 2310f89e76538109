// Specifies the projection runner: catch-up from a checkpoint, live updates, resumption without loss or double effect.
import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import { toNewEvent } from '../../src/events/catalogue/envelope.ts';
import type { EventFacts } from '../../src/events/catalogue/calendarEvents.ts';
import { createMemoryReadStore } from '../../src/projections/memory/memoryReadStore.ts';
import { ProjectionRunner } from '../../src/projections/projectionRunner.ts';
import { allProjections } from '../../src/projections/allProjections.ts';
import type { ReadStore } from '../../src/projections/readStore.ts';
import { anEventDocument } from './eventDocumentFixtures.ts';
import { openTempStore, type TempStore } from '../support/tempStore.ts';

const ctx = { actor: '1', now: new Date('2026-11-22T10:00:00Z'), correlationId: randomUUID(), causationId: randomUUID() };
const { id: _id, revision: _r, modifiedUtc: _m, timezoneAbbr: _a, searchText: _s, statusBeforeTrash: _t, ...facts } = anEventDocument();
const baseFacts: EventFacts = facts;

async function schedule(temp: TempStore, id: number, title: string) {
  const event = toNewEvent({ type: 'EventScheduled', data: { id, facts: { ...baseFacts, title } } }, ctx);
  return temp.store.append(`event-${id}`, [event], 'no_stream');
}

async function rename(temp: TempStore, id: number, title: string, revision: bigint) {
  const event = toNewEvent({ type: 'EventDetailsChanged', data: { id, changes: { title } } }, ctx);
  return temp.store.append(`event-${id}`, [event], revision);
}

describe('ProjectionRunner', () => {
  let temp: TempStore;
  let readStore: ReadStore;
  beforeEach(async () => {
    temp = await openTempStore();
    readStore = createMemoryReadStore();
  });
  afterEach(async () => temp.dispose());

  it('catches up with what is stored, then follows live appends; waitFor resolves once a position is applied', async () => {
    await schedule(temp, 1, 'First');
    const runner = new ProjectionRunner(temp.store, readStore, allProjections);
    await runner.start();
    await runner.caughtUp;
    expect((await readStore.events.get(1))?.title).to.equal('First');
    const written = await rename(temp, 1, 'First, renamed', 0n);
    await runner.waitFor(written.position);
    expect((await readStore.events.get(1))?.title).to.equal('First, renamed');
    expect((await readStore.events.get(1))?.revision).to.equal(1);
    await runner.stop();
  });

  it('resumes from its stored checkpoint after a restart: nothing lost, nothing applied twice', async () => {
    const first = new ProjectionRunner(temp.store, readStore, allProjections);
    await first.start();
    await schedule(temp, 1, 'One');
    const one = await schedule(temp, 2, 'Two');
    await first.waitFor(one.position);
    await first.stop();
    expect(await readStore.checkpoints.get('read-model')).to.equal(one.position);

    // Written while no runner is running.
    await rename(temp, 1, 'One, renamed', 0n);
    const three = await schedule(temp, 3, 'Three');
    const applied: string[] = [];
    const put = readStore.events.put.bind(readStore.events);
    readStore.events.put = async (doc) => {
      applied.push(`${doc.id}@${doc.revision}`);
      return put(doc);
    };
    const second = new ProjectionRunner(temp.store, readStore, allProjections);
    await second.start();
    await second.caughtUp;
    await second.waitFor(three.position);
    expect(applied).to.deep.equal(['1@1', '3@0']);
    expect((await readStore.events.get(1))?.title).to.equal('One, renamed');
    await second.stop();
  });

  it('yields the same documents when everything is replayed over an existing read model', async () => {
    await schedule(temp, 1, 'Once');
    await rename(temp, 1, 'Twice', 0n);
    const runner = new ProjectionRunner(temp.store, readStore, allProjections);
    await runner.start();
    await runner.caughtUp;
    const before = await readStore.events.get(1);
    await runner.stop();
    await readStore.checkpoints.set('read-model', -1n);
    const replay = new ProjectionRunner(temp.store, readStore, allProjections);
    await replay.start();
    await replay.caughtUp;
    expect(await readStore.events.get(1)).to.deep.equal(before);
    await replay.stop();
  });
});
