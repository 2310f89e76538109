// Specifies the projection step's shortcut: events of types no handler names are passed over undecoded, yet they
// count as applied and move the checkpoint like every other event.
import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import { toNewEvent } from '../../src/events/catalogue/envelope.ts';
import { catalogue, type CatalogueType, type DomainEvent } from '../../src/events/catalogue/index.ts';
import { exampleData } from '../../src/events/catalogue/examples.ts';
import type { RecordedEvent } from '../../src/events/eventStore.ts';
import { applyRecordedEvent, handledTypes, type TypedProjectionHandler } from '../../src/projections/projectionStep.ts';
import type { ProjectionHandler } from '../../src/projections/projectionHandler.ts';
import type { ProjectionTarget } from '../../src/projections/projectionTarget.ts';
import { createMemoryReadStore } from '../../src/projections/memory/memoryReadStore.ts';
import { ProjectionRunner } from '../../src/projections/projectionRunner.ts';
import { replayInto } from '../../src/projections/replay.ts';
import { projectionDriver } from '../../src/projections/projectionDriver.ts';
import { openTempStore, type TempStore } from '../support/tempStore.ts';
import { testMemos, testProjections } from '../support/memos.ts';

const ctx = {
  actor: '1',
  now: new Date('2026-11-22T10:00:00Z'),
  correlationId: randomUUID(),
  causationId: randomUUID(),
};
const catalogueTypes = Object.keys(catalogue) as CatalogueType[];
const exampleOf = (type: CatalogueType) => ({ type, data: exampleData[type] }) as DomainEvent;

/** A handler that sees every event it is given, and may name its types. */
function recordingHandler(eventTypes?: CatalogueType[]): ProjectionHandler & { seen: string[] } {
  const seen: string[] = [];
  return {
    name: 'recording',
    ...(eventTypes ? { eventTypes } : {}),
    seen,
    handles: () => true,
    apply: (event) => void seen.push(event.type),
  };
}

function recorded(type: CatalogueType, position: bigint): RecordedEvent {
  return { ...toNewEvent(exampleOf(type), ctx), streamId: `stream-${position}`, revision: 0n, position };
}

describe('projection step', () => {
  it('names, for every projection, exactly the catalogue types its `handles` accepts', () => {
    for (const handler of testProjections as TypedProjectionHandler[]) {
      expect(handler.eventTypes, handler.name).to.be.an('array');
      for (const type of catalogueTypes)
        expect(handler.eventTypes.includes(type), `${handler.name} ${type}`).to.equal(handler.handles(exampleOf(type)));
    }
  });

  it('takes for handled the types some handler names, and every type when one handler names none', () => {
    expect([
      ...(handledTypes([recordingHandler(['VenueRegistered']), recordingHandler(['TagDeleted'])]) ?? []),
    ]).to.have.members(['VenueRegistered', 'TagDeleted']);
    expect(handledTypes([recordingHandler(['VenueRegistered']), recordingHandler()])).to.equal(undefined);
  });

  it('passes over the events of types no handler names, and gives the others to the handlers', () => {
    const target = () => createMemoryReadStore(testMemos).projectionTarget as ProjectionTarget;
    const typed = recordingHandler(['VenueRegistered']);
    applyRecordedEvent(recorded('SlugReserved', 1n), [typed], target());
    applyRecordedEvent(recorded('VenueRegistered', 2n), [typed], target());
    expect(typed.seen).to.deep.equal(['VenueRegistered']);

    const untyped = recordingHandler();
    applyRecordedEvent(recorded('SlugReserved', 1n), [untyped], target());
    expect(untyped.seen).to.deep.equal(['SlugReserved']);
  });

  it('applies an event to the memory read model in the calling turn, and through its port with a promise', async () => {
    const memory = createMemoryReadStore(testMemos);
    const scheduled = recorded('EventScheduled', 1n);
    expect(projectionDriver(memory, testProjections, testMemos.venues).apply(scheduled)).to.equal(undefined);
    expect(memory.projectionTarget?.events.get(7)?.title).to.equal('Jazz Night');

    const remote = createMemoryReadStore(testMemos);
    const driver = projectionDriver({ ...remote, projectionTarget: undefined }, testProjections, testMemos.venues);
    await driver.apply(scheduled);
    expect(await remote.events.get(7), 'before the flush').to.equal(undefined);
    await driver.flush();
    expect((await remote.events.get(7))?.title).to.equal('Jazz Night');
  });

  it('the embedded subscription awaits nothing between events whose handler returns no promise', async () => {
    const temp = await openTempStore();
    try {
      for (const id of [1, 2, 3])
        await temp.store.append(`event-${id}`, [toNewEvent(exampleOf('EventScheduled'), ctx)], 'no_stream');
      const turns: string[] = [];
      let delivered = 0;
      const done = new Promise<void>((resolve) => {
        const subscription = temp.store.subscribeToAll({
          onEvent: () => {
            turns.push(`event ${++delivered}`);
            queueMicrotask(() => turns.push('microtask'));
            if (delivered === 3) void subscription.stop().then(resolve);
          },
        });
      });
      await done;
      expect(turns.slice(0, 3)).to.deep.equal(['event 1', 'event 2', 'event 3']);
    } finally {
      await temp.dispose();
    }
  });

  describe('on a store that ends with registry events', () => {
    let temp: TempStore;
    let lastClaim: bigint;
    beforeEach(async () => {
      temp = await openTempStore();
      await temp.store.append('event-7', [toNewEvent(exampleOf('EventScheduled'), ctx)], 'no_stream');
      await temp.store.append('slug-event-en-jazz-night', [toNewEvent(exampleOf('SlugReserved'), ctx)], 'no_stream');
      lastClaim = (await temp.store.append('ids-post', [toNewEvent(exampleOf('IdBlockReserved'), ctx)], 'no_stream'))
        .position;
    });
    afterEach(async () => temp.dispose());

    it('replayInto counts them as applied and stores the checkpoint after them', async () => {
      const readStore = createMemoryReadStore(testMemos);
      expect(await replayInto(temp.store, readStore, { handlers: testProjections })).to.deep.equal({
        appliedPosition: lastClaim,
        appliedEvents: 3,
      });
      expect(await readStore.checkpoints.get('read-model')).to.equal(lastClaim);
      expect((await readStore.events.get(7))?.title).to.equal('Jazz Night');
    });

    it('the runner reaches their positions, for read-your-writes waits and its checkpoint', async () => {
      const readStore = createMemoryReadStore(testMemos);
      const runner = new ProjectionRunner(temp.store, readStore, testProjections);
      await runner.start();
      await runner.caughtUp;
      expect(runner.appliedPosition).to.equal(lastClaim);
      expect(await runner.waitFor(lastClaim, 1000)).to.equal(true);
      const claimedLive = await temp.store.append(
        'slug-event-en-blues',
        [toNewEvent(exampleOf('SlugReserved'), ctx)],
        'no_stream',
      );
      expect(await runner.waitFor(claimedLive.position, 5000)).to.equal(true);
      await runner.stop();
      expect(await readStore.checkpoints.get('read-model')).to.equal(claimedLive.position);
    });
  });
});
