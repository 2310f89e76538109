// Specifies the moments the projection runner offers between two events (what a background snapshot is taken at):
// never while an event is half-applied, even when its handler yields the event loop between two writes.
import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import { toNewEvent } from '../../src/events/catalogue/envelope.ts';
import type { EventFacts } from '../../src/events/catalogue/calendarEvents.ts';
import { createMemoryReadStore } from '../../src/projections/memory/memoryReadStore.ts';
import { ProjectionRunner } from '../../src/projections/projectionRunner.ts';
import type { ProjectionHandler } from '../../src/projections/projectionHandler.ts';
import { anEventDocument } from './eventDocumentFixtures.ts';
import { openTempStore, type TempStore } from '../support/tempStore.ts';
import { testMemos } from '../support/memos.ts';

const ctx = {
  actor: '1',
  now: new Date('2026-11-22T10:00:00Z'),
  correlationId: randomUUID(),
  causationId: randomUUID(),
};
const {
  id: _id,
  revision: _r,
  modifiedUtc: _m,
  timezoneAbbr: _a,
  searchText: _s,
  statusBeforeTrash: _t,
  ...facts
} = anEventDocument();

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Two writes per event with a turn of the event loop between them, as a handler on a remote store would. */
function twoStepHandler(written: { first: bigint; second: bigint }): ProjectionHandler {
  return {
    name: 'two steps',
    handles: () => true,
    async apply(_event, recorded) {
      written.first = recorded.position;
      await nextTurn();
      written.second = recorded.position;
    },
  };
}

describe('ProjectionRunner.atRest', function () {
  this.timeout(60_000);
  let temp: TempStore;
  beforeEach(async () => (temp = await openTempStore()));
  afterEach(async () => temp.dispose());

  it('captures only between two events, with the position the writes reflect, while events keep arriving', async () => {
    const written = { first: -1n, second: -1n };
    const runner = new ProjectionRunner(temp.store, createMemoryReadStore(testMemos), [twoStepHandler(written)]);
    await runner.start();
    const captures: Promise<{ first: bigint; second: bigint; position: bigint }>[] = [];
    for (let id = 1; id <= 40; id++) {
      const event = toNewEvent(
        { type: 'EventScheduled', data: { id, facts: { ...(facts as EventFacts), title: `T${id}` } } },
        ctx,
      );
      const appended = temp.store.append(`event-${id}`, [event], 'no_stream');
      // Asked for at every turn, so many fall between the two writes of an event.
      while (!(await Promise.race([appended.then(() => true), nextTurn().then(() => false)])))
        captures.push(runner.atRest((position) => ({ ...written, position })));
      captures.push(runner.atRest((position) => ({ ...written, position })));
    }
    await runner.waitFor(await temp.store.headPosition(), 10_000);
    const taken = await Promise.all(captures);
    await runner.stop();
    expect(new Set(taken.map(({ position }) => position)).size, 'distinct positions captured').to.be.greaterThan(10);
    for (const capture of taken)
      expect(capture).to.deep.equal({ ...capture, first: capture.position, second: capture.position });
  });

  it('refuses a capture still waiting when the runner stops after an event failed half-way', async () => {
    const written = { first: -1n, second: -1n };
    let failed!: () => void;
    const failure = new Promise<void>((resolve) => (failed = resolve));
    const halfWay: ProjectionHandler = {
      name: 'fails after its first write',
      handles: () => true,
      async apply(_event, recorded) {
        written.first = recorded.position;
        failed();
        throw new Error('the second write failed');
      },
    };
    const runner = new ProjectionRunner(temp.store, createMemoryReadStore(testMemos), [halfWay], {
      retry: { initialMs: 60_000, maxMs: 60_000 },
      onFailure: () => {},
    });
    await runner.start();
    const event = toNewEvent({ type: 'EventScheduled', data: { id: 1, facts: facts as EventFacts } }, ctx);
    await temp.store.append('event-1', [event], 'no_stream');
    await failure;
    const capture = runner.atRest((position) => ({ ...written, position }));
    await runner.stop();
    const outcome = await capture.then(
      (taken) => `captured ${JSON.stringify(taken, (_key, value: unknown) => String(value))}`,
      (error: Error) => error.message,
    );
    expect(outcome).to.equal('the projection stopped mid-event');
  });
});
