// The embedded TermCollection passes the shared TermCollection contract, and answers its reads in the calling turn
// without a new object per read while neither the document nor the count changed (a replay reads each linked term
// several times per event).
import { expect } from 'chai';
import { createMemoryTermCollection } from '../../../src/projections/memory/memoryTermCollection.ts';
import { termCollectionContract } from './termCollectionContract.ts';
import { aTermDocument } from './termDocumentFixtures.ts';

termCollectionContract('Memory', async (taxonomy) => ({
  collection: createMemoryTermCollection(taxonomy),
  close: async () => {},
}));

describe('Memory TermCollection reads in the calling turn', () => {
  it('gives the same answer again until the document or the count changes, then a new one', () => {
    const terms = createMemoryTermCollection('category');
    terms.putNow(aTermDocument({ id: 1 }));
    const first = terms.getNow(1);
    expect(terms.getNow(1)).to.equal(first);
    terms.setCountNow(1, 0);
    expect(terms.getNow(1), 'the same count set again').to.equal(first);
    terms.setCountNow(1, 2);
    const counted = terms.getNow(1);
    expect(counted).to.deep.equal({ doc: first?.doc, count: 2 });
    expect(first).to.deep.equal({ doc: counted?.doc, count: 0 });
    terms.putNow(aTermDocument({ id: 1, name: 'Renamed', revision: 1 }));
    expect(terms.getNow(1)).to.deep.equal({ doc: aTermDocument({ id: 1, name: 'Renamed', revision: 1 }), count: 2 });
    expect(counted?.doc.name).to.equal('Term 1');
  });

  it('marks and clears the same terms again and again, listing only those marked now', () => {
    const terms = createMemoryTermCollection('category');
    for (const id of [1, 2, 3]) terms.putNow(aTermDocument({ id }));
    for (let round = 0; round < 3; round++) {
      terms.markCountsStaleNow([3, 1]);
      expect(terms.staleCountsNow().sort()).to.deep.equal([1, 3]);
      terms.setCountNow(1, round);
      expect(terms.staleCountsNow()).to.deep.equal([3]);
      terms.setCountNow(3, round);
      expect(terms.staleCountsNow()).to.deep.equal([]);
    }
  });
});
