// Specifies single venue and organizer reads (§9) with their exact json_ld (§4.6), by id and by slug.
import { expect } from 'chai';
import {
  API,
  bodyOf,
  createOrganizer,
  createVenue,
  decodeEntities,
  expectError,
  expectInvalidParams,
  startItemService,
  type ItemTestService,
  type JsonObject,
} from './support/itemsApi.ts';

describe('venue and organizer reads', function () {
  let t: ItemTestService;
  before(async () => {
    t = await startItemService();
  });
  after(async () => t.close());

  it('a venue json_ld omits empty PostalAddress members and writes telephone/sameAs as ""', async () => {
    const v = await createVenue(t, {
      venue: 'Sparse Hall',
      description: 'Tom & <b>Jerry</b>',
      address: '1 Main',
      zip: '99',
    });
    const res = await t.request('GET', `${API}/venues/${v.id as number}`);
    expect(res.status, res.text).to.equal(200);
    expect(bodyOf(res).json_ld).to.deep.equal({
      '@type': 'Place',
      name: 'Sparse Hall',
      description: '&lt;p&gt;Tom &amp; Jerry&lt;/p&gt;\\n',
      url: '',
      address: { '@type': 'PostalAddress', streetAddress: '1 Main', postalCode: '99' },
      telephone: '',
      sameAs: '',
    });
    expect(res.headers.get('allow')).to.equal('GET');
    expect(res.headers.get('cache-control')).to.equal(null);
  });

  it('a venue json_ld addressRegion is the derived stateprovince; json_ld sits before show_map', async () => {
    const v = await createVenue(t, {
      venue: 'Region Hall',
      city: 'Toronto',
      country: 'Canada',
      province: 'ON',
      state: 'XX',
      phone: '5',
    });
    const body = bodyOf(await t.request('GET', `${API}/venues/${v.id as number}`));
    expect(body.json_ld).to.deep.equal({
      '@type': 'Place',
      name: 'Region Hall',
      description: '',
      url: '',
      address: { '@type': 'PostalAddress', addressLocality: 'Toronto', addressRegion: 'ON', addressCountry: 'Canada' },
      telephone: '5',
      sameAs: '',
    });
    const keys = Object.keys(body);
    expect(keys.slice(keys.indexOf('json_ld'))).to.deep.equal([
      'json_ld',
      'show_map',
      'show_map_link',
      'global_id',
      'global_id_lineage',
      'language',
      'translations',
    ]);
  });

  it('a venue without any address field has an address object with only @type', async () => {
    const v = await createVenue(t, { venue: 'Nowhere Hall' });
    const jsonLd = bodyOf(await t.request('GET', `${API}/venues/${v.id as number}`)).json_ld as JsonObject;
    expect(jsonLd.address).to.deep.equal({ '@type': 'PostalAddress' });
  });

  it('a venue description is cut to 55 words for json_ld', async () => {
    const words = Array.from({ length: 60 }, (_v, i) => `w${i}`);
    const v = await createVenue(t, { venue: 'Wordy Hall', description: words.join(' ') });
    const jsonLd = bodyOf(await t.request('GET', `${API}/venues/${v.id as number}`)).json_ld as JsonObject;
    expect(jsonLd.description).to.equal(`&lt;p&gt;${words.slice(0, 55).join(' ')} [&amp;hellip;]&lt;/p&gt;\\n`);
  });

  it('the by-slug read equals the by-id read, and the slug is percent-decoded', async () => {
    const v = await createVenue(t, { venue: 'Slugged Hall', city: 'X' });
    const byId = await t.request('GET', `${API}/venues/${v.id as number}`);
    const bySlug = await t.request('GET', `${API}/venues/by-slug/%73lugged-hall`);
    expect(bySlug.status).to.equal(200);
    expect(bySlug.body).to.deep.equal(byId.body);
  });

  it('an organizer json_ld is exact, its email decoding to the stored e-mail', async () => {
    const o = await createOrganizer(t, {
      organizer: 'Org One',
      description: 'Hi',
      phone: '7',
      email: 'me@example.org',
      website: 'https://o.example',
    });
    const body = bodyOf(await t.request('GET', `${API}/organizers/${o.id as number}`));
    expect(Object.keys(body)).to.deep.equal([
      'id',
      'author',
      'status',
      'date',
      'date_utc',
      'modified',
      'modified_utc',
      'url',
      'organizer',
      'description',
      'slug',
      'phone',
      'website',
      'email',
      'json_ld',
      'global_id',
      'global_id_lineage',
      'language',
      'translations',
    ]);
    const jsonLd = body.json_ld as JsonObject;
    expect(Object.keys(jsonLd)).to.deep.equal(['@type', 'name', 'description', 'url', 'telephone', 'email', 'sameAs']);
    expect({ ...jsonLd, email: decodeEntities(jsonLd.email as string) }).to.deep.equal({
      '@type': 'Person',
      name: 'Org One',
      description: '&lt;p&gt;Hi&lt;/p&gt;\\n',
      url: 'https://o.example',
      telephone: '7',
      email: 'me@example.org',
      sameAs: 'https://o.example',
    });
  });

  it('an organizer with only a name has "" json_ld members', async () => {
    const o = await createOrganizer(t, { organizer: 'Org Bare' });
    const res = await t.request('GET', `${API}/organizers/by-slug/org-bare`);
    expect(bodyOf(res).json_ld).to.deep.equal({
      '@type': 'Person',
      name: 'Org Bare',
      description: '',
      url: '',
      telephone: '',
      email: '',
      sameAs: '',
    });
    expect(bodyOf(res).id).to.equal(o.id);
  });

  it('an id or slug of another kind is 400 naming id / slug', async () => {
    const v = await createVenue(t, { venue: 'Kind Hall' });
    const o = await createOrganizer(t, { organizer: 'Kind Org' });
    expectInvalidParams(await t.request('GET', `${API}/organizers/${v.id as number}`), 'id');
    expectInvalidParams(await t.request('GET', `${API}/venues/${o.id as number}`), 'id');
    expectInvalidParams(await t.request('GET', `${API}/organizers/by-slug/kind-hall`), 'slug');
    expectInvalidParams(await t.request('GET', `${API}/venues/by-slug/kind-org`), 'slug');
    expectInvalidParams(await t.admin('PATCH', `${API}/venues/0`, { body: { city: 'x' } }), 'id');
    expectInvalidParams(await t.admin('DELETE', `${API}/organizers/by-slug/nope`), 'slug');
  });

  it('non-numeric ids and empty slugs have no route', async () => {
    expectError(await t.request('GET', `${API}/venues/foo`), 404, 'rest_no_route');
    expectError(await t.request('GET', `${API}/organizers/by-slug/`), 404, 'rest_no_route');
    expectError(await t.admin('PUT', `${API}/venues`, { body: { venue: 'x' } }), 404, 'rest_no_route');
  });

  it('non-published venues and organizers are 403 for anonymous callers and readable by the admin', async () => {
    for (const status of ['draft', 'pending', 'private', 'future']) {
      const v = await createVenue(t, {
        venue: `Hidden ${status}`,
        status,
        ...(status === 'future' ? { date: '2027-01-01 00:00:00' } : {}),
      });
      const o = await createOrganizer(t, {
        organizer: `Hidden ${status}`,
        status,
        ...(status === 'future' ? { date: '2027-01-01 00:00:00' } : {}),
      });
      expectError(
        await t.request('GET', `${API}/venues/${v.id as number}`),
        403,
        'venue-not-accessible',
        'The requested venue is not accessible',
      );
      expectError(
        await t.request('GET', `${API}/organizers/${o.id as number}`),
        403,
        'organizer-not-accessible',
        'The requested organizer is not accessible',
      );
      const admin = await t.admin('GET', `${API}/venues/${v.id as number}`);
      expect(bodyOf(admin).status, status).to.equal(status);
      expect(bodyOf(admin)).to.have.property('json_ld');
      expect(bodyOf(await t.admin('GET', `${API}/organizers/${o.id as number}`)).status).to.equal(status);
    }
  });

  it('a trashed venue/organizer is 403 for anonymous callers by id and by slug', async () => {
    const v = await createVenue(t, { venue: 'Trash Hall' });
    await t.admin('DELETE', `${API}/venues/${v.id as number}`);
    expectError(await t.request('GET', `${API}/venues/by-slug/trash-hall__trashed`), 403, 'venue-not-accessible');
    const o = await createOrganizer(t, { organizer: 'Trash Org' });
    const del = await t.admin('DELETE', `${API}/organizers/by-slug/trash-org`);
    expect(bodyOf(del)).to.include({
      status: 'trash',
      slug: 'trash-org__trashed',
      url: `http://localhost:8080/?post_type=cal_organizer&p=${o.id as number}`,
    });
    expectError(await t.request('GET', `${API}/organizers/${o.id as number}`), 403, 'organizer-not-accessible');
    expectError(
      await t.admin('DELETE', `${API}/organizers/by-slug/trash-org__trashed`),
      410,
      'organizer-is-in-trash',
      'The organizer is already trashed',
    );
  });
});
