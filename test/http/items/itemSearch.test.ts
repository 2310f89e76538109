// Specifies the venue/organizer `search` filter (§7) over the listed fields and how filters are carried in URLs (§5.3).
import { expect } from 'chai';
import {
  API,
  API_ROOT,
  bodyOf,
  createOrganizer,
  createVenue,
  expectInvalidParams,
  itemIdsOf,
  startItemService,
  type ItemTestService,
  type JsonObject,
} from './support/itemsApi.ts';

describe('venue and organizer search', function () {
  let t: ItemTestService;
  const venues: Record<string, number> = {};
  const organizers: Record<string, number> = {};
  const venueFields: Record<string, JsonObject> = {
    venue: { venue: 'Zqvenue Hall' },
    description: { description: 'has zqdescription inside' },
    address: { address: '1 Zqaddress Rd' },
    city: { city: 'Zqcity' },
    province: { province: 'Zqprovince', country: 'Canada' },
    state: { state: 'Zqstate', country: 'Canada' },
    stateprovince: { stateprovince: 'Zqsp' },
    zip: { zip: 'ZQZIP-1' },
    phone: { phone: '+1 zqphone' },
    country: { country: 'Zqcountry' },
    website: { website: 'https://zqwebsite.example' },
  };
  before(async () => {
    t = await startItemService();
    for (const [key, fields] of Object.entries(venueFields)) {
      venues[key] = (await createVenue(t, { venue: `Searchable ${key}`, ...fields })).id as number;
    }
    const organizerFields: Record<string, JsonObject> = {
      organizer: { organizer: 'Zqorganizer Co' },
      description: { description: 'zqodesc' },
      phone: { phone: 'zqophone' },
      email: { email: 'zqoemail@example.org' },
      website: { website: 'https://zqowebsite.example' },
    };
    for (const [key, fields] of Object.entries(organizerFields)) {
      organizers[key] = (await createOrganizer(t, { organizer: `Findable ${key}`, ...fields })).id as number;
    }
  });
  after(async () => t.close());

  for (const key of ['venue', 'description', 'address', 'city', 'province', 'state', 'stateprovince', 'zip', 'phone']) {
    it(`finds a venue by its ${key}, ignoring case`, async () => {
      const token = ({ venue: 'ZQVENUE', stateprovince: 'ZQSP' }[key] ?? `zq${key}`).toUpperCase();
      const res = await t.request('GET', `${API}/venues?search=${encodeURIComponent(token.slice(1))}`);
      expect(itemIdsOf(res, 'venues')).to.deep.equal([venues[key]]);
    });
  }

  it('does not search a venue country or website', async () => {
    for (const token of ['zqcountry', 'zqwebsite']) {
      const res = await t.request('GET', `${API}/venues?search=${token}`);
      expect(bodyOf(res)).to.include({ total: 0, total_pages: 0 });
      expect(bodyOf(res).venues).to.deep.equal([]);
    }
  });

  for (const key of ['organizer', 'description', 'phone', 'email', 'website']) {
    it(`finds an organizer by its ${key}`, async () => {
      const token =
        {
          organizer: 'ZQORGANIZER',
          description: 'zqodesc',
          phone: 'ZqOphone',
          email: 'zqoemail@',
          website: 'zqowebsite.EXAMPLE',
        }[key] ?? '';
      const res = await t.request('GET', `${API}/organizers?search=${encodeURIComponent(token)}`);
      expect(itemIdsOf(res, 'organizers')).to.deep.equal([organizers[key]]);
    });
  }

  it('a substring matches several items; no match gives [] and total 0', async () => {
    // Every venue but the one whose name field was replaced by `Zqvenue Hall`.
    expect(bodyOf(await t.request('GET', `${API}/venues?search=searchable`)).total).to.equal(
      Object.keys(venueFields).length - 1,
    );
    const none = await t.request('GET', `${API}/organizers?search=nothing-like-this`);
    expect(bodyOf(none)).to.include({ total: 0, total_pages: 0 });
    expect(bodyOf(none).organizers).to.deep.equal([]);
  });

  it('an empty search is invalid', async () => {
    expectInvalidParams(await t.request('GET', `${API}/venues?search=`), 'search');
    expectInvalidParams(await t.admin('GET', `${API}/organizers?search[]=a&search[]=b`), 'search');
  });

  it('rest_url writes search verbatim; next/previous carry it form-encoded', async () => {
    await createVenue(t, { venue: 'A&B Hall one', city: 'Tom & Jerry' });
    await createVenue(t, { venue: 'A&B Hall two', city: 'Tom & Jerry' });
    const first = await t.request('GET', `${API}/venues?per_page=1&search=${encodeURIComponent('tom & jerry')}`);
    expect(bodyOf(first).rest_url).to.equal(`${API_ROOT}/venues/?page=1&per_page=1&search=tom & jerry&status=publish`);
    expect(bodyOf(first).next_rest_url).to.equal(
      `${API_ROOT}/venues/?per_page=1&search=tom+%26+jerry&status=publish&page=2`,
    );
    const second = await t.request(
      'GET',
      `${API}/venues?per_page=1&page=2&search=${encodeURIComponent('tom & jerry')}`,
    );
    expect(bodyOf(second).previous_rest_url).to.equal(
      `${API_ROOT}/venues/?per_page=1&search=tom+%26+jerry&status=publish`,
    );
  });

  it('rest_url carries event, has_events and only_with_upcoming in §5.3 order, also in next links', async () => {
    const ev = await t.admin('POST', `${API}/events`, {
      body: {
        title: 'Shared',
        start_date: '2026-12-01 10:00:00',
        end_date: '2026-12-01 11:00:00',
        organizer: [organizers.phone, organizers.email],
      },
    });
    const id = bodyOf(ev).id as number;
    const res = await t.request(
      'GET',
      `${API}/organizers?only_with_upcoming=1&has_events=1&event=${id}&search=findable&per_page=1`,
    );
    expect(itemIdsOf(res, 'organizers')).to.have.length(1);
    expect(bodyOf(res).total).to.equal(2);
    expect(bodyOf(res).rest_url).to.equal(
      `${API_ROOT}/organizers/?page=1&per_page=1&search=findable&event=${id}` +
        '&has_events=1&only_with_upcoming=1&status=publish',
    );
    expect(bodyOf(res).next_rest_url).to.equal(
      `${API_ROOT}/organizers/?per_page=1&search=findable&event=${id}` +
        '&has_events=1&only_with_upcoming=1&status=publish&page=2',
    );
    const off = await t.request('GET', `${API}/organizers?has_events=0&only_with_upcoming=0`);
    expect(bodyOf(off).rest_url).to.equal(
      `${API_ROOT}/organizers/?page=1&per_page=10&has_events=0&only_with_upcoming=0&status=publish`,
    );
  });
});
