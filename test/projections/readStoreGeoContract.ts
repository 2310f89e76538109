// The geolocation part of the ReadStore contract (docs/api.md §16): located venues, and venues near a point.
import { expect } from 'chai';
import type { EventDocument } from '../../src/projections/events/eventDocument.ts';
import type { EventListQuery } from '../../src/projections/events/eventListQuery.ts';
import { noEmbeddedLinks } from '../../src/projections/events/eventDocument.ts';
import type { ReadStore } from '../../src/projections/readStore.ts';
import type { VenueDocument } from '../../src/projections/venues/venueDocument.ts';
import { anEventDocument } from './eventDocumentFixtures.ts';
import { aVenueDocument } from './items/itemFixtures.ts';

const springfield = { lat: 39.7817, lng: -89.6501 };
/** 25 miles is 0.36183° of latitude on the 3958.8-mile sphere. */
const justInside = { lat: springfield.lat + 0.361, lng: springfield.lng };
const justOutside = { lat: springfield.lat + 0.3627, lng: springfield.lng };

const venueAt = (id: number, at: { lat: number; lng: number } | undefined): VenueDocument =>
  aVenueDocument({ id, geoLat: at?.lat ?? null, geoLng: at?.lng ?? null });

const venues = {
  springfield: venueAt(30, springfield),
  chatham: venueAt(31, { lat: 39.6761, lng: -89.7045 }),
  chicago: venueAt(32, { lat: 41.8781, lng: -87.6298 }),
  unlocated: venueAt(33, undefined),
  justInside: venueAt(34, justInside),
  justOutside: venueAt(35, justOutside),
  eastOfDateLine: venueAt(36, { lat: -17, lng: 179.95 }),
  westOfDateLine: venueAt(37, { lat: -17, lng: -179.95 }),
  nearPole: venueAt(38, { lat: 89.9, lng: 90 }),
};

const eventAt = (id: number, ...linked: VenueDocument[]): EventDocument =>
  anEventDocument({ id, venues: linked.map((v) => v.id), embedded: { ...noEmbeddedLinks, venues: linked } });

/** One event per venue, in the order above (ids 1–9); 10 links Chicago and Chatham; 11 links nothing; 12 is hidden. */
const catalogue: EventDocument[] = [
  ...Object.values(venues).map((venue, i) => eventAt(i + 1, venue)),
  eventAt(10, venues.chicago, venues.chatham),
  eventAt(11),
  { ...eventAt(12, venues.springfield), hideFromListings: true },
];

const query = (changes: Partial<EventListQuery>): EventListQuery => ({
  language: 'en',
  statuses: ['publish'],
  offset: 0,
  limit: 100,
  ...changes,
});
const near = (at: { lat: number; lng: number }, miles = 25) => ({ near: { ...at, miles } });

const cases: Array<[string, Partial<EventListQuery>, number[]]> = [
  ['hasVenueCoordinates: events with a located venue', { hasVenueCoordinates: true }, [1, 2, 3, 5, 6, 7, 8, 9, 10]],
  ['hasVenueCoordinates false: no condition', { hasVenueCoordinates: false }, [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]],
  ['near: venues within the radius, not Chicago ~180 miles away', near(springfield), [1, 2, 5, 10]],
  ['near: a radius just short of Chatham (7.8 miles) leaves it out', near(springfield, 7.5), [1]],
  ['near: any linked venue counts', near({ lat: 41.88, lng: -87.63 }), [3, 10]],
  ['near: across the antimeridian', near({ lat: -17, lng: 180 }), [7, 8]],
  ['near: around a pole, every longitude is close', near({ lat: 89.9, lng: -90 }), [9]],
  ['near: a wide circle (the grid visits its occupied cells)', near(springfield, 300), [1, 2, 3, 5, 6, 10]],
  ['near: nowhere near a venue', near({ lat: 0, lng: 0 }), []],
  ['near: combined with other filters', { ...near(springfield), ids: [2, 3, 10] }, [2, 10]],
  ['near: paged, total counts every match', { ...near(springfield), offset: 1, limit: 2 }, [2, 5]],
];

/** Runs inside the main contract, on the store its hooks open for each test (and close after it). */
export function readStoreGeoContract(storeOf: () => ReadStore): void {
  describe('geolocation filters', function () {
    let store: ReadStore;
    beforeEach(async function () {
      store = storeOf();
      for (const doc of catalogue) await store.events.put(doc);
    });
    const idsOf = async (q: EventListQuery) => (await store.events.list(q)).items.map((d) => d.id);

    for (const [description, changes, expected] of cases) {
      it(`${description} → ${JSON.stringify(expected)}`, async function () {
        const page = await store.events.list(query(changes));
        expect(page.items.map((d) => d.id)).to.deep.equal(expected);
        if (changes.offset === undefined) expect(page.total).to.equal(expected.length);
        else expect(page.total).to.equal(4);
      });
    }

    it('keeps the venue locations of a document as put', async function () {
      expect((await store.events.get(10))?.venueLocations).to.deep.equal([
        { type: 'Point', coordinates: [-87.6298, 41.8781] },
        { type: 'Point', coordinates: [-89.7045, 39.6761] },
      ]);
    });

    it('moves an event when its embedded venue moves (setEmbedded), and back', async function () {
      await store.events.setEmbedded(3, {
        ...noEmbeddedLinks,
        venues: [{ ...venues.chicago, geoLat: 39.8, geoLng: -89.6 }],
      });
      expect(await idsOf(query(near(springfield)))).to.deep.equal([1, 2, 3, 5, 10]);
      expect((await store.events.get(3))?.venueLocations).to.deep.equal([
        { type: 'Point', coordinates: [-89.6, 39.8] },
      ]);
      await store.events.setEmbedded(3, { ...noEmbeddedLinks, venues: [venues.chicago] });
      expect(await idsOf(query(near(springfield)))).to.deep.equal([1, 2, 5, 10]);
    });

    it('forgets the location when the venue loses its coordinates or the event its venue', async function () {
      await store.events.setEmbedded(1, { ...noEmbeddedLinks, venues: [venueAt(30, undefined)] });
      await store.events.put({ ...eventAt(2), revision: 1 });
      expect(await idsOf(query(near(springfield)))).to.deep.equal([5, 10]);
      expect(await idsOf(query({ hasVenueCoordinates: true, ids: [1, 2, 3] }))).to.deep.equal([3]);
    });
  });
}
