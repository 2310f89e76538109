// Specifies the memory adapter's venue location grid: its candidates for a circle include every event located within
// it.
import { expect } from 'chai';
import fc from 'fast-check';
import { milesBetween, type VenueLocation } from '../../src/projections/events/venueLocations.ts';
import { VenueLocationGrid } from '../../src/projections/memory/venueLocationGrid.ts';

/** Uniform over 1e-4° steps: `fc.double` would crowd its values around 0 and the bounds. */
const degreesBetween = (min: number, max: number): fc.Arbitrary<number> =>
  fc.integer({ min: Math.ceil(min * 1e4), max: Math.floor(max * 1e4) }).map((n) => n / 1e4);
const point = (lat: number, lng: number): VenueLocation => ({ type: 'Point', coordinates: [lng, lat] });
const latitude = degreesBetween(-90, 90);
const longitude = degreesBetween(-180, 180);
/**
 * A centre anywhere, and venues within a few times the radius of it (longitudes widened as meridians converge), so
 * that many fall near the circle's edge, where a box too narrow would miss them.
 */
const scene = fc
  .record({ lat: latitude, lng: longitude, miles: fc.constantFrom(0.5, 25, 25, 80, 400, 2000) })
  .chain((near) => {
    const reach = Math.min(90, (2 * near.miles) / 69);
    const lngReach = Math.min(180, reach / Math.max(Math.cos((near.lat * Math.PI) / 180), 0.01));
    return fc.tuple(
      fc.constant(near),
      fc.array(
        fc.tuple(degreesBetween(-reach, reach), degreesBetween(-lngReach, lngReach)).map(([dLat, dLng]) => {
          const lat = Math.max(-90, Math.min(90, near.lat + dLat));
          const lng = ((near.lng + dLng + 540) % 360) - 180;
          return point(lat, lng);
        }),
        { minLength: 1, maxLength: 40 },
      ),
    );
  });

describe('VenueLocationGrid', () => {
  it('names every event with a venue within the radius among its candidates, wherever the circle is', () => {
    fc.assert(
      fc.property(scene, ([near, points]) => {
        const grid = new VenueLocationGrid();
        points.forEach((p, i) => grid.set(i, [p]));
        const candidates = new Set(grid.candidates(near));
        const within = points.flatMap(({ coordinates: [lng, lat] }, i) =>
          milesBetween(near.lat, near.lng, lat, lng) <= near.miles ? [i] : [],
        );
        expect(within.filter((id) => !candidates.has(id))).to.deep.equal([]);
      }),
      { seed: 11, numRuns: 2000 },
    );
  });

  it('keeps a small circle to the cells around it', () => {
    const grid = new VenueLocationGrid();
    grid.set(1, [point(39.78, -89.65)]);
    grid.set(2, [point(41.88, -87.63), point(39.68, -89.7)]);
    grid.set(3, [point(41.88, -87.63)]);
    expect(grid.candidates({ lat: 39.78, lng: -89.65, miles: 25 }).sort()).to.deep.equal([1, 2]);
  });

  it('moves and forgets an event when its locations change', () => {
    const grid = new VenueLocationGrid();
    grid.set(1, [point(39.78, -89.65)]);
    grid.set(1, [point(41.88, -87.63)]);
    expect(grid.candidates({ lat: 39.78, lng: -89.65, miles: 25 })).to.deep.equal([]);
    expect(grid.located()).to.deep.equal([1]);
    grid.set(1, []);
    expect(grid.located()).to.deep.equal([]);
    expect(grid.candidates({ lat: 41.88, lng: -87.63, miles: 25 })).to.deep.equal([]);
  });
});
