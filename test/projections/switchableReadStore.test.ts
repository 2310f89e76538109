// Specifies the switchable ReadStore: every call of the port reaches the delegate, and a switch redirects them at once.
import { expect } from 'chai';
import { createMemoryReadStore } from '../../src/projections/memory/memoryReadStore.ts';
import { switchableReadStore } from '../../src/projections/switchableReadStore.ts';
import { readModelCollections, type ReadStore } from '../../src/projections/readStore.ts';
import { anEventDocument } from './eventDocumentFixtures.ts';
import { aVenueDocument } from './items/itemFixtures.ts';
import { aTermDocument } from './terms/termDocumentFixtures.ts';
import { testMemos } from '../support/memos.ts';

type Call = readonly [part: string, method: string, args: readonly unknown[]];

/** A ReadStore whose every method records its call, tagged with the store's name. */
function aRecordingStore(name: string, calls: Call[]): ReadStore {
  const part = (partName: string) =>
    new Proxy(
      {},
      {
        get:
          (_, method) =>
          async (...args: unknown[]) =>
            void calls.push([`${name}.${partName}`, String(method), args]),
      },
    );
  return {
    events: part('events'),
    venues: part('venues'),
    organizers: part('organizers'),
    categories: part('categories'),
    tags: part('tags'),
    checkpoints: part('checkpoints'),
    documents: (collection: string) => {
      calls.push([name, 'documents', [collection]]);
      return (async function* () {})();
    },
    init: async () => void calls.push([name, 'init', []]),
    close: async () => void calls.push([name, 'close', []]),
  } as unknown as ReadStore;
}

async function idsOf(store: ReadStore): Promise<Record<string, number[]>> {
  const ids: Record<string, number[]> = {};
  for (const collection of readModelCollections) {
    ids[collection] = [];
    for await (const doc of store.documents(collection)) ids[collection].push('doc' in doc ? doc.doc.id : doc.id);
  }
  return ids;
}

