// Specifies the lists the read model shares between documents: the same content as the lists they stand for, frozen.
import { expect } from 'chai';
import { sharedIds, sharedItems } from '../../../src/projections/events/sharedLists.ts';
import { venueLocationsOf } from '../../../src/projections/events/venueLocations.ts';
import { aVenueDocument } from '../items/itemFixtures.ts';

describe('shared lists', () => {
  it('give every list of one id the same frozen list, and keep longer lists as they are', () => {
    const one = sharedIds([7]);
    expect(one).to.deep.equal([7]);
    expect(sharedIds([7])).to.equal(one);
    expect(Object.isFrozen(one)).to.equal(true);
    expect(() => (one as number[]).push(8)).to.throw(TypeError);
    expect(sharedIds([])).to.deep.equal([]).and.to.equal(sharedIds([]));
    const two = [7, 8];
    expect(sharedIds(two)).to.equal(two);
  });

  it('keep the items found in link order, sharing the list of a lone item between the lists it stands alone in', () => {
    const a = { id: 1 };
    const b = { id: 2 };
    expect(sharedItems([a, undefined, b])).to.deep.equal([a, b]);
    expect(sharedItems([b, a])).to.deep.equal([b, a]);
    expect(sharedItems([undefined, undefined])).to.deep.equal([]);
    const alone = sharedItems([undefined, a]);
    expect(alone).to.deep.equal([a]);
    expect(sharedItems([a])).to.equal(alone);
    expect(sharedItems([{ id: 1 }])).to.not.equal(alone);
    expect(Object.isFrozen(alone)).to.equal(true);
  });
});

describe('venueLocationsOf', () => {
  const venue = (id: number, geoLat: number | null, geoLng: number | null) => aVenueDocument({ id, geoLat, geoLng });

  it('gives the located venues points in link order, one shared list per venue standing alone', () => {
    const located = venue(8, 39.78, -89.65);
    const elsewhere = venue(9, 41.38, 2.17);
    expect(venueLocationsOf([located, venue(10, null, null), elsewhere])).to.deep.equal([
      { type: 'Point', coordinates: [-89.65, 39.78] },
      { type: 'Point', coordinates: [2.17, 41.38] },
    ]);
    expect(venueLocationsOf([located])).to.equal(venueLocationsOf([located]));
    expect(venueLocationsOf([venue(10, null, null)])).to.deep.equal([]);
    // A moved venue is a new document, with its own point.
    expect(venueLocationsOf([{ ...located, geoLat: 40 }])).to.deep.equal([{ type: 'Point', coordinates: [-89.65, 40] }]);
  });
});
