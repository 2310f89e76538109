// Specifies venue coordinates (§16, §10.2, §4.2, §4.6, §12): ignored with the add-on off, validated and output with it
// on.
import { expect } from 'chai';
import {
  API,
  bodyOf,
  createVenue,
  expectInvalidParams,
  startItemService,
  type ItemTestService,
  type JsonObject,
} from './support/itemsApi.ts';

describe('venue coordinates with the extended add-on off', function () {
  let t: ItemTestService;
  before(async () => {
    t = await startItemService();
  });
  after(async () => t.close());

  it('ignores even invalid coordinates and outputs none, json_ld included', async () => {
    const v = await createVenue(t, { venue: 'Flat Hall', city: 'X', geo_lat: 999, geo_lng: 'abc' });
    expect(v).to.not.have.property('geo_lat');
    expect(v).to.not.have.property('geo_lng');
    const upd = await t.admin('PATCH', `${API}/venues/${v.id as number}`, { body: { geo_lat: 10, geo_lng: 20 } });
    expect(upd.status, upd.text).to.equal(200);
    expect(bodyOf(upd)).to.not.have.property('geo_lat');
    const jsonLd = bodyOf(await t.request('GET', `${API}/venues/${v.id as number}`)).json_ld as JsonObject;
    expect(jsonLd).to.not.have.property('geo');
  });
});

