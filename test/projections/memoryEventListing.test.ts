// Specifies that the memory adapter's indexed listing (start-ordered partitions, span-bounded counting, merged
// pages across statuses) answers exactly what a plain filter-and-sort over all documents answers.
import { expect } from 'chai';
import fc from 'fast-check';
import type { PostStatus } from '../../src/events/catalogue/values.ts';
import type { EventListQuery } from '../../src/projections/events/eventListQuery.ts';
import { compareByStart, matchesEventQuery } from '../../src/projections/events/matchesEventQuery.ts';
import { MemoryEventCollection } from '../../src/projections/memory/memoryEventCollection.ts';
import { anEventDocument } from './eventDocumentFixtures.ts';
import { testMemos } from '../support/memos.ts';

const day = fc.integer({ min: 1, max: 9 }).map((d) => `2026-01-0${d}`);
const time = fc.constantFrom('00:00:00', '09:30:00', '12:00:00', '23:59:59');
const moment = fc.tuple(day, time).map(([d, t]) => `${d} ${t}`);
const status = fc.constantFrom<PostStatus>('publish', 'publish', 'draft', 'private');
/** Uniform over 1e-4° steps: `fc.double` would crowd its values around 0 and the bounds. */
const degreesBetween = (min: number, max: number): fc.Arbitrary<number> =>
  fc.integer({ min: Math.ceil(min * 1e4), max: Math.floor(max * 1e4) }).map((n) => n / 1e4);
/** Venue spots in clusters, across the antimeridian and by a pole, so that grid cells, wrapping and caps all matter. */
const spots: Array<[number, number]> = [
  [39.78, -89.65],
  [39.68, -89.7],
  [40.1, -89.65],
  [41.88, -87.63],
  [-17, 179.95],
  [-17, -179.9],
  [89.8, 10],
  [89.9, -170],
  [0, 0],
];
const spot = fc.constantFrom(...spots);
/** Somewhere within a degree of a spot. */
const aroundSpot = spot.chain(([lat, lng]) =>
  fc.tuple(
    degreesBetween(Math.max(-90, lat - 1), Math.min(90, lat + 1)),
    degreesBetween(Math.max(-180, lng - 1), Math.min(180, lng + 1)),
  ),
);
const locations = fc
  .array(aroundSpot, { maxLength: 2 })
  .map((points) => points.map(([lat, lng]) => ({ type: 'Point' as const, coordinates: [lng, lat] as const })));
const near = fc
  .record({ at: aroundSpot, miles: fc.constantFrom(0, 5, 25, 25, 60, 100, 3000) })
  .map(({ at: [lat, lng], miles }) => ({ lat, lng, miles }));

const documents = fc
  .uniqueArray(
    fc.record({
      id: fc.integer({ min: 1, max: 80 }),
      start: moment,
      /** Mostly short events, sometimes days long, so the longest span matters. */
      spanHours: fc.oneof(fc.integer({ min: 0, max: 3 }), fc.integer({ min: 0, max: 200 })),
      status,
      hidden: fc.constantFrom(false, false, false, true),
      featured: fc.boolean(),
      categories: fc.subarray([1, 2, 3]),
      venues: fc.subarray([7, 8]),
      venueLocations: locations,
    }),
    { selector: (d) => d.id, maxLength: 60 },
  )
  .map((specs) =>
    specs.map((s) => {
      const end = new Date(Date.parse(`${s.start.replace(' ', 'T')}Z`) + s.spanHours * 3_600_000)
        .toISOString()
        .slice(0, 19)
        .replace('T', ' ');
      return anEventDocument({
        id: s.id,
        start: s.start,
        end,
        status: s.status,
        hideFromListings: s.hidden,
        featured: s.featured,
        categories: s.categories,
        venues: s.venues,
        venueLocations: s.venueLocations,
      });
    }),
  );

const optional = <T>(arb: fc.Arbitrary<T>) => fc.option(arb, { nil: undefined });
const query: fc.Arbitrary<EventListQuery> = fc
  .record({
    statuses: fc.uniqueArray(status, { minLength: 1 }),
    startFrom: optional(moment),
    endUntil: optional(moment),
    startsBefore: optional(moment),
    startsAfter: optional(moment),
    endsBefore: optional(moment),
    endsAfter: optional(moment),
    featured: optional(fc.boolean()),
    categories: optional(fc.subarray([1, 2, 3, 4], { minLength: 1 })),
    venues: optional(fc.subarray([7, 8, 9], { minLength: 1 })),
    hasVenueCoordinates: optional(fc.boolean()),
    near: optional(near),
    offset: fc.integer({ min: 0, max: 12 }),
    limit: fc.integer({ min: 1, max: 8 }),
  })
  .map(
    (q) =>
      ({
        language: 'en' as const,
        ...Object.fromEntries(Object.entries(q).filter(([, v]) => v !== undefined)),
      }) as EventListQuery,
  );

describe('Memory event listing', () => {
  it('pages and counts exactly like a filter-and-sort over every document, after any sequence of puts', async () => {
    await fc.assert(
      fc.asyncProperty(documents, documents, query, async (first, second, q) => {
        const collection = new MemoryEventCollection(testMemos.venues);
        for (const doc of first) await collection.put(doc);
        // Later revisions move documents between partitions and positions.
        for (const doc of second) await collection.put({ ...doc, revision: 1 });
        const latest = new Map([...first, ...second.map((d) => ({ ...d, revision: 1 }))].map((d) => [d.id, d]));
        const expected = [...latest.values()].filter((d) => matchesEventQuery(d, q)).sort(compareByStart);
        const page = await collection.list(q);
        expect(page.total).to.equal(expected.length);
        expect(page.items.map((d) => d.id)).to.deep.equal(
          expected.slice(q.offset, q.offset + q.limit).map((d) => d.id),
        );
      }),
      { seed: 7, numRuns: 1000 },
    );
  });

  it('still checks the end of events that start within the longest span before an end bound', async () => {
    const collection = new MemoryEventCollection(testMemos.venues);
    await collection.put(anEventDocument({ id: 1, start: '2026-01-01 12:00:00', end: '2026-01-03 12:00:00' }));
    await collection.put(anEventDocument({ id: 2, start: '2026-01-01 09:00:00', end: '2026-01-01 10:00:00' }));
    const page = await collection.list({
      language: 'en',
      statuses: ['publish'],
      endUntil: '2026-01-03 11:00:00',
      offset: 0,
      limit: 10,
    });
    expect(page.total).to.equal(1);
    expect(page.items.map((d) => d.id)).to.deep.equal([2]);
  });
});
