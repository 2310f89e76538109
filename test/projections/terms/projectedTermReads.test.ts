// Specifies the projectors' reads of one term's document or count alone (`ProjectedTerms.document`, `count`): the
// parts of `get` they name, for live, deleted and missing terms, on both projection targets (the memory read model's
// own, and a unit of work's over any read store).
import { expect } from 'chai';
import { createMemoryReadStore } from '../../../src/projections/memory/memoryReadStore.ts';
import type { ProjectedTerms, ProjectionTarget } from '../../../src/projections/projectionTarget.ts';
import { BufferedProjection } from '../../../src/projections/writeBehind/bufferedProjection.ts';
import { testMemos } from '../../support/memos.ts';
import { aTermDocument } from './termDocumentFixtures.ts';

/** Categories 1 (count 3), 2 (deleted, count 5 before) and 4 (no count set); 3 missing. */
async function readStoreWithTerms() {
  const memory = createMemoryReadStore(testMemos);
  await memory.categories.put(aTermDocument({ id: 1, slug: 'one' }));
  await memory.categories.put(aTermDocument({ id: 2, slug: 'two' }));
  await memory.categories.put(aTermDocument({ id: 4, slug: 'four' }));
  await memory.categories.writeBatch({
    counts: [
      { id: 1, count: 3 },
      { id: 2, count: 5 },
    ],
  });
  await memory.categories.put(aTermDocument({ id: 2, slug: 'two', revision: 1, deleted: true }));
  return memory;
}

function expectReadsAsGet(terms: ProjectedTerms): void {
  for (const id of [1, 2, 3, 4]) {
    expect(terms.document(id), `document ${id}`).to.equal(terms.get(id)?.doc);
    expect(terms.count(id), `count ${id}`).to.equal(terms.get(id)?.count ?? 0);
  }
  expect(terms.document(1)?.slug).to.equal('one');
  expect(terms.count(1)).to.equal(3);
  expect(terms.document(2), 'deleted').to.equal(undefined);
  expect(terms.count(2), 'deleted').to.equal(0);
}

describe('a term read alone by the projectors', () => {
  it('is what get answers, on the memory read model target', async () => {
    const memory = await readStoreWithTerms();
    const terms = (memory.projectionTarget as ProjectionTarget).categories;
    expectReadsAsGet(terms);
    terms.setCount(4, 7);
    expect(terms.count(4)).to.equal(7);
    expect(terms.get(4)?.count).to.equal(7);
  });

  it('is what get answers, on a unit of work, before and after its own count changes', async () => {
    const memory = await readStoreWithTerms();
    const unit = new BufferedProjection({ ...memory, projectionTarget: undefined }, testMemos.venues);
    const seen: number[] = [];
    await unit.run((target) => {
      expectReadsAsGet(target.categories);
      target.categories.setCount(1, 9);
      seen.push(target.categories.count(1));
    });
    expect(seen.at(-1)).to.equal(9);
  });
});
