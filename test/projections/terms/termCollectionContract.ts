// The one contract every TermCollection adapter passes (docs/architecture.md
// §3): lookups, hierarchy, list filters and order, counts.
import { expect } from 'chai';
import type { Taxonomy } from '../../../src/events/catalogue/terms.ts';
import type { CountedTerm, TermCollection, TermListQuery } from '../../../src/projections/terms/termCollection.ts';
import type { TermDocument } from '../../../src/projections/terms/termDocument.ts';
import { aTermDocument, aTermQuery } from './termDocumentFixtures.ts';

export interface OpenedTermCollection {
  readonly collection: TermCollection;
  close(): Promise<void>;
}

/**
 * Categories of English unless said otherwise; counts in brackets. 1 Workshops [3] ⊃ 2 beginner workshops [0] ⊃ 4 Zebra
 * [1]; 3 art [0] top level; 5 Talleres (es) [2]; 6 deleted.
 */
const catalogue: TermDocument[] = [
  aTermDocument({ id: 2, name: 'beginner workshops', slug: 'beginner', parent: 1, description: 'b' }),
  aTermDocument({ id: 1, name: 'Workshops', slug: 'workshops', description: 'Hands-on' }),
  aTermDocument({ id: 4, name: 'Zebra', slug: 'a-zebra', parent: 2, description: 'B' }),
  aTermDocument({ id: 3, name: 'art', slug: 'Art', description: 'a' }),
  aTermDocument({ id: 5, name: 'Talleres', slug: 'workshops', language: 'es' }),
  aTermDocument({ id: 6, name: 'Gone', slug: 'gone', deleted: true, revision: 2 }),
];
const counts: Array<[number, number]> = [
  [1, 3],
  [4, 1],
  [5, 2],
];

const listCases: Array<[string, Partial<TermListQuery>, number[]]> = [
  ['default: terms of the language by name, ignoring case', {}, [3, 2, 1, 4]],
  ['hideEmpty hides terms whose count is 0', { hideEmpty: true }, [1, 4]],
  ['order desc reverses the key', { order: 'desc' }, [4, 1, 2, 3]],
  ['orderBy slug ignores case', { orderBy: 'slug' }, [4, 3, 2, 1]],
  ['orderBy id', { orderBy: 'id', order: 'desc' }, [4, 3, 2, 1]],
  ['orderBy count, ties by id ascending', { orderBy: 'count' }, [2, 3, 4, 1]],
  ['orderBy count desc, ties still by id ascending', { orderBy: 'count', order: 'desc' }, [1, 4, 2, 3]],
  ['orderBy description is case-sensitive', { orderBy: 'description' }, [4, 1, 3, 2]],
  ['orderBy term_group: all 0, so by id', { orderBy: 'term_group', order: 'desc' }, [1, 2, 3, 4]],
  ['orderBy include: the order of include', { include: [4, 1, 3], orderBy: 'include' }, [4, 1, 3]],
  ['orderBy include desc', { include: [4, 1, 3], orderBy: 'include', order: 'desc' }, [3, 1, 4]],
  ['orderBy include_slugs with a slug', { slug: 'beginner', orderBy: 'include_slugs' }, [2]],
  ['search: substring of the name, ignoring case', { search: 'work' }, [2, 1]],
  ['search: substring of the slug', { search: 'zeb' }, [4]],
  ['search: metacharacters are literal', { search: 'w.rk' }, []],
  ['include: only these, unknown and deleted ignored', { include: [1, 99, 6, 3] }, [3, 1]],
  ['exclude', { exclude: [1, 3] }, [2, 4]],
  ['parent: direct children only', { parent: 1 }, [2]],
  ['parent 0: top level', { parent: 0 }, [3, 1]],
  ['onlyIds: the terms of an event', { onlyIds: [4, 2, 5] }, [2, 4]],
  ['slug: exact and within the language', { slug: 'workshops' }, [1]],
  ['slug: case matters', { slug: 'art' }, []],
  ['language', { language: 'es' }, [5]],
  ['conditions combine with AND', { include: [1, 2, 4], exclude: [2], hideEmpty: true, search: 'e' }, [4]],
];

const ids = (terms: readonly CountedTerm[]): number[] => terms.map((t) => t.doc.id);