describe('switchableReadStore', function () {
  it('forwards every method of every part of the port, with its arguments, to the current store', async function () {
    const calls: Call[] = [];
    const switchable = switchableReadStore(aRecordingStore('blue', calls));
    switchable.switchTo(aRecordingStore('green', calls));
    const { readStore } = switchable;
    const query = { marker: 'query' } as never;
    const doc = { marker: 'doc' } as never;
    await readStore.events.get(1);
    await readStore.events.bySlug('en', 's');
    await readStore.events.list(query);
    await readStore.events.put(doc);
    await readStore.events.translationsOf(2);
    await readStore.events.linking('venues', 3);
    await readStore.events.linkedIds('tags', query);
    await readStore.events.setEmbedded(4, doc);
    for (const part of ['venues', 'organizers'] as const) {
      await readStore[part].get(1);
      await readStore[part].bySlug('en', 's');
      await readStore[part].list(query);
      await readStore[part].put(doc);
      await readStore[part].translationsOf(2);
      await readStore[part].findDuplicate('en', query);
    }
    for (const part of ['categories', 'tags'] as const) {
      await readStore[part].get(1);
      await readStore[part].bySlug('en', 's');
      await readStore[part].byName('en', 'n');
      await readStore[part].descendants(2);
      await readStore[part].children(3);
      await readStore[part].list(query);
      await readStore[part].put(doc);
      await readStore[part].translationsOf(4);
      await readStore[part].setCount(5, 6);
    }
    await readStore.checkpoints.get('read-model');
    await readStore.checkpoints.set('read-model', 7n);
    for await (const _ of readStore.documents('tags')) expect.fail('the recording store has no documents');
    await readStore.init();
    await readStore.close();
    expect(calls.every(([part]) => part.startsWith('green'))).to.equal(true);
    expect(calls.map(([part, method, args]) => `${part}.${method}(${args.map(String).join(',')})`)).to.deep.equal([
      'green.events.get(1)',
      'green.events.bySlug(en,s)',
      'green.events.list([object Object])',
      'green.events.put([object Object])',
      'green.events.translationsOf(2)',
      'green.events.linking(venues,3)',
      'green.events.linkedIds(tags,[object Object])',
      'green.events.setEmbedded(4,[object Object])',
      ...['venues', 'organizers'].flatMap((part) => [
        `green.${part}.get(1)`,
        `green.${part}.bySlug(en,s)`,
        `green.${part}.list([object Object])`,
        `green.${part}.put([object Object])`,
        `green.${part}.translationsOf(2)`,
        `green.${part}.findDuplicate(en,[object Object])`,
      ]),
      ...['categories', 'tags'].flatMap((part) => [
        `green.${part}.get(1)`,
        `green.${part}.bySlug(en,s)`,
        `green.${part}.byName(en,n)`,
        `green.${part}.descendants(2)`,
        `green.${part}.children(3)`,
        `green.${part}.list([object Object])`,
        `green.${part}.put([object Object])`,
        `green.${part}.translationsOf(4)`,
        `green.${part}.setCount(5,6)`,
      ]),
      'green.checkpoints.get(read-model)',
      'green.checkpoints.set(read-model,7)',
      'green.documents(tags)',
      'green.init()',
      'green.close()',
    ]);
  });

  let blue: ReadStore;
  let green: ReadStore;
  beforeEach(async function () {
    blue = createMemoryReadStore(testMemos);
    green = createMemoryReadStore(testMemos);
    await blue.events.put(anEventDocument({ id: 1, title: 'Blue' }));
    await blue.checkpoints.set('read-model', 10n);
    await green.events.put(anEventDocument({ id: 1, title: 'Green' }));
    await green.venues.put(aVenueDocument({ id: 5 }));
    await green.checkpoints.set('read-model', 12n);
  });

  it('reads the initial store until switched, then the new one', async function () {
    const switchable = switchableReadStore(blue);
    const { readStore } = switchable;
    expect((await readStore.events.get(1))?.title).to.equal('Blue');
    expect(await readStore.venues.get(5)).to.equal(undefined);
    expect(await readStore.checkpoints.get('read-model')).to.equal(10n);
    switchable.switchTo(green);
    expect(switchable.current()).to.equal(green);
    expect((await readStore.events.get(1))?.title).to.equal('Green');
    expect((await readStore.venues.get(5))?.id).to.equal(5);
    expect(await readStore.checkpoints.get('read-model')).to.equal(12n);
    expect(await idsOf(readStore)).to.deep.equal(await idsOf(green));
  });

  it('sends writes to the current store only', async function () {
    const switchable = switchableReadStore(blue);
    await switchable.readStore.categories.put(aTermDocument({ id: 3, taxonomy: 'category' }));
    switchable.switchTo(green);
    await switchable.readStore.tags.put(aTermDocument({ id: 4, taxonomy: 'tag' }));
    await switchable.readStore.checkpoints.set('read-model', 13n);
    expect((await blue.categories.get(3))?.doc.id).to.equal(3);
    expect(await green.categories.get(3)).to.equal(undefined);
    expect((await green.tags.get(4))?.doc.id).to.equal(4);
    expect(await blue.tags.get(4)).to.equal(undefined);
    expect(await blue.checkpoints.get('read-model')).to.equal(10n);
    expect(await green.checkpoints.get('read-model')).to.equal(13n);
  });

  it('follows a switch even through a method taken from it before the switch', async function () {
    const switchable = switchableReadStore(blue);
    const { get } = switchable.readStore.events;
    switchable.switchTo(green);
    expect((await get(1))?.title).to.equal('Green');
  });

  it('closes the current store, or runs the closer it was given instead', async function () {
    const closed: string[] = [];
    const closing = (name: string, store: ReadStore): ReadStore => ({
      ...store,
      close: async () => void closed.push(name),
    });
    const switchable = switchableReadStore(closing('blue', blue));
    switchable.switchTo(closing('green', green));
    await switchable.readStore.close();
    expect(closed).to.deep.equal(['green']);
    await switchableReadStore(closing('blue', blue), {
      close: async () => void closed.push('model'),
    }).readStore.close();
    expect(closed).to.deep.equal(['green', 'model']);
  });
});
