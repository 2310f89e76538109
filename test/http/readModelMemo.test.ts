// Specifies the memo of read-model lookups: values live as long as the read model's position stays put.
import { expect } from 'chai';
import { ReadModelMemo } from '../../src/http/readModelMemo.ts';

describe('ReadModelMemo', () => {
  let position: bigint;
  let memo: ReadModelMemo;
  beforeEach(() => {
    position = 10n;
    memo = new ReadModelMemo(() => position, 3);
  });

  it('keeps the values of a table while the position stays, apart from other tables', () => {
    memo.table<string>('a').set(1, 'one');
    expect(memo.table<string>('a').get(1)).to.equal('one');
    expect(memo.table<string>('b').has(1)).to.equal(false);
  });

  it('starts every table afresh once the position moves', () => {
    memo.table<string>('a').set(1, 'one');
    position = 11n;
    expect(memo.table<string>('a').size).to.equal(0);
  });

  it('keeps a value read across a move out of the new tables (taken before the read, the old table is dropped)', () => {
    const taken = memo.table<string>('a');
    position = 11n;
    expect(memo.table<string>('a').size).to.equal(0);
    taken.set(1, 'read at 10 or 11');
    expect(memo.table<string>('a').has(1)).to.equal(false);
  });

  it('starts a table afresh once it holds its capacity', () => {
    const table = memo.table<number>('a');
    for (const n of [1, 2, 3]) table.set(n, n);
    expect(memo.table<number>('a').size).to.equal(0);
  });
});
