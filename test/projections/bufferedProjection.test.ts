// Specifies the unit of work through which the projections write a read store that cannot answer in the calling turn
// (src/projections/writeBehind/bufferedProjection.ts): a step that read documents not loaded yet is taken back whole,
// what it missed is loaded together, and it runs again; its writes reach the store only at the flush, once.
import { expect } from 'chai';
import { createMemoryReadStore } from '../../src/projections/memory/memoryReadStore.ts';
import type { ReadStore } from '../../src/projections/readStore.ts';
import { BufferedProjection } from '../../src/projections/writeBehind/bufferedProjection.ts';
import { testMemos } from '../support/memos.ts';
import { anEventDocument } from './eventDocumentFixtures.ts';

/** The real memory read model through its port alone, noting every call made to its collections. */
function notingCalls(readStore: ReadStore, calls: string[]): ReadStore {
  const noting = <C extends object>(collection: C, name: string): C =>
    new Proxy(collection, {
      get(target, property, receiver) {
        const value: unknown = Reflect.get(target, property, receiver);
        if (typeof value !== 'function') return value;
        return (...args: unknown[]) => {
          calls.push(`${name}.${String(property)}`);
          return (value as (...a: unknown[]) => unknown).apply(target, args);
        };
      },
    });
  return {
    ...readStore,
    projectionTarget: undefined,
    events: noting(readStore.events, 'events'),
    venues: noting(readStore.venues, 'venues'),
    organizers: noting(readStore.organizers, 'organizers'),
    categories: noting(readStore.categories, 'categories'),
    tags: noting(readStore.tags, 'tags'),
  };
}

describe('the unit of work over a read store port', () => {
  let memory: ReturnType<typeof createMemoryReadStore>;
  let calls: string[];
  let unit: BufferedProjection;
  beforeEach(async () => {
    memory = createMemoryReadStore(testMemos);
    await memory.events.put(anEventDocument({ id: 1, title: 'One' }));
    await memory.events.put(anEventDocument({ id: 2, title: 'Two', slug: 'two' }));
    calls = [];
    unit = new BufferedProjection(notingCalls(memory, calls), testMemos.venues);
  });

  it('runs a step again once what it missed is loaded, all at once, and writes only at the flush', async () => {
    const runs: (string | undefined)[] = [];
    await unit.run((target) => {
      const [one, two] = [target.events.get(1), target.events.get(2)];
      runs.push(one?.title);
      if (one && two) target.events.put({ ...one, revision: 1, title: `${one.title} and ${two.title}` });
    });
    expect(runs, 'runs of the step').to.deep.equal([undefined, 'One']);
    expect(calls, 'reads').to.deep.equal(['events.get', 'events.get']);
    expect((await memory.events.get(1))?.title, 'before the flush').to.equal('One');
    await unit.flush();
    expect(calls.slice(2), 'writes').to.deep.equal(['events.writeBatch']);
    expect((await memory.events.get(1))?.title).to.equal('One and Two');
  });

  it('keeps none of the writes of a run taken back, nor of a step that failed', async () => {
    let run = 0;
    await unit.run((target) => {
      run++;
      // The first run writes before it reads what it misses; only the second run's write may stay.
      target.events.put(anEventDocument({ id: 3, title: `Run ${run}`, slug: 'three' }));
      target.events.get(1);
    });
    const failing = unit.run((target) => {
      target.events.put(anEventDocument({ id: 4, title: 'Four', slug: 'four' }));
      throw new Error('a projection bug');
    });
    expect(await failing.then(String, (error: Error) => error.message)).to.equal('a projection bug');
    await unit.flush();
    expect((await memory.events.get(3))?.title).to.equal('Run 2');
    expect(await memory.events.get(4)).to.equal(undefined);
  });

  it('runs again a step that failed on documents not loaded yet; nothing to flush when it wrote nothing', async () => {
    let runs = 0;
    await unit.run((target) => {
      runs++;
      if (!target.events.get(2)) throw new TypeError('event 2 should be there');
    });
    expect(runs).to.equal(2);
    expect(unit.flush()).to.equal(undefined);
  });
});
