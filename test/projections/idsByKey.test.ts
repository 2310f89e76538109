// Specifies IdsByKey against the Map of Sets it replaces: same ids, same order, after any sequence of changes.
import { expect } from 'chai';
import fc from 'fast-check';
import { IdsByKey } from '../../src/projections/memory/idsByKey.ts';

type Change = { add: boolean; key: number; id: number };
const change = fc.record({
  add: fc.boolean(),
  key: fc.integer({ min: 0, max: 3 }),
  id: fc.integer({ min: 1, max: 5 }),
});

describe('IdsByKey', () => {
  it('holds the ids a Map of Sets would hold, in the same order, after any adds and deletes', () => {
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