export function termCollectionContract(
  name: string,
  open: (taxonomy: Taxonomy) => Promise<OpenedTermCollection>,
): void {
  describe(`${name} TermCollection contract`, function () {
    let opened: OpenedTermCollection | undefined;
    let terms: TermCollection;
    beforeEach(async function () {
      opened = undefined;
      opened = await open('category');
      terms = opened.collection;
      for (const doc of catalogue) await terms.put(doc);
      for (const [id, count] of counts) await terms.setCount(id, count);
    });
    afterEach(async function () {
      await opened?.close();
    });

    it('gets a live term with its count; deleted and unknown ids read as undefined', async function () {
      expect(await terms.get(1)).to.deep.equal({ doc: catalogue[1], count: 3 });
      expect(await terms.get(2)).to.deep.equal({ doc: catalogue[0], count: 0 });
      expect(await terms.get(6)).to.equal(undefined);
      expect(await terms.get(99)).to.equal(undefined);
    });

    it('finds by slug within a language', async function () {
      expect((await terms.bySlug('en', 'workshops'))?.doc.id).to.equal(1);
      expect((await terms.bySlug('es', 'workshops'))?.doc.id).to.equal(5);
      expect(await terms.bySlug('en', 'gone')).to.equal(undefined);
      expect(await terms.bySlug('ca', 'workshops')).to.equal(undefined);
    });

    it('finds by name ignoring case, the lowest id first, never a deleted term', async function () {
      await terms.put(aTermDocument({ id: 9, name: 'WORKSHOPS', slug: 'workshops-2' }));
      expect((await terms.byName('en', 'workshops'))?.doc.id).to.equal(1);
      expect(await terms.byName('en', 'GONE')).to.equal(undefined);
      expect((await terms.byName('es', 'talleres'))?.doc.id).to.equal(5);
    });

    it('lists direct children and all descendants of a category', async function () {
      expect(await terms.children(1)).to.deep.equal([2]);
      expect(await terms.descendants(1)).to.deep.equal([2, 4]);
      expect(await terms.descendants(4)).to.deep.equal([]);
    });

    for (const [title, changes, expected] of listCases) {
      it(`list — ${title}`, async function () {
        const page = await terms.list(aTermQuery(changes));
        expect(ids(page.items)).to.deep.equal(expected);
        expect(page.total).to.equal(expected.length);
      });
    }

    it('pages: total counts every match, the page is offset and limit of the order', async function () {
      const page = await terms.list(aTermQuery({ offset: 1, limit: 2 }));
      expect(ids(page.items)).to.deep.equal([2, 1]);
      expect(page.total).to.equal(4);
      expect(await terms.list(aTermQuery({ offset: 10, limit: 2 }))).to.deep.equal({ items: [], total: 4 });
      expect(await terms.list(aTermQuery({ limit: 0 }))).to.deep.equal({ items: [], total: 4 });
    });

    it('puts are revision-guarded: older revisions change nothing, a deleted term stays deleted', async function () {
      const renamed = aTermDocument({ id: 1, name: 'Talks', slug: 'talks', revision: 2 });
      await terms.put(renamed);
      await terms.put(aTermDocument({ id: 1, name: 'Older', slug: 'older', revision: 1 }));
      expect(await terms.get(1)).to.deep.equal({ doc: renamed, count: 3 });
      expect(await terms.bySlug('en', 'workshops')).to.equal(undefined);
      expect((await terms.bySlug('en', 'talks'))?.doc.id).to.equal(1);
      await terms.put(aTermDocument({ id: 6, name: 'Gone', slug: 'gone', revision: 0 }));
      expect(await terms.get(6)).to.equal(undefined);
    });

    it('moving a category moves it in the hierarchy; deleting it removes it from every index', async function () {
      await terms.put({ ...(catalogue[2] as TermDocument), parent: 1, revision: 1 });
      expect(await terms.children(1)).to.deep.equal([2, 4]);
      expect(await terms.children(2)).to.deep.equal([]);
      await terms.put({ ...(catalogue[1] as TermDocument), revision: 1, deleted: true });
      expect(await terms.get(1)).to.equal(undefined);
      expect(await terms.bySlug('en', 'workshops')).to.equal(undefined);
      expect(await terms.byName('en', 'workshops')).to.equal(undefined);
      expect(ids((await terms.list(aTermQuery())).items)).to.deep.equal([3, 2, 4]);
    });

    it(
      'lists what the collection holds now, however often the same query was listed before a ' + 'change',
      async function () {
        const byCount = aTermQuery({ orderBy: 'count', order: 'desc', hideEmpty: true });
        expect(ids((await terms.list(byCount)).items)).to.deep.equal([1, 4]);
        await terms.setCount(3, 9);
        expect(ids((await terms.list(byCount)).items)).to.deep.equal([3, 1, 4]);
        await terms.put(aTermDocument({ id: 7, name: 'Aardvark', slug: 'aardvark' }));
        await terms.setCount(7, 1);
        expect(ids((await terms.list(byCount)).items)).to.deep.equal([3, 1, 4, 7]);
        expect(ids((await terms.list(aTermQuery())).items)).to.deep.equal([7, 3, 2, 1, 4]);
        await terms.put({ ...(catalogue[3] as TermDocument), name: 'Zzz', revision: 1 });
        expect(ids((await terms.list(aTermQuery())).items)).to.deep.equal([7, 2, 1, 4, 3]);
        await terms.put({ ...(catalogue[0] as TermDocument), revision: 1, deleted: true });
        expect(ids((await terms.list(aTermQuery())).items)).to.deep.equal([7, 1, 4, 3]);
      },
    );

    it('keeps the count apart from the document: a newer put keeps it, setCount changes only it', async function () {
      await terms.put({ ...(catalogue[1] as TermDocument), description: 'New', revision: 1 });
      expect((await terms.get(1))?.count).to.equal(3);
      await terms.setCount(1, 0);
      expect(await terms.get(1)).to.deep.equal({ doc: { ...catalogue[1], description: 'New', revision: 1 }, count: 0 });
      await terms.setCount(77, 5);
      expect(await terms.get(77)).to.equal(undefined);
    });

    it('marks live terms stale until setCount counts them; deleted or unknown terms never are', async function () {
      expect(await terms.staleCounts()).to.deep.equal([]);
      await terms.markCountsStale([1, 4, 6, 77]);
      await terms.markCountsStale([4]);
      expect([...(await terms.staleCounts())].sort()).to.deep.equal([1, 4]);
      expect((await terms.get(1))?.count, 'the count itself is kept').to.equal(3);
      await terms.setCount(4, 2);
      expect(await terms.staleCounts()).to.deep.equal([1]);
      expect(await terms.get(4)).to.deep.equal({ doc: catalogue[2], count: 2 });
      await terms.setCount(1, 3);
      expect(await terms.staleCounts()).to.deep.equal([]);
    });
  });
}
