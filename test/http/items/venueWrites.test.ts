// Specifies venue creation (§4.2 key order, §10.2 stateprovince, show_map defaults, duplicates) against the real
// service.
import { expect } from 'chai';
import {
  API,
  AUTH_CACHE_CONTROL,
  bodyOf,
  createVenue,
  itemIdsOf,
  startItemService,
  type ItemTestService,
  type JsonObject,
  userId,
} from './support/itemsApi.ts';
import { nameOnlyVenueKeys } from '../../support/venueRepresentation.ts';

const fullKeys = [
  'id',
  'author',
  'status',
  'date',
  'date_utc',
  'modified',
  'modified_utc',
  'url',
  'venue',
  'description',
  'slug',
  'address',
  'city',
  'country',
  'province',
  'state',
  'zip',
  'phone',
  'website',
  'stateprovince',
  'show_map',
  'show_map_link',
  'global_id',
  'global_id_lineage',
  'language',
  'translations',
];

describe('venue creation', function () {
  let t: ItemTestService;
  before(async () => {
    t = await startItemService();
  });
  after(async () => t.close());

  const total = async (): Promise<number> => bodyOf(await t.admin('GET', `${API}/venues`)).total as number;

  it('answers 201 with every non-empty key in §4.2 order, Allow GET, POST, no Location', async () => {
    const res = await t.admin('POST', `${API}/venues`, {
      body: {
        venue: 'Full Hall',
        description: 'Big\n\nroom',
        address: '2 Side St',
        city: 'Toronto',
        country: 'Canada',
        province: 'ON',
        state: 'XX',
        zip: 'M5V',
        phone: '555-0111',
        website: 'https://example.com/a?b=1&c=2',
      },
    });
    expect(res.status, res.text).to.equal(201);
    const body = bodyOf(res);
    expect(Object.keys(body)).to.deep.equal(fullKeys);
    expect(body).to.include({
      author: userId.admin,
      status: 'publish',
      date: '2026-11-22 10:52:28',
      date_utc: '2026-11-22 10:52:28',
      modified: '2026-11-22 10:52:28',
      modified_utc: '2026-11-22 10:52:28',
      url: 'http://localhost:8080/venue/full-hall/',
      description: '<p>Big</p>\n<p>room</p>',
      slug: 'full-hall',
      website: 'https://example.com/a?b=1&c=2',
      stateprovince: 'ON',
      show_map: true,
      show_map_link: true,
      global_id: `localhost?id=${body.id as number}`,
    });
    expect(body).to.not.have.property('json_ld');
    expect(res.headers.get('allow')).to.equal('GET, POST');
    expect(res.headers.get('location')).to.equal(null);
    expect(res.headers.get('cache-control')).to.equal(AUTH_CACHE_CONTROL);
    expect(res.headers.get('content-type')).to.equal('application/json; charset=UTF-8');
  });

  it('omits every empty key of a name-only venue; show_map and show_map_link default to true', async () => {
    const body = await createVenue(t, { venue: 'Bare', address: '', city: '', description: '', phone: '' });
    expect(Object.keys(body)).to.deep.equal(nameOnlyVenueKeys);
    expect(body.show_map).to.equal(true);
    expect(body.show_map_link).to.equal(true);
    expect(body.global_id_lineage).to.deep.equal([`localhost?id=${body.id as number}`]);
  });

  it(
    'keeps show_map and show_map_link present as false when sent falsy, reading boolean-like ' + 'values (§1.2)',
    async () => {
      const off = await createVenue(t, { venue: 'Dark 1', show_map: false, show_map_link: 'no' });
      expect(off).to.include({ show_map: false, show_map_link: false });
      const words = await createVenue(t, { venue: 'Dark 2', show_map: 'off', show_map_link: '0' });
      expect(words).to.include({ show_map: false, show_map_link: false });
      const on = await createVenue(t, { venue: 'Lit', show_map: ' YES ', show_map_link: 'On' });
      expect(on).to.include({ show_map: true, show_map_link: true });
      const junk = await createVenue(t, { venue: 'Junk map', show_map: 'maybe' });
      expect(junk.show_map).to.equal(false);
    },
  );

  describe('stateprovince derivation (§10.2)', () => {
    const cases: [string, JsonObject, string | undefined][] = [
      ['state without country', { state: 'IL' }, 'IL'],
      ['state with country US', { state: 'IL', country: 'US' }, 'IL'],
      ['state with country United States', { state: 'IL', country: 'United States' }, 'IL'],
      ['state with another country and a province', { state: 'IL', country: 'Canada', province: 'ON' }, 'ON'],
      ['state with another country, no province', { state: 'IL', country: 'Canada' }, undefined],
      ['province only', { province: 'Catalonia' }, 'Catalonia'],
      ['province and state without country', { province: 'ON', state: 'IL' }, 'IL'],
      ['an explicit stateprovince', { state: 'IL', stateprovince: 'Elsewhere' }, 'Elsewhere'],
      ['an empty stateprovince', { state: 'IL', stateprovince: '' }, 'IL'],
      ['nothing', {}, undefined],
    ];
    cases.forEach(([label, fields, expected], index) => {
      it(`${label} → ${expected ?? 'omitted'}`, async () => {
        const body = await createVenue(t, { venue: `Province case ${index}`, ...fields });
        if (expected === undefined) expect(body).to.not.have.property('stateprovince');
        else expect(body.stateprovince).to.equal(expected);
      });
    });
  });

  describe('duplicates (§10.2)', () => {
    const fields: JsonObject = {
      venue: 'Twin Hall',
      description: 'Twin',
      address: '3 Twin St',
      city: 'Twinsburg',
      province: 'OH',
      state: 'OH',
      zip: '44087',
      phone: '555-0222',
    };

    it('the same values ignoring case answer 201 with the same id and store nothing', async () => {
      const first = await createVenue(t, fields);
      const before = await total();
      t.setNow(new Date('2026-11-22T11:00:00Z'));
      const again = await createVenue(t, { ...fields, venue: 'TWIN HALL', city: 'twinsburg', zip: '44087' });
      t.setNow(new Date('2026-11-22T10:52:28Z'));
      expect(again).to.deep.equal(first);
      expect(await total()).to.equal(before);
    });

    it('fields not provided are not compared, and uncompared fields sent are not written', async () => {
      const first = await createVenue(t, fields);
      const nameOnly = await createVenue(t, { venue: 'twin hall', description: 'twin' });
      expect(nameOnly.id).to.equal(first.id);
      const withCountry = await createVenue(t, { ...fields, country: 'Narnia', website: 'https://narnia.example' });
      expect(withCountry.id).to.equal(first.id);
      expect(withCountry).to.not.have.property('country');
      expect(withCountry).to.not.have.property('website');
    });

    for (const key of ['address', 'city', 'province', 'state', 'stateprovince', 'zip', 'phone', 'description']) {
      it(`one differing provided ${key} creates a new venue`, async () => {
        const first = await createVenue(t, fields);
        const before = await total();
        const other = await createVenue(t, { ...fields, [key]: `other ${key}` });
        expect(other.id).to.not.equal(first.id);
        expect(other.slug).to.match(/^twin-hall-\d+$/);
        expect(await total()).to.equal(before + 1);
      });
    }

    it('a different name creates a new venue', async () => {
      const first = await createVenue(t, fields);
      expect((await createVenue(t, { ...fields, venue: 'Twin Hall 2' })).id).to.not.equal(first.id);
    });

    it('a trashed venue never matches', async () => {
      const lone = await createVenue(t, { venue: 'Lonely Hall', city: 'Nowhere' });
      expect((await t.admin('DELETE', `${API}/venues/${lone.id as number}`)).status).to.equal(200);
      const fresh = await createVenue(t, { venue: 'Lonely Hall', city: 'Nowhere' });
      expect(fresh.id).to.not.equal(lone.id);
      expect(fresh.status).to.equal('publish');
      expect(fresh.slug).to.equal('lonely-hall');
    });

    it('a draft counts as an existing venue', async () => {
      const draft = await createVenue(t, { venue: 'Draft Twin', status: 'draft' });
      const again = await createVenue(t, { venue: 'draft twin' });
      expect(again.id).to.equal(draft.id);
      expect(again.status).to.equal('draft');
      expect(itemIdsOf(await t.admin('GET', `${API}/venues?search=draft%20twin`), 'venues')).to.deep.equal([draft.id]);
    });
  });
});
