// Specification of the venue events' v1 → v2 change (geoLat/geoLng → geo): lossless upcasting of stored v1 data, and v2
// writes.
import { expect } from 'chai';
import { rmSync } from 'node:fs';
import type * as t from 'io-ts';
import { decodeDomainEvent } from '../../../src/events/catalogue/envelope.ts';
import { catalogue } from '../../../src/events/catalogue/index.ts';
import type { EventFacts } from '../../../src/events/catalogue/calendarEvents.ts';
import type { VenueFactsV1 } from '../../../src/events/catalogue/legacy/venuesV1.ts';
import { upcastVenueDetailsChanged, upcastVenueRegistered } from '../../../src/events/catalogue/venueUpcasts.ts';
import { VenueDetailsChanged } from '../../../src/events/catalogue/venues.ts';
import type { NewEvent } from '../../../src/events/eventStore.ts';
import { openTempStore, type TempStore } from '../../support/tempStore.ts';
import { startTestService, type TestService } from '../../support/testService.ts';

const API = '/cal/events/v1';

/** An event as version 1 of the service wrote it. */
const legacy = (type: string, data: unknown, schemaVersion = 1): NewEvent => ({
  type,
  data,
  metadata: {
    actor: '1',
    occurredAt: '2025-06-01T10:00:00.000Z',
    correlationId: 'c-legacy',
    causationId: 'c-legacy',
    schemaVersion,
  },
});

const venueFactsV1 = (name: string, geoLat: number | null, geoLng: number | null): t.TypeOf<typeof VenueFactsV1> => ({
  language: 'en',
  author: '1',
  status: 'publish',
  publishedUtc: '2025-06-01 10:00:00',
  name,
  description: '',
  excerpt: '',
  slug: name.toLowerCase().replace(/ /g, '-'),
  image: null,
  address: '',
  city: 'Springfield',
  country: '',
  province: '',
  state: '',
  stateprovince: '',
  zip: '',
  phone: '',
  website: '',
  showMap: true,
  showMapLink: true,
  geoLat,
  geoLng,
  passwordSha256: null,
});

const eventAt = (title: string, venue: number, day: number): EventFacts => ({
  language: 'en',
  author: '1',
  status: 'publish',
  publishedUtc: '2025-06-01 10:00:00',
  title,
  description: '',
  excerpt: '',
  slug: title.toLowerCase().replace(/ /g, '-'),
  timezone: 'UTC',
  allDay: false,
  start: `2026-12-0${day} 10:00:00`,
  end: `2026-12-0${day} 11:00:00`,
  startUtc: `2026-12-0${day} 10:00:00`,
  endUtc: `2026-12-0${day} 11:00:00`,
  cost: null,
  website: null,
  showMap: true,
  showMapLink: true,
  hideFromListings: false,
  sticky: false,
  featured: false,
  image: null,
  categories: [],
  tags: [],
  venues: [venue],
  organizers: [],
  passwordHash: null,
});

type Json = Readonly<Record<string, unknown>>;

/**
 * The inverse of the upcast: `geo` back to `geoLat`/`geoLng` in its place. Equal to the v1 data means nothing was lost.
 */
function asVersion1(record: Json): Json {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(record)) {
    if (key !== 'geo') out[key] = value;
    else {
      const geo = value as Json;
      if ('lat' in geo) out.geoLat = geo.lat;
      if ('lng' in geo) out.geoLng = geo.lng;
    }
  }
  return out;
}

