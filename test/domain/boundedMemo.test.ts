// BoundedMemo and OldestFirst: bounded tables that drop their oldest entries first, held to a plain list that keeps
// the insertion order, over any sequence of reads, renders and deletions (the fragment caches drop theirs the same
// way: test/http/representation/fragmentCache.test.ts).
import { expect } from 'chai';
import fc from 'fast-check';
import { BoundedMemo, OldestFirst } from '../../src/domain/boundedMemo.ts';
import { FragmentCache } from '../../src/http/representation/fragmentCache.ts';

/** The rule: keys in insertion order, a key set again moving to the end, the first ones dropped past capacity. */
class InsertionOrderModel {
  readonly keys: number[] = [];

  constructor(private readonly capacity: number) {}

  has = (key: number): boolean => this.keys.includes(key);

  delete(key: number): void {
    const at = this.keys.indexOf(key);
    if (at >= 0) this.keys.splice(at, 1);
  }

  /** Sets `key` last; `dropBefore`: drop the oldest while full before adding (the memo), else after (the cache). */
  set(key: number, dropBefore: boolean): void {
    this.delete(key);
    if (dropBefore) while (this.keys.length >= this.capacity) this.keys.shift();
    this.keys.push(key);
    if (!dropBefore) while (this.keys.length > this.capacity) this.keys.shift();
  }
}

const steps = fc.array(fc.tuple(fc.integer({ min: 0, max: 12 }), fc.integer({ min: 0, max: 2 })), { maxLength: 300 });

describe('OldestFirst', () => {
  it('drops keys in insertion order through deletions, additions and growth', () => {
    fc.assert(
      fc.property(steps, (ops) => {
        const map = new Map<number, number>();
        const oldestFirst = new OldestFirst(map);
        const model = new InsertionOrderModel(Infinity);
        for (const [key, kind] of ops) {
          if (kind === 0) {
            map.delete(key);
            model.delete(key);
          } else if (kind === 1) {
            map.delete(key);
            map.set(key, key);
            model.set(key, false);
          } else {
            oldestFirst.dropOldest();
            model.keys.shift();
          }
          expect([...map.keys()]).to.deep.equal(model.keys);
        }
      }),
      { numRuns: 500 },
    );
  });
});

describe('BoundedMemo', () => {
  it('computes a key once while it is kept, and keeps at most its capacity, the oldest going first', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 6 }), steps, (capacity, ops) => {
        const memo = new BoundedMemo<number>(capacity);
        const model = new InsertionOrderModel(capacity);
        for (const [key] of ops) {
          let computed = false;
          memo.of(String(key), () => ((computed = true), key));
          expect(computed, `key ${key}`).to.equal(!model.has(key));
          if (computed) model.set(key, true);
          expect(memo.size).to.equal(model.keys.length);
        }
      }),
      { numRuns: 500 },
    );
  });
});

describe('FragmentCache, dropping its oldest renderings', () => {
  it('renders exactly what a list in insertion order no longer holds, at any capacity', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 6 }), steps, (capacity, ops) => {
        const cache = new FragmentCache<number>(capacity);
        const model = new InsertionOrderModel(capacity);
        const revisions = new Map<number, number>();
        for (const [id, revision] of ops) {
          let rendered = false;
          cache.fragment(id, revision, () => ((rendered = true), id));
          expect(rendered, `id ${id}`).to.equal(!model.has(id) || revisions.get(id) !== revision);
          if (rendered) {
            model.set(id, false);
            revisions.set(id, revision);
          }
          expect(cache.size).to.equal(model.keys.length);
        }
      }),
      { numRuns: 500 },
    );
  });
});
