// Specification of the venue routes against docs/api.md §4.2, §7, §9–§12 and captures 04, 05, 20, 21, 39.
import { expect } from 'chai';
import { startTestService, type TestService } from '../../support/testService.ts';
import {
  API,
  API_ROOT,
  bodyOf,
  capture,
  expectError,
  expectInvalidParams,
  REASON,
  withReason,
  type JsonObject,
} from '../events/support/eventsApi.ts';

const renumber = (body: JsonObject, id: number): JsonObject => ({
  ...body,
  id,
  global_id: `localhost?id=${id}`,
  global_id_lineage: [`localhost?id=${id}`],
});

describe('venue routes', function () {
  let t: TestService;
  beforeEach(async () => {
    t = await startTestService();
  });
  afterEach(async () => t.close());

  const create = async (body: JsonObject): Promise<JsonObject> => {
    const res = await t.admin('POST', `${API}/venues`, { body });
    expect(res.status, res.text).to.equal(201);
    return bodyOf(res);
  };

  it('GET /venues on an empty store answers as capture 04', async () => {
    const res = await t.request('GET', `${API}/venues`);
    expect(res.status).to.equal(200);
    expect(res.body).to.deep.equal(capture('04').response.body);
    expect(res.headers.get('allow')).to.equal('GET');
    expect(res.headers.get('x-cal-total')).to.equal('0');
  });

  it('creates a venue as capture 05 (same keys, order and values)', async () => {
    const c = capture('05');
    const res = await t.admin('POST', `${API}/venues`, { body: c.request.body });
    expect(res.status, res.text).to.equal(201);
    const body = bodyOf(res);
    expect(body).to.deep.equal(renumber(c.response.body, body.id as number));
    expect(Object.keys(body)).to.deep.equal(Object.keys(c.response.body));
    expect(res.headers.get('allow')).to.equal('GET, POST');
    expect(res.headers.get('location')).to.equal(null);
  });

  it('lists and reads the venue as captures 20 and 21', async () => {
    const created = await create(capture('05').request.body ?? {});
    const id = created.id as number;
    const list = await t.request('GET', `${API}/venues`);
    const expectedList = capture('20').response.body;
    expect(list.body).to.deep.equal({
      ...expectedList,
      venues: [renumber((expectedList.venues as JsonObject[])[0] as JsonObject, id)],
    });
    const one = await t.request('GET', `${API}/venues/${id}`);
    expect(one.body).to.deep.equal(renumber(capture('21').response.body, id));
    expect(Object.keys(bodyOf(one))).to.deep.equal(Object.keys(capture('21').response.body));
    const bySlug = await t.request('GET', `${API}/venues/by-slug/main-hall`);
    expect(bySlug.body).to.deep.equal(one.body);
  });

  it('an unknown id is 400 naming id, even for anonymous deletes (capture 39, §2)', async () => {
    const res = await t.request('GET', `${API}/venues/999999`);
    expect(res.body).to.deep.equal(withReason(capture('39').response.body, 'id', 'unknown-venue', REASON.unknownVenue));
    expectInvalidParams(await t.request('DELETE', `${API}/venues/23`), 'id');
    expectInvalidParams(await t.request('GET', `${API}/venues/by-slug/nothing`), 'slug');
  });

  it('requires the name and refuses bad fields', async () => {
    expectError(await t.admin('POST', `${API}/venues`, { body: { city: 'X' } }), 400, 'rest_missing_callback_param');
    expectInvalidParams(
      await t.admin('POST', `${API}/venues`, { body: { venue: 'A', website: 'example.com' } }),
      'website',
    );
    expectInvalidParams(
      await t.admin('POST', `${API}/venues`, { body: { venue: 'A', status: 'kinda_thinking_about_it' } }),
      'status',
    );
    expectError(await t.request('POST', `${API}/venues`, { body: { venue: 'A' } }), 401, 'rest_forbidden');
  });

  it(
    'a duplicate create answers with the existing venue and writes nothing; a differing field ' + 'creates another',
    async () => {
      const first = await create({ venue: 'Hall', city: 'Springfield' });
      const again = await create({ venue: 'HALL', city: 'springfield' });
      expect(again.id).to.equal(first.id);
      const other = await create({ venue: 'Hall', city: 'Shelbyville' });
      expect(other.id).to.not.equal(first.id);
      expect(other.slug).to.equal('hall-2');
    },
  );

  it('updates only the fields sent; "" removes a text field; by-slug update renames with a body slug', async () => {
    const v = await create({ venue: 'Hall', city: 'Springfield', phone: '1' });
    const res = await t.admin('PATCH', `${API}/venues/${v.id as number}`, { body: { phone: '' } });
    expect(res.status, res.text).to.equal(200);
    expect(bodyOf(res).city).to.equal('Springfield');
    expect(bodyOf(res)).to.not.have.property('phone');
    expect(res.headers.get('etag')).to.match(/^W\/"\d+"$/);
    const renamed = await t.admin('PUT', `${API}/venues/by-slug/hall`, { body: { slug: 'Big Hall' } });
    expect(renamed.status, renamed.text).to.equal(200);
    expect(bodyOf(renamed).slug).to.equal('big-hall');
    expect(bodyOf(renamed).url).to.equal('http://localhost:8080/venue/big-hall/');
  });

  it('trashes, then answers 410 on a second delete', async () => {
    const v = await create({ venue: 'Hall' });
    const res = await t.admin('DELETE', `${API}/venues/${v.id as number}`);
    expect(res.status, res.text).to.equal(200);
    expect(bodyOf(res).status).to.equal('trash');
    expect(bodyOf(res).slug).to.equal('hall__trashed');
    expect(bodyOf(res).url).to.equal(`http://localhost:8080/?post_type=cal_venue&p=${v.id as number}`);
    expectError(
      await t.admin('DELETE', `${API}/venues/${v.id as number}`),
      410,
      'venue-is-in-trash',
      'The venue is already trashed',
    );
    expectError(await t.request('GET', `${API}/venues/${v.id as number}`), 403, 'venue-not-accessible');
  });

  it('blanks a locked protected venue and unlocks it with its password', async () => {
    const v = await create({ venue: 'Hall', city: 'Springfield', state: 'IL' });
    const set = await t.admin('POST', `${API}/venues/${v.id as number}`, { body: { password: 'pw' } });
    expect(bodyOf(set).city).to.equal('Springfield');
    const locked = bodyOf(await t.request('GET', `${API}/venues/${v.id as number}`));
    expect(locked.venue).to.deep.equal([]);
    expect(locked.city).to.equal('');
    expect(locked.state).to.equal('');
    expect(locked.show_map).to.equal(null);
    expect((locked.json_ld as JsonObject).address).to.equal('');
    const open = bodyOf(await t.request('GET', `${API}/venues/${v.id as number}?password=pw`));
    expect(open.venue).to.equal('Hall');
  });

  it('lists with search, status rules, paging and the event filter', async () => {
    await create({ venue: 'Alpha', city: 'Springfield' });
    await create({ venue: 'Beta', status: 'draft' });
    const search = await t.request('GET', `${API}/venues?search=SPRING`);
    expect((bodyOf(search).venues as JsonObject[]).map((v) => v.venue)).to.deep.equal(['Alpha']);
    expect(bodyOf(search).rest_url).to.equal(`${API_ROOT}/venues/?page=1&per_page=10&search=SPRING&status=publish`);
    expectInvalidParams(await t.request('GET', `${API}/venues?status=draft`), 'status');
    const admin = await t.admin('GET', `${API}/venues`);
    expect(bodyOf(admin).total).to.equal(2);
    expectError(await t.request('GET', `${API}/venues?page=2`), 404, 'venue-archive-page-not-found');
    expectInvalidParams(await t.request('GET', `${API}/venues?event=999`), 'event');
  });

  it('reads coordinates only with the extended add-on on', async () => {
    const off = await create({ venue: 'Off', geo_lat: 10, geo_lng: 20 });
    expect(off).to.not.have.property('geo_lat');
    const t2 = await startTestService({ CAL_EXTENDED_ADDON: 'true' });
    try {
      const res = await t2.admin('POST', `${API}/venues`, { body: { venue: 'On', geo_lat: 10, geo_lng: 20 } });
      expect(bodyOf(res).geo_lat).to.equal(10);
      expectInvalidParams(await t2.admin('POST', `${API}/venues`, { body: { venue: 'X', geo_lat: 91 } }), 'geo_lat');
    } finally {
      await t2.close();
    }
  });
});
