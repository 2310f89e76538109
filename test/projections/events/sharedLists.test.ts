// Specifies the lists the read model shares between documents: the same content as the lists they stand for, frozen.
import { expect } from 'chai';
import { SharedLists, sharedIds, sharedItems } from '../../../src/projections/events/sharedLists.ts';
import { VenueLocations, venueLocationsOf } from '../../../src/projections/events/venueLocations.ts';
import { aVenueDocument } from '../items/itemFixtures.ts';
import { testMemos } from '../../support/memos.ts';

describe('shared lists', () => {
  it('give every list of one id the same frozen list, and keep longer lists as they are', () => {
    const one = sharedIds([7], testMemos.lists);
    expect(one).to.deep.equal([7]);
    expect(sharedIds([7], testMemos.lists)).to.equal(one);
    expect(Object.isFrozen(one)).to.equal(true);
    expect(() => (one as number[]).push(8)).to.throw(TypeError);
    expect(sharedIds([], testMemos.lists)).to.deep.equal([]).and.to.equal(sharedIds([], testMemos.lists));
    const two = [7, 8];
    expect(sharedIds(two, testMemos.lists)).to.equal(two);
  });

  it('keep the items found in link order, sharing the list of a lone item between the lists it stands alone in', () => {
    const a = { id: 1 };
    const b = { id: 2 };
    expect(sharedItems([a, undefined, b], testMemos.lists)).to.deep.equal([a, b]);
    expect(sharedItems([b, a], testMemos.lists)).to.deep.equal([b, a]);
    expect(sharedItems([undefined, undefined], testMemos.lists)).to.deep.equal([]);
    const alone = sharedItems([undefined, a], testMemos.lists);
    expect(alone).to.deep.equal([a]);
    expect(sharedItems([a], testMemos.lists)).to.equal(alone);
    expect(sharedItems([{ id: 1 }], testMemos.lists)).to.not.equal(alone);
    expect(Object.isFrozen(alone)).to.equal(true);
  });
});

describe('venueLocationsOf', () => {
  const venue = (id: number, geoLat: number | null, geoLng: number | null) => aVenueDocument({ id, geoLat, geoLng });

  it('gives the located venues points in link order, one shared list per venue standing alone', () => {
    const located = venue(8, 39.78, -89.65);
    const elsewhere = venue(9, 41.38, 2.17);
    expect(venueLocationsOf([located, venue(10, null, null), elsewhere], testMemos.venues)).to.deep.equal([
      { type: 'Point', coordinates: [-89.65, 39.78] },
      { type: 'Point', coordinates: [2.17, 41.38] },
    ]);
    expect(venueLocationsOf([located], testMemos.venues)).to.equal(venueLocationsOf([located], testMemos.venues));
    expect(venueLocationsOf([venue(10, null, null)], testMemos.venues)).to.deep.equal([]);
    // A moved venue is a new document, with its own point.
    expect(venueLocationsOf([{ ...located, geoLat: 40 }], testMemos.venues)).to.deep.equal([
      { type: 'Point', coordinates: [-89.65, 40] },
    ]);
  });
});

describe('SharedLists and VenueLocations instances', () => {
  it('share within one instance only, and start over past their bound with the same content', () => {
    const lists = new SharedLists(2);
    const other = new SharedLists();
    const seven = lists.ids([7]);
    expect(lists.ids([7])).to.equal(seven);
    expect(other.ids([7])).to.deep.equal([7]);
    expect(other.ids([7])).not.to.equal(seven);
    lists.ids([8]);
    lists.ids([9]); // past the bound of two: the table starts over
    expect(lists.ids([7])).to.deep.equal([7]);
    expect(lists.ids([7])).not.to.equal(seven);
    const item = { id: 1 };
    expect(lists.items([item])).to.equal(lists.items([undefined, item]));
    expect(other.items([item])).to.deep.equal([item]);
    expect(other.items([item])).not.to.equal(lists.items([item]));
  });

  it('give one venue one list of locations per instance', () => {
    const located = aVenueDocument({ id: 8, geoLat: 39.78, geoLng: -89.65 });
    const mine = new VenueLocations();
    const yours = new VenueLocations();
    expect(mine.of([located])).to.equal(mine.of([located]));
    expect(yours.of([located])).to.deep.equal(mine.of([located]));
    expect(yours.of([located])).not.to.equal(mine.of([located]));
  });
});
