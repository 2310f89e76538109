// Specifies the moments the projection runner offers between two events (what a background snapshot is taken at):
// never while an event is half-applied, even when its writes reach the read store over several turns of the event loop.
import { expect } from 'chai';
import { toNewEvent } from '../../src/events/catalogue/envelope.ts';
import type { EventFacts } from '../../src/events/catalogue/calendarEvents.ts';
import { createMemoryReadStore } from '../../src/projections/memory/memoryReadStore.ts';
import { ProjectionRunner } from '../../src/projections/projectionRunner.ts';
import type { ProjectionHandler } from '../../src/projections/projectionHandler.ts';
import { aCommandContext, anEventsFacts } from './eventDocumentFixtures.ts';
import { openTempStore, type TempStore } from '../support/tempStore.ts';
import { testMemos, testProjections } from '../support/memos.ts';
import { writesTakingTurns } from '../support/faults.ts';
import type { ProjectionTarget } from '../../src/projections/projectionTarget.ts';

const ctx = aCommandContext();
const facts = anEventsFacts();

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

const category = 1000;
const categoryCreated = toNewEvent(
  {
    type: 'CategoryCreated',
    data: {
      id: category,
      facts: { language: facts.language, name: 'Talks', slug: 'talks', description: '', parent: 0 },
    },
  },
  ctx,
);
const publishedIn = (id: number) =>
  toNewEvent(
    {
      type: 'EventScheduled',
      data: { id, facts: { ...(facts as EventFacts), title: `T${id}`, status: 'publish', categories: [category] } },
    },
    ctx,
  );

/** What a capture sees: the events projected so far, and the count of the category they all carry. */
function seenIn(target: ProjectionTarget, position: bigint) {
  let events = 0;
  for (let id = 1; id <= 40; id++) if (target.events.get(id)) events++;
  return { position, events, count: target.categories.get(category)?.count ?? 0 };
}

describe('ProjectionRunner.atRest', function () {
  this.timeout(60_000);
  let temp: TempStore;
  beforeEach(async () => (temp = await openTempStore()));
  afterEach(async () => temp.dispose());

  it('captures only between two events, with the position the writes reflect, while events keep arriving', async () => {
    const memory = createMemoryReadStore(testMemos);
    const target = memory.projectionTarget as ProjectionTarget;
    // Through the port, each write a turn later: an event's writes (its document, then the count) span turns.
    const runner = new ProjectionRunner(temp.store, writesTakingTurns(memory), testProjections);
    await runner.start();
    await temp.store.append(`category-${category}`, [categoryCreated], 'no_stream');
    const captures: Promise<ReturnType<typeof seenIn>>[] = [];
    for (let id = 1; id <= 40; id++) {
      const appended = temp.store.append(`event-${id}`, [publishedIn(id)], 'no_stream');
      // Asked for at every turn, so many fall between the writes of an event.
      while (!(await Promise.race([appended.then(() => true), nextTurn().then(() => false)])))
        captures.push(runner.atRest((position) => seenIn(target, position)));
      captures.push(runner.atRest((position) => seenIn(target, position)));
    }
    await runner.waitFor(await temp.store.headPosition(), 10_000);
    const taken = await Promise.all(captures);
    await runner.stop();
    expect(new Set(taken.map(({ position }) => position)).size, 'distinct positions captured').to.be.greaterThan(10);
    for (const capture of taken) expect(capture.count, `at position ${capture.position}`).to.equal(capture.events);
    expect(seenIn(target, 0n)).to.include({ events: 40, count: 40 });
  });

  it('refuses a capture still waiting when the runner stops after an event failed half-way', async () => {
    const written = { first: -1n, second: -1n };
    let failed!: () => void;
    const failure = new Promise<void>((resolve) => (failed = resolve));
    const halfWay: ProjectionHandler = {
      name: 'fails after its first write',
      handles: () => true,
      apply(_event, recorded) {
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
