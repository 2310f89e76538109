// Specification of the geolocation part of the MongoDB event list translation (docs/api.md §16).
//
// mingo, the stand-in for the server elsewhere (docs/architecture.md §3), has no geometry operators
// (its README: "No support for geometry operators"), so `$geoWithin` cannot be evaluated by it. Here
// mingo evaluates every other condition and the `$centerSphere` document is read by a small evaluator
// of its documented meaning (points within an angle, in radians, of a `[lng, lat]` centre on a
// sphere), computed from unit vectors rather than the haversine formula that `matchesEventQuery`
// uses. That checks what the translation decides: field, coordinate order, units and radius.
import { expect } from 'chai';
import fc from 'fast-check';
import { Query } from 'mingo';
import type { Document } from 'mongodb';
import type { EventDocument } from '../../src/projections/events/eventDocument.ts';
import type { EventListQuery } from '../../src/projections/events/eventListQuery.ts';
import { compareByStart, matchesEventQuery } from '../../src/projections/events/matchesEventQuery.ts';
import type { VenueLocation } from '../../src/projections/events/venueLocations.ts';
import {
  toStoredEventDocument,
  translateEventListQuery,
  type StoredEventDocument,
} from '../../src/projections/mongo/eventQueryTranslation.ts';
import { anEventDocument } from './eventDocumentFixtures.ts';

const base: EventListQuery = { language: 'en', statuses: ['publish'], offset: 0, limit: 100 };

/** The unit vector of a `[lng, lat]` point. */
function unitVector([lng, lat]: readonly [number, number]): [number, number, number] {
  const [phi, lambda] = [(lat * Math.PI) / 180, (lng * Math.PI) / 180];
  return [Math.cos(phi) * Math.cos(lambda), Math.cos(phi) * Math.sin(lambda), Math.sin(phi)];
}

/** `{ $geoWithin: { $centerSphere: [[lng, lat], radians] } }` on an array of points: some point within the angle. */
function withinCenterSphere(condition: Document, locations: readonly VenueLocation[]): boolean {
  const [centre, radians] = condition.$geoWithin.$centerSphere as [[number, number], number];
  const c = unitVector(centre);
  return locations.some(({ coordinates }) => {
    const p = unitVector(coordinates);
    return Math.acos(Math.min(1, c[0] * p[0] + c[1] * p[1] + c[2] * p[2])) <= radians;
  });
}

function listWithMingoAndGeo(documents: readonly EventDocument[], q: EventListQuery): { ids: number[]; total: number } {
  const { filter, sort, skip, limit } = translateEventListQuery(q);
  const { venueLocations: geo, ...rest } = filter;
  const sorted = new Query(rest).find<StoredEventDocument>(documents.map(toStoredEventDocument)).sort(sort).all();
  const found =
    geo === undefined ? sorted : sorted.filter((d) => withinCenterSphere(geo as Document, d.venueLocations));
  return { ids: found.slice(skip, skip + limit).map((d) => d._id), total: found.length };
}

function listByMeaning(documents: readonly EventDocument[], q: EventListQuery): { ids: number[]; total: number } {
  const matches = documents.filter((d) => matchesEventQuery(d, q)).sort(compareByStart);
  return { ids: matches.slice(q.offset, q.offset + q.limit).map((d) => d.id), total: matches.length };
}

/** Uniform over 1e-4° steps, within a degree of Springfield, IL: distances of 0 to ~85 miles. */
const around = (centre: number): fc.Arbitrary<number> =>
  fc.integer({ min: -10000, max: 10000 }).map((n) => centre + n / 1e4);
const location = fc
  .tuple(around(-89.65), around(39.78))
  .map(([lng, lat]): VenueLocation => ({ type: 'Point', coordinates: [lng, lat] }));
const documents = fc
  .uniqueArray(
    fc.record({
      id: fc.integer({ min: 1, max: 30 }),
      venueLocations: fc.array(location, { maxLength: 2 }),
      featured: fc.boolean(),
    }),
    { selector: (d) => d.id, minLength: 1, maxLength: 20 },
  )
  .map((specs) => specs.map((spec) => anEventDocument(spec)));
const query = fc
  .record({
    near: fc.record({ lat: around(39.78), lng: around(-89.65), miles: fc.constantFrom(10, 25, 25, 60) }),
    hasVenueCoordinates: fc.boolean(),
    featured: fc.option(fc.boolean(), { nil: undefined }),
    offset: fc.nat({ max: 3 }),
    limit: fc.integer({ min: 1, max: 5 }),
  })
  .map(({ featured, ...q }): EventListQuery => ({ ...base, ...q, ...(featured === undefined ? {} : { featured }) }));

describe('translateEventListQuery: geolocation', function () {
  it('keeps located events with a condition on the first array element', function () {
    expect(translateEventListQuery({ ...base, hasVenueCoordinates: true }).filter).to.deep.include({
      'venueLocations.0': { $exists: true },
    });
    expect(translateEventListQuery({ ...base, hasVenueCoordinates: false }).filter).not.to.have.property(
      'venueLocations.0',
    );
  });

  it(
    'turns near into $geoWithin a $centerSphere of [lng, lat] and the radius in radians of a ' + '3958.8-mile earth',
    function () {
      const { filter } = translateEventListQuery({ ...base, near: { lat: 39.7817, lng: -89.6501, miles: 25 } });
      expect(filter.venueLocations).to.deep.equal({
        $geoWithin: { $centerSphere: [[-89.6501, 39.7817], 25 / 3958.8] },
      });
    },
  );

  it('keeps Springfield, IL and leaves Chicago (~180 miles) out of 25 miles around Springfield', function () {
    const docs = [
      anEventDocument({ id: 1, venueLocations: [{ type: 'Point', coordinates: [-89.6501, 39.7817] }] }),
      anEventDocument({ id: 2, venueLocations: [{ type: 'Point', coordinates: [-87.6298, 41.8781] }] }),
      anEventDocument({ id: 3, venueLocations: [] }),
    ];
    const q = { ...base, near: { lat: 39.8, lng: -89.6, miles: 25 } };
    expect(listWithMingoAndGeo(docs, q)).to.deep.equal({ ids: [1], total: 1 });
  });

  it('lists what matchesEventQuery lists, for points around the circle’s edge', function () {
    let nonEmpty = 0;
    fc.assert(
      fc.property(documents, query, (docs, q) => {
        const expected = listByMeaning(docs, q);
        if (expected.total > 0) nonEmpty++;
        expect(listWithMingoAndGeo(docs, q)).to.deep.equal(expected);
      }),
      { seed: 5, numRuns: 500 },
    );
    expect(nonEmpty, 'runs with matches').to.be.above(100);
  });
});