describe('venue upcasters (schema version 1 → 2)', () => {
  const coordinatePairs = [
    [39.78, -89.65],
    [10, null],
    [null, 20],
    [null, null],
  ] as const;

  it(
    'turn registered coordinates into the geo object, in the place of geoLat, either one alone ' + 'or none included',
    () => {
      for (const [lat, lng] of coordinatePairs) {
        const v1 = { id: 4, facts: venueFactsV1('Hall', lat, lng) };
        const upcast = upcastVenueRegistered(v1, 1) as { id: number; facts: Json };
        expect(upcast.facts.geo, `${lat}, ${lng}`).to.deep.equal({ lat, lng });
        expect(upcast.facts).to.not.have.any.keys('geoLat', 'geoLng');
        expect(Object.keys(upcast.facts).slice(-3)).to.deep.equal(['showMapLink', 'geo', 'passwordSha256']);
        expect({ ...upcast, facts: asVersion1(upcast.facts) }, 'lossless').to.deep.equal(v1);
      }
    },
  );

  it('turn the coordinates a change holds into a geo with exactly those, one alone and nulls included', () => {
    const cases: [Json, Json][] = [
      [
        { city: 'X', geoLat: 1, geoLng: 2 },
        { city: 'X', geo: { lat: 1, lng: 2 } },
      ],
      [{ geoLat: null, geoLng: 2 }, { geo: { lat: null, lng: 2 } }],
      [{ geoLat: null, geoLng: null }, { geo: { lat: null, lng: null } }],
      [
        { city: 'X', geoLat: 3, zip: '1' },
        { city: 'X', geo: { lat: 3 }, zip: '1' },
      ],
      [{ geoLng: 3 }, { geo: { lng: 3 } }],
      [{ geoLat: null }, { geo: { lat: null } }],
      [
        { geoLng: -4, name: 'Y' },
        { geo: { lng: -4 }, name: 'Y' },
      ],
    ];
    for (const [v1, v2] of cases) {
      const upcast = upcastVenueDetailsChanged({ id: 4, changes: v1 }, 1) as { id: number; changes: Json };
      expect(upcast, JSON.stringify(v1)).to.deep.equal({ id: 4, changes: v2 });
      expect(Object.keys(upcast.changes), 'key order').to.deep.equal(Object.keys(v2));
      expect(asVersion1(upcast.changes), 'lossless').to.deep.equal(v1);
    }
  });

  it('decode every version 1 case into a valid version 2 event', () => {
    const metadata = {
      actor: '1',
      occurredAt: '2025-06-01T10:00:00.000Z',
      correlationId: 'c',
      causationId: 'c',
      schemaVersion: 1,
    };
    const at = { streamId: 'venue-4', revision: 0n, position: 0n };
    for (const [lat, lng] of coordinatePairs) {
      const registered = decodeDomainEvent({
        type: 'VenueRegistered',
        data: { id: 4, facts: venueFactsV1('Hall', lat, lng) },
        metadata,
        ...at,
      });
      expect(registered?.type === 'VenueRegistered' && registered.data.facts.geo, `${lat}, ${lng}`).to.deep.equal({
        lat,
        lng,
      });
    }
    for (const changes of [{ geoLat: 1 }, { geoLng: null }, { geoLat: 1, geoLng: 2 }, { city: 'X' }]) {
      const changed = decodeDomainEvent({ type: 'VenueDetailsChanged', data: { id: 4, changes }, metadata, ...at });
      expect(changed && VenueDetailsChanged.is(changed), JSON.stringify(changes)).to.equal(true);
    }
  });

  it('leave version 2 data, changes without coordinates and malformed data alone', () => {
    const v2 = { id: 4, changes: { geo: { lat: 1 } } };
    expect(upcastVenueDetailsChanged(v2, 2)).to.equal(v2);
    const registeredV2 = { id: 4, facts: { geo: { lat: 1, lng: null } } };
    expect(upcastVenueRegistered(registeredV2, 2)).to.equal(registeredV2);
    const noCoordinates = { id: 4, changes: { city: 'X' } };
    expect(upcastVenueDetailsChanged(noCoordinates, 1)).to.equal(noCoordinates);
    for (const malformed of [null, 'x', [], { id: 4 }, { id: 4, facts: 'x' }]) {
      expect(upcastVenueRegistered(malformed, 1)).to.equal(malformed);
      expect(upcastVenueDetailsChanged(malformed, 1)).to.equal(malformed);
    }
  });

  it(
    'are what the catalogue applies first to the two venue types, now at version 3 (the ' +
      'password rename after them)',
    () => {
      expect(catalogue.VenueRegistered.version).to.equal(3);
      expect(catalogue.VenueDetailsChanged.version).to.equal(3);
      const facts = venueFactsV1('Hall', 1, 2);
      const { geoLat: _lat, geoLng: _lng, passwordSha256: _digest, ...rest } = facts;
      expect(catalogue.VenueRegistered.upcast({ id: 4, facts }, 1)).to.deep.equal({
        id: 4,
        facts: { ...rest, geo: { lat: 1, lng: 2 }, passwordHash: null },
      });
      expect(catalogue.VenueDetailsChanged.upcast({ id: 4, changes: { geoLng: 3 } }, 1)).to.deep.equal({
        id: 4,
        changes: { geo: { lng: 3 } },
      });
      expect(catalogue.VenueTrashed.version).to.equal(1);
    },
  );
});

