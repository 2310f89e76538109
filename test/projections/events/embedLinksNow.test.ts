// Specifies the embedded copies a projector builds from its target: the linked items found, in link order, as the
// shared lists give them (a lone item's list shared), whatever the number of links and however many are missing.
import { expect } from 'chai';
import fc from 'fast-check';
import { embedLinksNow } from '../../../src/projections/links/embedLinks.ts';
import { createMemoryReadStore } from '../../../src/projections/memory/memoryReadStore.ts';
import { SharedLists } from '../../../src/projections/events/sharedLists.ts';
import type { ProjectionTarget } from '../../../src/projections/projectionTarget.ts';
import { aVenueDocument, anOrganizerDocument } from '../items/itemFixtures.ts';
import { aTermDocument } from '../terms/termDocumentFixtures.ts';
import { testMemos } from '../../support/memos.ts';

/** A target holding venues 1–3, organizers 11–13, categories 21–23 and tags 31–33 (ids 4, 14, 24, 34 missing). */
function targetWithItems(): ProjectionTarget {
  const target = createMemoryReadStore(testMemos).projectionTarget as ProjectionTarget;
  for (const n of [1, 2, 3]) {
    target.venues.put(aVenueDocument({ id: n }));
    target.organizers.put(anOrganizerDocument({ id: 10 + n }));
    target.categories.put(aTermDocument({ id: 20 + n, slug: `c${n}` }));
    target.tags.put(aTermDocument({ id: 30 + n, slug: `t${n}`, taxonomy: 'tag' }));
  }
  return target;
}

const linksFrom = (base: number) => fc.array(fc.integer({ min: base + 1, max: base + 4 }), { maxLength: 3 });

describe('embedLinksNow', () => {
  it('embeds the linked items found, in link order, as shared lists give them, for any links', () => {
    const target = targetWithItems();
    fc.assert(
      fc.property(linksFrom(0), linksFrom(10), linksFrom(20), linksFrom(30), (venues, organizers, categories, tags) => {
        const lists = new SharedLists();
        const embedded = embedLinksNow(target, { venues, organizers, categories, tags }, lists);
        expect(embedded.venues).to.deep.equal(lists.items(venues.map((id) => target.venues.get(id))));
        expect(embedded.organizers).to.deep.equal(lists.items(organizers.map((id) => target.organizers.get(id))));
        expect(embedded.categories).to.deep.equal(lists.items(categories.map((id) => target.categories.get(id)?.doc)));
        expect(embedded.tags).to.deep.equal(lists.items(tags.map((id) => target.tags.get(id)?.doc)));
      }),
      { numRuns: 300 },
    );
  });

  it('shares the list of a lone linked item, and one empty list for a missing one', () => {
    const target = targetWithItems();
    const lists = new SharedLists();
    const one = embedLinksNow(target, { venues: [2], organizers: [14], categories: [], tags: [31, 34] }, lists);
    const again = embedLinksNow(target, { venues: [2], organizers: [], categories: [24], tags: [31] }, lists);
    expect(one.venues)
      .to.equal(again.venues)
      .and.to.deep.equal([target.venues.get(2)]);
    expect(Object.isFrozen(one.venues)).to.equal(true);
    expect(one.organizers).to.equal(again.organizers).and.to.deep.equal([]);
    expect(again.categories).to.equal(one.categories);
    expect(one.tags).to.equal(again.tags);
  });
});