describe('venue coordinates with the extended add-on on', function () {
  let t: ItemTestService;
  before(async () => {
    t = await startItemService({ CAL_EXTENDED_ADDON: 'true' });
  });
  after(async () => t.close());

  it('outputs geo_lat/geo_lng as numbers after stateprovince and a json_ld geo after address', async () => {
    const v = await createVenue(t, {
      venue: 'Round Hall',
      city: 'Barcelona',
      phone: '1',
      geo_lat: 41.38,
      geo_lng: '2.17',
    });
    expect(v).to.include({ geo_lat: 41.38, geo_lng: 2.17 });
    const keys = Object.keys(v);
    expect(keys.slice(keys.indexOf('phone'))).to.deep.equal([
      'phone',
      'geo_lat',
      'geo_lng',
      'show_map',
      'show_map_link',
      'global_id',
      'global_id_lineage',
      'language',
      'translations',
    ]);
    const body = bodyOf(await t.request('GET', `${API}/venues/${v.id as number}`));
    expect(body.json_ld).to.deep.equal({
      '@type': 'Place',
      name: 'Round Hall',
      description: '',
      url: '',
      address: { '@type': 'PostalAddress', addressLocality: 'Barcelona' },
      geo: { '@type': 'GeoCoordinates', latitude: 41.38, longitude: 2.17 },
      telephone: '1',
      sameAs: '',
    });
  });

  it('accepts the bounds and refuses values out of range or not numbers', async () => {
    const edge = await createVenue(t, { venue: 'Edge Hall', geo_lat: -90, geo_lng: 180 });
    expect(edge).to.include({ geo_lat: -90, geo_lng: 180 });
    expectInvalidParams(await t.admin('POST', `${API}/venues`, { body: { venue: 'Bad', geo_lat: 90.5 } }), 'geo_lat');
    expectInvalidParams(
      await t.admin('POST', `${API}/venues`, { body: { venue: 'Bad', geo_lng: -180.01 } }),
      'geo_lng',
    );
    expectInvalidParams(
      await t.admin('POST', `${API}/venues`, { body: { venue: 'Bad', geo_lat: 'north' } }),
      'geo_lat',
    );
    expectInvalidParams(
      await t.admin('PATCH', `${API}/venues/${edge.id as number}`, { body: { geo_lng: 200 } }),
      'geo_lng',
    );
  });

  it(
    'keeps a coordinate sent alone on a venue without coordinates, and shows both once the ' + 'other is sent',
    async () => {
      const v = await createVenue(t, { venue: 'Pending Hall', city: 'X' });
      expect(v).to.not.have.any.keys('geo_lat', 'geo_lng');
      const half = await t.admin('PATCH', `${API}/venues/${v.id as number}`, { body: { geo_lat: 39.78 } });
      expect(half.status, half.text).to.equal(200);
      expect(bodyOf(half)).to.not.have.any.keys('geo_lat', 'geo_lng');
      const shown = bodyOf(await t.request('GET', `${API}/venues/${v.id as number}`));
      expect(shown).to.not.have.any.keys('geo_lat', 'geo_lng');
      expect(shown.json_ld).to.not.have.property('geo');
      const whole = await t.admin('PATCH', `${API}/venues/${v.id as number}`, { body: { geo_lng: -89.65 } });
      expect(whole.status, whole.text).to.equal(200);
      expect(bodyOf(whole)).to.include({ geo_lat: 39.78, geo_lng: -89.65 });
      expect(bodyOf(await t.request('GET', `${API}/venues/${v.id as number}`))).to.include({
        geo_lat: 39.78,
        geo_lng: -89.65,
      });

      const recorded = await t.service.store.readStream(`venue-${v.id as number}`);
      expect(recorded.map((event) => [event.type, event.metadata.schemaVersion])).to.deep.equal([
        ['VenueRegistered', 3],
        ['VenueDetailsChanged', 3],
        ['VenueDetailsChanged', 3],
      ]);
      const [registered, first, second] = recorded.map(
        (event) => event.data as { facts?: JsonObject; changes?: JsonObject },
      );
      expect(registered?.facts?.geo).to.deep.equal({ lat: null, lng: null });
      expect(first?.changes).to.deep.equal({ geo: { lat: 39.78, lng: null } });
      expect(second?.changes).to.deep.equal({ geo: { lat: 39.78, lng: -89.65 } });
    },
  );

  it('records no geo when the coordinates sent are the stored ones', async () => {
    const v = await createVenue(t, { venue: 'Still Hall', geo_lat: 5, geo_lng: 6 });
    const same = await t.admin('PATCH', `${API}/venues/${v.id as number}`, { body: { geo_lat: '5', city: 'Y' } });
    expect(same.status, same.text).to.equal(200);
    const last = (await t.service.store.readStream(`venue-${v.id as number}`)).at(-1);
    expect(last?.data).to.deep.equal({ id: v.id, changes: { city: 'Y' } });
  });

  it('updates coordinates and blanks them to 0 when the venue is locked', async () => {
    const v = await createVenue(t, { venue: 'Moving Hall', geo_lat: 1, geo_lng: 2 });
    const moved = await t.admin('PATCH', `${API}/venues/${v.id as number}`, { body: { geo_lat: 3 } });
    expect(bodyOf(moved)).to.include({ geo_lat: 3, geo_lng: 2 });
    await t.admin('PATCH', `${API}/venues/${v.id as number}`, { body: { password: 'pw' } });
    const locked = bodyOf(await t.request('GET', `${API}/venues/${v.id as number}`));
    expect(locked).to.include({ geo_lat: 0, geo_lng: 0 });
    // The json_ld keeps no coordinates either (§12): `geo` is removed, as are telephone, sameAs and url.
    expect(locked.json_ld).to.not.have.any.keys('geo', 'telephone', 'sameAs', 'url');
    const unlocked = bodyOf(await t.request('GET', `${API}/venues/${v.id as number}?password=pw`));
    expect((unlocked.json_ld as JsonObject).geo).to.deep.equal({
      '@type': 'GeoCoordinates',
      latitude: 3,
      longitude: 2,
    });
    const asOf = bodyOf(await t.request('GET', `${API}/venues/${v.id as number}?as_of=2026-11-22T10:52:28Z`));
    expect(asOf).to.include({ geo_lat: 0, geo_lng: 0 });
    expect(asOf.json_ld).to.not.have.any.keys('geo', 'telephone', 'sameAs', 'url');
    const event = await t.admin('POST', `${API}/events`, {
      body: {
        title: 'At the locked hall',
        start_date: '2026-12-01 10:00:00',
        end_date: '2026-12-01 11:00:00',
        venue: v.id,
      },
    });
    const read = bodyOf(await t.request('GET', `${API}/events/${bodyOf(event).id as number}`));
    expect((read.json_ld as JsonObject).location).to.deep.equal({
      '@type': 'Place',
      name: 'Moving Hall',
      description: '',
      address: '',
    });
  });
});
