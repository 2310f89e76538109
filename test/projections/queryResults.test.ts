// Specifies the memo of list results an in-process collection keeps until it changes.
import { expect } from 'chai';
import { QueryResults } from '../../src/projections/memory/queryResults.ts';

describe('QueryResults', () => {
  it('computes a query once until the collection changes', () => {
    const results = new QueryResults<number>();
    let runs = 0;
    const match = () => [++runs];
    expect(results.of('q', match)).to.deep.equal([1]);
    expect(results.of('q', match)).to.deep.equal([1]);
    results.forget();
    expect(results.of('q', match)).to.deep.equal([2]);
  });

  it('keeps different queries apart and starts afresh at its capacity', () => {
    const results = new QueryResults<string>(2);
    expect(results.of('a', () => ['a'])).to.deep.equal(['a']);
    expect(results.of('b', () => ['b'])).to.deep.equal(['b']);
    expect(results.of('c', () => ['c'])).to.deep.equal(['c']);
    expect(results.of('a', () => ['a again'])).to.deep.equal(['a again']);
  });
});