describe('a store holding version 1 venue events', function () {
  this.timeout(30000);
  let temp: TempStore;
  let t: TestService | undefined;

  before(async () => {
    temp = await openTempStore();
    const { store } = temp;
    // Ids up to 10 are taken, as a version 1 service would have reserved them.
    await store.append('ids-post', [legacy('IdBlockReserved', { first: 1, last: 10 })], 'no_stream');
    await store.append(
      'venue-4',
      [legacy('VenueRegistered', { id: 4, facts: venueFactsV1('Old Hall', 39.7817, -89.6501) })],
      'no_stream',
    );
    await store.append(
      'venue-4',
      [legacy('VenueDetailsChanged', { id: 4, changes: { geoLat: 39.79, geoLng: -89.64 } })],
      0n,
    );
    await store.append(
      'venue-5',
      [legacy('VenueRegistered', { id: 5, facts: venueFactsV1('Half Hall', 10, null) })],
      'no_stream',
    );
    // Located by two separate changes of one coordinate each, as version 1 recorded `PATCH {geo_lat}`, `PATCH
    // {geo_lng}`.
    await store.append(
      'venue-6',
      [legacy('VenueRegistered', { id: 6, facts: venueFactsV1('Lake Hall', null, null) })],
      'no_stream',
    );
    await store.append('venue-6', [legacy('VenueDetailsChanged', { id: 6, changes: { geoLat: 41.8781 } })], 0n);
    await store.append('venue-6', [legacy('VenueDetailsChanged', { id: 6, changes: { geoLng: -87.6298 } })], 1n);
    await store.append(
      'event-7',
      [legacy('EventScheduled', { id: 7, facts: eventAt('At the old hall', 4, 1) })],
      'no_stream',
    );
    await store.append(
      'event-8',
      [legacy('EventScheduled', { id: 8, facts: eventAt('At the half hall', 5, 2) })],
      'no_stream',
    );
    await store.append(
      'event-9',
      [legacy('EventScheduled', { id: 9, facts: eventAt('At the lake hall', 6, 3) })],
      'no_stream',
    );
  });

  after(async () => {
    // Once handed over, the service closes the store; the directory is still ours to remove.
    if (t) {
      await t.close();
      rmSync(temp.dir, { recursive: true, force: true });
    } else await temp.dispose();
  });

  it('decodes them in the version 2 shape, one coordinate alone included', async () => {
    const [registered, changed] = await temp.store.readStream('venue-4');
    const decoded = registered && decodeDomainEvent(registered);
    expect(decoded?.type === 'VenueRegistered' && decoded.data.facts.geo).to.deep.equal({
      lat: 39.7817,
      lng: -89.6501,
    });
    expect(changed && decodeDomainEvent(changed)).to.deep.equal({
      type: 'VenueDetailsChanged',
      data: { id: 4, changes: { geo: { lat: 39.79, lng: -89.64 } } },
    });
    const [half] = await temp.store.readStream('venue-5');
    const halfDecoded = half && decodeDomainEvent(half);
    expect(halfDecoded?.type === 'VenueRegistered' && halfDecoded.data.facts.geo).to.deep.equal({ lat: 10, lng: null });
    const lake = (await temp.store.readStream('venue-6')).map((event) => decodeDomainEvent(event));
    expect(lake.map((event) => event?.type === 'VenueDetailsChanged' && event.data.changes)).to.deep.equal([
      false,
      { geo: { lat: 41.8781 } },
      { geo: { lng: -87.6298 } },
    ]);
  });

  it('skips a venue event of a version newer than the catalogue knows', () => {
    const newer = {
      ...legacy('VenueDetailsChanged', { id: 4, changes: {} }, 4),
      streamId: 'venue-4',
      revision: 2n,
      position: 99n,
    };
    expect(decodeDomainEvent(newer)).to.equal(undefined);
  });

  describe('served by a service started on it (extended add-on on)', () => {
    const service = (): TestService => {
      if (!t) throw new Error('service not started');
      return t;
    };
    before(async () => {
      // The service opens the store itself: hand the directory over.
      await temp.store.close();
      t = await startTestService({ CAL_EXTENDED_ADDON: 'true', CAL_DATA_DIR: temp.dir }, temp.dir);
    });

    it(
      'shows the upcast location of each venue, one completed by two one-coordinate changes, none ' +
        'for a half-set one',
      async () => {
        const located = await service().request('GET', `${API}/venues/4`);
        expect(located.status, located.text).to.equal(200);
        expect(located.body).to.include({ geo_lat: 39.79, geo_lng: -89.64 });
        const lake = await service().request('GET', `${API}/venues/6`);
        expect(lake.status, lake.text).to.equal(200);
        expect(lake.body).to.include({ geo_lat: 41.8781, geo_lng: -87.6298 });
        const half = await service().request('GET', `${API}/venues/5`);
        expect(half.status, half.text).to.equal(200);
        expect(half.body).to.not.have.any.keys('geo_lat', 'geo_lng');
      },
    );

    it('finds events at those venues with the geolocation filters', async () => {
      const ids = async (q: string) =>
        ((await service().request('GET', `${API}/events?${q}`)).body as { events: { id: number }[] }).events.map(
          (e) => e.id,
        );
      expect(await ids('geoloc_lat=39.7817&geoloc_lng=-89.6501')).to.deep.equal([7]);
      expect(await ids('geoloc_lat=41.88&geoloc_lng=-87.63')).to.deep.equal([9]);
      expect(await ids('geoloc=true')).to.deep.equal([7, 9]);
      expect(await ids('geoloc_lat=10&geoloc_lng=0')).to.deep.equal([]);
    });

    it('completes the half-set venue with the other coordinate, as version 1 did', async () => {
      const completed = await service().admin('PATCH', `${API}/venues/5`, { body: { geo_lng: 20 } });
      expect(completed.status, completed.text).to.equal(200);
      expect(completed.body).to.include({ geo_lat: 10, geo_lng: 20 });
      const last = (await service().service.store.readStream('venue-5')).at(-1);
      expect(last?.metadata.schemaVersion).to.equal(catalogue.VenueDetailsChanged.version);
      expect(last?.data).to.deep.equal({ id: 5, changes: { geo: { lat: 10, lng: 20 } } });
    });

    it(
      'records new writes in the current version: a coordinate sent alone is recorded with the ' + 'whole new geo',
      async () => {
        const moved = await service().admin('PATCH', `${API}/venues/4`, { body: { geo_lat: 39.8 } });
        expect(moved.status, moved.text).to.equal(200);
        expect(moved.body).to.include({ geo_lat: 39.8, geo_lng: -89.64 });
        const last = (await service().service.store.readStream('venue-4')).at(-1);
        expect(last?.metadata.schemaVersion).to.equal(catalogue.VenueDetailsChanged.version);
        expect(last?.data).to.deep.equal({ id: 4, changes: { geo: { lat: 39.8, lng: -89.64 } } });

        const created = await service().admin('POST', `${API}/venues`, {
          body: { venue: 'New Hall', geo_lat: 1, geo_lng: '2' },
        });
        expect(created.status, created.text).to.equal(201);
        const id = (created.body as { id: number }).id;
        expect(id).to.be.greaterThan(10);
        const [registered] = await service().service.store.readStream(`venue-${id}`);
        expect(registered?.metadata.schemaVersion).to.equal(catalogue.VenueRegistered.version);
        const facts = (registered?.data as { facts: Record<string, unknown> }).facts;
        expect(facts.geo).to.deep.equal({ lat: 1, lng: 2 });
        expect(facts).to.not.have.any.keys('geoLat', 'geoLng');
      },
    );
  });
});
