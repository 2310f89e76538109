// Specifies venue updates (§10, §10.2) by id and by slug through POST/PUT/PATCH, If-Match and ETag, and deletes (§11).
import { expect } from 'chai';
import {
  API,
  ADMIN_ITEM_ALLOW,
  bodyOf,
  createVenue,
  expectError,
  expectInvalidParams,
  startItemService,
  type ItemTestService,
} from './support/itemsApi.ts';
import { nameOnlyVenueKeys } from '../../support/venueRepresentation.ts';

describe('venue updates and deletes', function () {
  let t: ItemTestService;
  before(async () => {
    t = await startItemService();
  });
  after(async () => t.close());

  for (const method of ['POST', 'PUT', 'PATCH']) {
    it(`${method} by id changes only the fields sent and answers 200 without json_ld`, async () => {
      const v = await createVenue(t, {
        venue: `${method} Hall`,
        city: 'Springfield',
        phone: '1',
        zip: '62701',
        state: 'IL',
      });
      t.setNow(new Date('2026-11-23T08:00:00Z'));
      const res = await t.admin(method, `${API}/venues/${v.id as number}`, {
        body: { city: 'Shelbyville', address: '9 Elm' },
      });
      t.setNow(new Date('2026-11-22T10:52:28Z'));
      expect(res.status, res.text).to.equal(200);
      const body = bodyOf(res);
      expect(body).to.include({
        city: 'Shelbyville',
        address: '9 Elm',
        phone: '1',
        zip: '62701',
        state: 'IL',
        stateprovince: 'IL',
      });
      expect(body).to.include({
        date: v.date,
        slug: v.slug,
        modified: '2026-11-23 08:00:00',
        modified_utc: '2026-11-23 08:00:00',
      });
      expect(body).to.not.have.property('json_ld');
      expect(res.headers.get('allow')).to.equal(ADMIN_ITEM_ALLOW);
      expect(res.headers.get('location')).to.equal(null);
    });

    it(`${method} by slug updates the venue the slug names`, async () => {
      const v = await createVenue(t, { venue: `Slug ${method}`, city: 'A' });
      const res = await t.admin(method, `${API}/venues/by-slug/${v.slug as string}`, { body: { city: 'B' } });
      expect(res.status, res.text).to.equal(200);
      expect(bodyOf(res)).to.include({ id: v.id, city: 'B' });
      expect(bodyOf(await t.request('GET', `${API}/venues/${v.id as number}`)).city).to.equal('B');
    });
  }

  it('"" removes each text key from the output; unsent show_map flags stay', async () => {
    const v = await createVenue(t, {
      venue: 'Blank Hall',
      description: 'D',
      address: 'A',
      city: 'C',
      country: 'US',
      province: 'P',
      state: 'S',
      zip: 'Z',
      phone: 'T',
      website: 'https://example.com',
      show_map: false,
    });
    const res = await t.admin('PATCH', `${API}/venues/${v.id as number}`, {
      body: {
        description: '',
        address: '',
        city: '',
        country: '',
        province: '',
        state: '',
        zip: '',
        phone: '',
        website: '',
      },
    });
    expect(res.status, res.text).to.equal(200);
    expect(Object.keys(bodyOf(res))).to.deep.equal(nameOnlyVenueKeys);
    expect(bodyOf(res)).to.include({ show_map: false, show_map_link: true });
  });

  it('re-derives stateprovince when state changes and none was sent', async () => {
    const v = await createVenue(t, { venue: 'Derive Hall', state: 'IL' });
    const res = await t.admin('PATCH', `${API}/venues/${v.id as number}`, { body: { state: 'WI' } });
    expect(bodyOf(res).stateprovince).to.equal('WI');
  });

  it('an empty name is refused; the name cannot be removed', async () => {
    const v = await createVenue(t, { venue: 'Named Hall' });
    expectInvalidParams(await t.admin('PATCH', `${API}/venues/${v.id as number}`, { body: { venue: '' } }), 'venue');
    expectInvalidParams(await t.admin('PATCH', `${API}/venues/${v.id as number}`, { body: { city: 5 } }), 'city');
  });

  it('a body slug renames on the by-slug route; a name change alone keeps the slug', async () => {
    const v = await createVenue(t, { venue: 'Old Name' });
    const renamedTitle = await t.admin('POST', `${API}/venues/by-slug/old-name`, { body: { venue: 'New Name' } });
    expect(bodyOf(renamedTitle)).to.include({ venue: 'New Name', slug: 'old-name' });
    const res = await t.admin('PATCH', `${API}/venues/by-slug/old-name`, { body: { slug: 'Brand New' } });
    expect(bodyOf(res)).to.include({ id: v.id, slug: 'brand-new', url: 'http://localhost:8080/venue/brand-new/' });
    expect(bodyOf(await t.request('GET', `${API}/venues/by-slug/brand-new`)).id).to.equal(v.id);
    expectInvalidParams(await t.request('GET', `${API}/venues/by-slug/old-name`), 'slug');
  });

  it('ETag counts revisions; a matching If-Match writes, a stale one is 412 and writes nothing', async () => {
    const v = await createVenue(t, { venue: 'Tagged Hall', city: 'A' });
    const path = `${API}/venues/${v.id as number}`;
    const etag = (await t.request('GET', path)).headers.get('etag') ?? '';
    expect(etag).to.match(/^W\/"\d+"$/);
    const ok = await t.admin('PUT', path, { body: { city: 'B' }, headers: { 'if-match': etag } });
    expect(ok.status, ok.text).to.equal(200);
    const next = ok.headers.get('etag');
    expect(next).to.match(/^W\/"\d+"$/);
    expect(next).to.not.equal(etag);
    expect((await t.request('GET', path)).headers.get('etag')).to.equal(next);
    const stale = await t.admin('PATCH', path, { body: { city: 'C' }, headers: { 'if-match': etag } });
    expect(stale.status).to.equal(412);
    expect(bodyOf(await t.request('GET', path)).city).to.equal('B');
  });

  it('DELETE by slug trashes: status, __trashed slug, ?post_type url, modified updated; again is 410', async () => {
    const v = await createVenue(t, { venue: 'Doomed Hall', city: 'X' });
    t.setNow(new Date('2026-11-24T09:00:00Z'));
    const res = await t.admin('DELETE', `${API}/venues/by-slug/doomed-hall?force=true`);
    t.setNow(new Date('2026-11-22T10:52:28Z'));
    expect(res.status, res.text).to.equal(200);
    expect(bodyOf(res)).to.include({
      id: v.id,
      status: 'trash',
      slug: 'doomed-hall__trashed',
      city: 'X',
      modified: '2026-11-24 09:00:00',
      url: `http://localhost:8080/?post_type=cal_venue&p=${v.id as number}`,
    });
    expectError(
      await t.admin('DELETE', `${API}/venues/${v.id as number}`),
      410,
      'venue-is-in-trash',
      'The venue is already trashed',
    );
    expectError(await t.admin('DELETE', `${API}/venues/by-slug/doomed-hall__trashed`), 410, 'venue-is-in-trash');
    const read = await t.admin('GET', `${API}/venues/${v.id as number}`);
    expect(bodyOf(read).status).to.equal('trash');
  });

  it('trashing a venue unlinks it from its events', async () => {
    const v = await createVenue(t, { venue: 'Linked Hall' });
    const ev = await t.admin('POST', `${API}/events`, {
      body: { title: 'Linked', start_date: '2026-12-01 10:00:00', end_date: '2026-12-01 11:00:00', venue: v.id },
    });
    expect((bodyOf(ev).venue as { id: number }).id).to.equal(v.id);
    await t.admin('DELETE', `${API}/venues/${v.id as number}`);
    expect(bodyOf(await t.admin('GET', `${API}/events/${bodyOf(ev).id as number}`)).venue).to.deep.equal([]);
  });
});
