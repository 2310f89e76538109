// The event collection's slug and translation-group indexes after any sequence of puts: an update that keeps its
// language and slug (or its group) leaves the index alone, and must still answer as the documents stand.
import { expect } from 'chai';
import fc from 'fast-check';
import { MemoryEventCollection } from '../../src/projections/memory/memoryEventCollection.ts';
import { VenueLocations } from '../../src/projections/events/venueLocations.ts';
import type { EventDocument } from '../../src/projections/events/eventDocument.ts';
import { groupOf } from '../../src/projections/translationGroups.ts';
import { anEventDocument } from './eventDocumentFixtures.ts';

const put = fc.record({
  id: fc.integer({ min: 1, max: 4 }),
  language: fc.constantFrom('en' as const, 'ca' as const),
  slug: fc.constantFrom('a', 'b'),
  group: fc.constantFrom(undefined, 1, 2),
  status: fc.constantFrom('publish' as const, 'trash' as const),
});

describe('Memory event collection keys', () => {
  it('finds every document by its language and slug and its group, and no other, after any puts', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(put, { maxLength: 40 }), async (puts) => {
        const events = new MemoryEventCollection(new VenueLocations());
        const latest = new Map<number, EventDocument>();
        for (const [revision, { id, language, slug, group, status }] of puts.entries()) {
          const doc = anEventDocument({ id, revision, language, slug, status, translationGroup: group ?? id });
          events.putNow(doc);
          latest.set(id, doc);
        }
        const docs = [...latest.values()];
        for (const language of ['en', 'ca'])
          for (const slug of ['a', 'b']) {
            const found = (await events.bySlug(language, slug)).map((doc) => doc.id).sort();
            const expected = docs.filter((d) => d.language === language && d.slug === slug).map((d) => d.id);
            expect(found, `${language} ${slug}`).to.deep.equal(expected.sort());
          }
        for (const group of [1, 2, 3, 4]) {
          const live = docs.filter((d) => groupOf(d) === group && d.status !== 'trash');
          const expected = Object.fromEntries(
            ['ca', 'en'].flatMap((language) => {
              const ids = live.filter((d) => d.language === language).map((d) => d.id);
              return ids.length > 0 ? [[language, Math.min(...ids)]] : [];
            }),
          );
          expect(events.translationsOfNow(group), `group ${group}`).to.deep.equal(expected);
        }
      }),
      { numRuns: 300 },
    );
  });
});
