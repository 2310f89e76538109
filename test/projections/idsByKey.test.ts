// Specifies IdsByKey against the Map of Sets it replaces: same ids, same order, after any sequence of changes; and
// IdsBySlug against IdsByKey under joined `language|slug` keys.
import { expect } from 'chai';
import fc from 'fast-check';
import { IdsByKey, IdsBySlug } from '../../src/projections/memory/idsByKey.ts';

type Change = { add: boolean; key: number; id: number };
const change = fc.record({
  add: fc.boolean(),
  key: fc.integer({ min: 0, max: 3 }),
  id: fc.integer({ min: 1, max: 5 }),
});

describe('IdsByKey', () => {
  it('holds what a Map of Sets holds, in the same order, and which keys hold one id alone, after any changes', () => {
    fc.assert(
      fc.property(fc.array(change, { maxLength: 60 }), (changes: Change[]) => {
        const index = new IdsByKey<number>();
        const reference = new Map<number, Set<number>>();
        for (const { add, key, id } of changes) {
          if (add) {
            index.add(key, id);
            reference.set(key, (reference.get(key) ?? new Set()).add(id));
          } else {
            index.delete(key, id);
            reference.get(key)?.delete(id);
          }
          for (const k of [0, 1, 2, 3]) expect(index.get(k)).to.deep.equal([...(reference.get(k) ?? [])]);
          for (const k of [0, 1, 2, 3])
            for (const id of [1, 2, 3, 4, 5]) {
              const others = [...(reference.get(k) ?? [])].filter((held) => held !== id);
              expect(index.holdsOnly(k, id), `key ${k}, id ${id}`).to.equal(others.length === 0);
            }
        }
      }),
      { numRuns: 500 },
    );
  });

  it('keeps a single id without a set and returns a fresh list each time', () => {
    const index = new IdsByKey<string>();
    index.add('a', 1);
    index.add('a', 1);
    const ids = index.get('a');
    ids.push(99);
    expect(index.get('a')).to.deep.equal([1]);
    expect(index.get('missing')).to.deep.equal([]);
  });
});

describe('IdsBySlug', () => {
  const languages = ['en', 'es', 'ca'];
  const slugs = ['jazz', 'jazz-2', 'es', 'en'];
  const slugChange = fc.record({
    add: fc.boolean(),
    language: fc.constantFrom(...languages),
    slug: fc.constantFrom(...slugs),
    id: fc.integer({ min: 1, max: 5 }),
  });

  it('holds per language and slug the ids IdsByKey holds under the joined key, in the same order', () => {
    fc.assert(
      fc.property(fc.array(slugChange, { maxLength: 60 }), (changes) => {
        const index = new IdsBySlug();
        const reference = new IdsByKey<string>();
        for (const { add, language, slug, id } of changes) {
          if (add) index.add(language, slug, id);
          else index.delete(language, slug, id);
          if (add) reference.add(`${language}|${slug}`, id);
          else reference.delete(`${language}|${slug}`, id);
          for (const l of languages)
            for (const s of slugs) expect(index.get(l, s)).to.deep.equal(reference.get(`${l}|${s}`));
        }
      }),
      { numRuns: 300 },
    );
  });

  it('keeps the same slug of two languages apart', () => {
    const index = new IdsBySlug();
    index.add('en', 'jazz', 1);
    index.add('es', 'jazz', 2);
    expect(index.get('en', 'jazz')).to.deep.equal([1]);
    expect(index.get('es', 'jazz')).to.deep.equal([2]);
    expect(index.get('ca', 'jazz')).to.deep.equal([]);
    index.delete('en', 'jazz', 1);
    expect(index.get('en', 'jazz')).to.deep.equal([]);
    expect(index.get('es', 'jazz')).to.deep.equal([2]);
  });
});
