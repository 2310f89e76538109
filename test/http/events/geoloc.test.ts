// Specifies the geolocation filters of GET /events with and without the extended add-on (docs/api.md §6, §13.3, §16).
import { expect } from 'chai';
import { startTestService, type TestResponse, type TestService } from '../../support/testService.ts';
import {
  API,
  API_ROOT,
  DEFAULT_WINDOW,
  bodyOf,
  createEvent,
  expectError,
  expectInvalidParams,
  expectSpecificInvalidParam,
  idsOf,
  query,
  type JsonObject,
} from './support/eventsApi.ts';

const springfield = { geo_lat: 39.7817, geo_lng: -89.6501 };
const chatham = { geo_lat: 39.6761, geo_lng: -89.7045 };
const chicago = { geo_lat: 41.8781, geo_lng: -87.6298 };
const nearSpringfield = { geoloc_lat: '39.7817', geoloc_lng: '-89.6501' };
const nearChicago = { geoloc_lat: '41.88', geoloc_lng: '-87.63' };

async function createVenue(t: TestService, fields: JsonObject): Promise<number> {
  const res = await t.admin('POST', `${API}/venues`, { body: fields });
  expect(res.status, res.text).to.equal(201);
  return bodyOf(res).id as number;
}

describe('GET /events geolocation filters with the extended add-on on', () => {
  let t: TestService;
  let events: {
    springfield: number;
    chatham: number;
    chicago: number;
    unlocated: number;
    noVenue: number;
    moving: number;
  };
  let movingVenue: number;
  const list = (pairs: Record<string, string>): Promise<TestResponse> =>
    t.request('GET', `${API}/events?${query(pairs)}`);

  before(async function () {
    this.timeout(20000);
    t = await startTestService({ CAL_EXTENDED_ADDON: 'true' });
    const at = async (title: string, venue: JsonObject | undefined, day: number) => {
      const dates = { start_date: `2026-12-0${day} 10:00:00`, end_date: `2026-12-0${day} 11:00:00` };
      const venueId = venue && (await createVenue(t, { venue: `${title} Hall`, ...venue }));
      return (await createEvent(t, { title, ...dates, ...(venueId ? { venue: venueId } : {}) })).id as number;
    };
    events = {
      springfield: await at('In Springfield', springfield, 1),
      chatham: await at('In Chatham', chatham, 2),
      chicago: await at('In Chicago', chicago, 3),
      unlocated: await at('Somewhere', {}, 4),
      noVenue: await at('Nowhere', undefined, 5),
      moving: await at('On tour', chicago, 6),
    };
    movingVenue = (bodyOf(await t.request('GET', `${API}/events/${events.moving}`)).venue as JsonObject).id as number;
  });
  after(async () => t.close());

  it('geoloc_lat/geoloc_lng keep events whose venue is within 25 miles, not Chicago ~180 miles away', async () => {
    const res = await list(nearSpringfield);
    expect(idsOf(res)).to.deep.equal([events.springfield, events.chatham]);
    expect(bodyOf(res).total).to.equal(2);
  });

  it('carry the point into rest_url after search and before status', async () => {
    const res = await list({ ...nearSpringfield, search: 'in', geoloc: 'true' });
    expect(bodyOf(res).rest_url).to.equal(
      `${API_ROOT}/events/?page=1&per_page=10&${DEFAULT_WINDOW}` +
        '&search=in&geoloc=1&geoloc_lat=39.7817&geoloc_lng=-89.6501&status=publish',
    );
  });

  it('geoloc=true keeps events whose venue has coordinates', async () => {
    const res = await list({ geoloc: 'true' });
    expect(idsOf(res)).to.deep.equal([events.springfield, events.chatham, events.chicago, events.moving]);
  });

  it('geoloc=false has no effect, and shows as geoloc=0', async () => {
    const res = await list({ geoloc: 'false' });
    expect(idsOf(res)).to.deep.equal(Object.values(events));
    expect(bodyOf(res).rest_url).to.equal(
      `${API_ROOT}/events/?page=1&per_page=10&${DEFAULT_WINDOW}&geoloc=0&status=publish`,
    );
  });

  it('follows a venue that moves', async () => {
    expect(idsOf(await list(nearChicago))).to.deep.equal([events.chicago, events.moving]);
    const moved = await t.admin('PATCH', `${API}/venues/${movingVenue}`, { body: springfield });
    expect(moved.status, moved.text).to.equal(200);
    expect(idsOf(await list(nearSpringfield))).to.deep.equal([events.springfield, events.chatham, events.moving]);
    expect(idsOf(await list(nearChicago))).to.deep.equal([events.chicago]);
    await t.admin('PATCH', `${API}/venues/${movingVenue}`, { body: chicago });
  });

  it('requires both coordinates, naming the one sent', async () => {
    expectInvalidParams(await list({ geoloc_lat: '39.78' }), 'geoloc_lat');
    expectInvalidParams(await list({ geoloc_lng: '-89.65' }), 'geoloc_lng');
  });

  it('refuses coordinates out of range or not numbers', async () => {
    expectInvalidParams(await list({ geoloc_lat: '90.01', geoloc_lng: '0' }), 'geoloc_lat');
    expectInvalidParams(await list({ geoloc_lat: '0', geoloc_lng: '-180.5' }), 'geoloc_lng');
    expectInvalidParams(await list({ geoloc_lat: '-91', geoloc_lng: '181' }), 'geoloc_lat', 'geoloc_lng');
    expectInvalidParams(await list({ geoloc_lat: 'north', geoloc_lng: '0' }), 'geoloc_lat');
    expectInvalidParams(await list({ geoloc: 'maybe' }), 'geoloc');
  });

  it('accepts the bounds of the ranges', async () => {
    for (const [lat, lng] of [
      ['90', '180'],
      ['-90', '-180'],
    ]) {
      const res = await list({ geoloc_lat: lat as string, geoloc_lng: lng as string });
      expect(res.status, res.text).to.equal(200);
      expect(idsOf(res)).to.deep.equal([]);
    }
  });
});

describe('GET /events geolocation filters with the extended add-on off', () => {
  let t: TestService;
  before(async function () {
    this.timeout(20000);
    t = await startTestService();
  });
  after(async () => t.close());

  it('refuses geoloc with the specific reason extended-addon-required', async () => {
    const res = await t.request('GET', `${API}/events?geoloc=true`);
    expectSpecificInvalidParam(
      res,
      'geoloc',
      'extended-addon-required',
      'This parameter requires the extended add-on.',
    );
  });

  it('refuses a valid point, naming both coordinates with that reason', async () => {
    const res = await t.request('GET', `${API}/events?${query(nearSpringfield)}`);
    const data = expectError(res, 400, 'rest_invalid_param', 'Invalid parameter(s): geoloc_lat, geoloc_lng');
    const reason = 'This parameter requires the extended add-on.';
    expect(data.params).to.deep.equal({ geoloc_lat: reason, geoloc_lng: reason });
    const detail = { code: 'extended-addon-required', message: reason, data: { status: 400 } };
    expect(data.details).to.deep.equal({ geoloc_lat: detail, geoloc_lng: detail });
  });
});
