// Specifies organizer creation, duplicates, updates by id and slug, and deletes (§4.3, §10.2, §11).
import { expect } from 'chai';
import {
  API,
  ADMIN_ITEM_ALLOW,
  bodyOf,
  createOrganizer,
  expectError,
  expectInvalidParams,
  startItemService,
  type ItemTestService,
} from './support/itemsApi.ts';

describe('organizer writes', function () {
  let t: ItemTestService;
  before(async () => {
    t = await startItemService();
  });
  after(async () => t.close());

  const total = async (): Promise<number> => bodyOf(await t.admin('GET', `${API}/organizers`)).total as number;

  it('creates with the §4.3 key order, empty keys omitted, no Location, email as sent', async () => {
    const res = await t.admin('POST', `${API}/organizers`, {
      body: {
        organizer: 'Full Org',
        description: 'About',
        phone: '',
        email: 'Hello@F.example',
        website: 'https://f.example',
      },
    });
    expect(res.status, res.text).to.equal(201);
    expect(Object.keys(bodyOf(res))).to.deep.equal([
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
      'website',
      'email',
      'global_id',
      'global_id_lineage',
      'language',
      'translations',
    ]);
    expect(bodyOf(res)).to.include({
      description: '<p>About</p>',
      email: 'Hello@F.example',
      url: 'http://localhost:8080/organizer/full-org/',
    });
    expect(res.headers.get('location')).to.equal(null);
    expect(res.headers.get('allow')).to.equal('GET, POST');
  });

  it('requires the organizer name and refuses bad fields', async () => {
    expectError(
      await t.admin('POST', `${API}/organizers`, { body: { email: 'x@y' } }),
      400,
      'rest_missing_callback_param',
      'Missing parameter(s): organizer',
    );
    expectInvalidParams(await t.admin('POST', `${API}/organizers`, { body: { organizer: '' } }), 'organizer');
    expectInvalidParams(await t.admin('POST', `${API}/organizers`, { body: { organizer: 'X', phone: 3 } }), 'phone');
    expectInvalidParams(
      await t.admin('POST', `${API}/organizers`, { body: { organizer: 'X', website: 'nope' } }),
      'website',
    );
  });

  describe('duplicates', () => {
    const fields = {
      organizer: 'Dup Org',
      description: 'same',
      phone: '1',
      email: 'd@x.org',
      website: 'https://d.example',
    };

    it('the same values ignoring case answer 201 with the same organizer and store nothing', async () => {
      const first = await createOrganizer(t, fields);
      const before = await total();
      const again = await createOrganizer(t, {
        ...fields,
        organizer: 'DUP ORG',
        email: 'D@X.ORG',
        website: 'HTTPS://D.EXAMPLE',
      });
      expect(again).to.deep.equal(first);
      expect(await total()).to.equal(before);
    });

    for (const key of ['phone', 'email', 'website', 'description']) {
      it(`a differing ${key} creates a new organizer`, async () => {
        const first = await createOrganizer(t, fields);
        const value = key === 'website' ? 'https://other.example' : key === 'email' ? 'other@x.org' : 'other';
        const other = await createOrganizer(t, { ...fields, [key]: value });
        expect(other.id).to.not.equal(first.id);
        expect(other.slug).to.match(/^dup-org-\d+$/);
      });
    }

    it('a trashed organizer never matches', async () => {
      const o = await createOrganizer(t, { organizer: 'Gone Org' });
      await t.admin('DELETE', `${API}/organizers/${o.id as number}`);
      const fresh = await createOrganizer(t, { organizer: 'Gone Org' });
      expect(fresh.id).to.not.equal(o.id);
      expect(fresh.slug).to.equal('gone-org');
    });
  });

  for (const method of ['POST', 'PUT', 'PATCH']) {
    it(`${method} updates by id and by slug, keeping unsent fields; "" removes a key`, async () => {
      const o = await createOrganizer(t, {
        organizer: `Upd ${method}`,
        phone: '1',
        email: 'u@x.org',
        website: 'https://u.example',
      });
      const res = await t.admin(method, `${API}/organizers/${o.id as number}`, { body: { phone: '2', email: '' } });
      expect(res.status, res.text).to.equal(200);
      expect(bodyOf(res)).to.include({ phone: '2', website: 'https://u.example' });
      expect(bodyOf(res)).to.not.have.property('email');
      expect(bodyOf(res)).to.not.have.property('json_ld');
      expect(res.headers.get('allow')).to.equal(ADMIN_ITEM_ALLOW);
      const bySlug = await t.admin(method, `${API}/organizers/by-slug/${o.slug as string}`, { body: { website: '' } });
      expect(bySlug.status, bySlug.text).to.equal(200);
      expect(bodyOf(bySlug)).to.include({ id: o.id, phone: '2' });
      expect(bodyOf(bySlug)).to.not.have.property('website');
    });
  }

  it('a body slug renames on the by-slug route', async () => {
    const o = await createOrganizer(t, { organizer: 'Rename Org' });
    const res = await t.admin('PATCH', `${API}/organizers/by-slug/rename-org`, { body: { slug: 'Renamed Órg!' } });
    expect(bodyOf(res)).to.include({
      id: o.id,
      slug: 'renamed-org',
      url: 'http://localhost:8080/organizer/renamed-org/',
    });
  });

  it('a matching If-Match writes and moves the ETag; a stale one is 412 and writes nothing', async () => {
    const o = await createOrganizer(t, { organizer: 'Etag Org', phone: '1' });
    const path = `${API}/organizers/by-slug/etag-org`;
    const etag = (await t.request('GET', path)).headers.get('etag') ?? '';
    const ok = await t.admin('POST', path, { body: { phone: '2' }, headers: { 'if-match': etag } });
    expect(ok.status, ok.text).to.equal(200);
    expect(ok.headers.get('etag')).to.not.equal(etag);
    expect((await t.admin('POST', path, { body: { phone: '3' }, headers: { 'if-match': etag } })).status).to.equal(412);
    expect(bodyOf(await t.request('GET', `${API}/organizers/${o.id as number}`)).phone).to.equal('2');
  });

  it('deleting trashes the organizer and unlinks it from its events', async () => {
    const o = await createOrganizer(t, { organizer: 'Linked Org' });
    const keep = await createOrganizer(t, { organizer: 'Kept Org' });
    const ev = await t.admin('POST', `${API}/events`, {
      body: {
        title: 'Linked',
        start_date: '2026-12-01 10:00:00',
        end_date: '2026-12-01 11:00:00',
        organizer: [o.id, keep.id],
      },
    });
    const res = await t.admin('DELETE', `${API}/organizers/${o.id as number}`);
    expect(bodyOf(res)).to.include({ status: 'trash', slug: 'linked-org__trashed' });
    const organizers = bodyOf(await t.admin('GET', `${API}/events/${bodyOf(ev).id as number}`)).organizer as {
      id: number;
    }[];
    expect(organizers.map((x) => x.id)).to.deep.equal([keep.id]);
  });
});
