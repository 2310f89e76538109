// Specifies the comparison of two digests: identical collections, and the first documents that differ, by kind.
import { expect } from 'chai';
import { compareDigests, documentDifferences } from '../../../src/projections/digest/digestComparison.ts';
import { digestDocuments, type CollectionsDigest } from '../../../src/projections/digest/readModelDigest.ts';

const withDetail = { detail: true };
const empty = digestDocuments([], withDetail);
const digestOf = (events: [number, unknown][], options = withDetail): CollectionsDigest => ({
  events: digestDocuments(events, options),
  venues: empty,
  organizers: empty,
  categories: empty,
  tags: empty,
});

describe('digest comparison', function () {
  it('finds equal digests identical, collection by collection', function () {
    const comparisons = compareDigests(digestOf([[1, { a: 1 }]]), digestOf([[1, { a: 1 }]]));
    expect(comparisons.map((c) => [c.collection, c.identical])).to.deep.equal([
      ['events', true],
      ['venues', true],
      ['organizers', true],
      ['categories', true],
      ['tags', true],
    ]);
    expect(comparisons[0]?.differences).to.deep.equal([]);
  });

  it('names changed documents and those on one side only, in id order', function () {
    const live = digestOf([
      [1, { a: 1 }],
      [2, { a: 2 }],
      [4, { a: 4 }],
    ]);
    const replayed = digestOf([
      [1, { a: 1 }],
      [2, { a: 'changed' }],
      [3, { a: 3 }],
    ]);
    const [events] = compareDigests(live, replayed);
    expect(events).to.deep.include({
      identical: false,
      differing: 3,
      differences: [
        { id: 2, kind: 'changed' },
        { id: 3, kind: 'only-replayed' },
        { id: 4, kind: 'only-live' },
      ],
    });
  });

  it('names the first five differences and counts them all', function () {
    const ids = Array.from({ length: 8 }, (_, i) => i + 1);
    const [events] = compareDigests(
      digestOf(ids.map((id) => [id, { v: 1 }])),
      digestOf(ids.map((id) => [id, { v: 2 }])),
    );
    expect(events?.differences.map((d) => d.id)).to.deep.equal([1, 2, 3, 4, 5]);
    expect(events?.differing).to.equal(8);
  });

  it('without per-document hashes still tells identical from different, naming nothing', function () {
    const [events] = compareDigests(
      digestOf([[1, { a: 1 }]], { detail: false }),
      digestOf([[1, { a: 2 }]], { detail: false }),
    );
    expect(events).to.deep.include({ identical: false, differences: [] });
    expect(events?.differing).to.equal(undefined);
  });

  it('merges hash lists of different lengths', function () {
    expect(documentDifferences([], [[1, 'x']])).to.deep.equal([{ id: 1, kind: 'only-replayed' }]);
    expect(
      documentDifferences(
        [
          [1, 'x'],
          [9, 'y'],
        ],
        [[1, 'x']],
      ),
    ).to.deep.equal([{ id: 9, kind: 'only-live' }]);
  });
});
