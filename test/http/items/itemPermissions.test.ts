// Specifies who may create, read, update and delete venues and organizers (§3.2, §3.3, §2 order, §1.5 Allow).
import { expect } from 'chai';
import {
  API,
  ADMIN_ITEM_ALLOW,
  bodyOf,
  createOrganizer,
  createVenue,
  expectError,
  expectInvalidParams,
  startItemService,
  userId,
  type ItemTestService,
} from './support/itemsApi.ts';

describe('venue and organizer permissions', function () {
  let t: ItemTestService;
  before(async () => {
    t = await startItemService();
  });
  after(async () => t.close());

  it('anonymous writes are 401, subscriber writes 403 rest_forbidden', async () => {
    const v = await createVenue(t, { venue: 'Guarded Hall' });
    const o = await createOrganizer(t, { organizer: 'Guarded Org' });
    expectError(
      await t.by('anonymous', 'POST', `${API}/organizers`, { body: { organizer: 'X' } }),
      401,
      'rest_forbidden',
      'Sorry, you are not allowed to do that.',
    );
    for (const [method, path] of [
      ['PATCH', `venues/${v.id as number}`],
      ['DELETE', `organizers/${o.id as number}`],
      ['PUT', 'venues/by-slug/guarded-hall'],
    ]) {
      expectError(
        await t.by('anonymous', method as string, `${API}/${path as string}`, { body: { phone: '1' } }),
        401,
        'rest_forbidden',
      );
      expectError(
        await t.by('subscriber', method as string, `${API}/${path as string}`, { body: { phone: '1' } }),
        403,
        'rest_forbidden',
      );
    }
    const sub = await t.by('subscriber', 'POST', `${API}/venues`, { body: { venue: 'Sub Hall' } });
    expectError(sub, 403, 'rest_forbidden');
    expect(sub.headers.get('allow')).to.equal('GET');
  });

  it('validation wins over permission: a missing item, a bad field, a missing name', async () => {
    expectInvalidParams(await t.by('anonymous', 'DELETE', `${API}/organizers/by-slug/missing`), 'slug');
    expectInvalidParams(await t.by('subscriber', 'PATCH', `${API}/venues/424242`, { body: { city: 'x' } }), 'id');
    expectInvalidParams(
      await t.by('anonymous', 'POST', `${API}/venues`, { body: { venue: 'X', status: 'nope' } }),
      'status',
    );
    expectError(await t.by('anonymous', 'POST', `${API}/organizers`, { body: {} }), 400, 'rest_missing_callback_param');
  });

  it('Allow lists the methods the caller passes on that item', async () => {
    const mine = await createVenue(t, { venue: 'Author Own' }, 'author');
    const admins = await createVenue(t, { venue: 'Admin Own' });
    expect((await t.by('anonymous', 'GET', `${API}/venues/${mine.id as number}`)).headers.get('allow')).to.equal('GET');
    expect((await t.by('author', 'GET', `${API}/venues/${mine.id as number}`)).headers.get('allow')).to.equal(
      ADMIN_ITEM_ALLOW,
    );
    expect((await t.by('author', 'GET', `${API}/venues/${admins.id as number}`)).headers.get('allow')).to.equal('GET');
    expect((await t.by('editor', 'GET', `${API}/venues/by-slug/admin-own`)).headers.get('allow')).to.equal(
      ADMIN_ITEM_ALLOW,
    );
    expect((await t.by('contributor', 'GET', `${API}/organizers`)).headers.get('allow')).to.equal('GET, POST');
    expect((await t.by('anonymous', 'GET', `${API}/organizers`)).headers.get('allow')).to.equal('GET');
  });

  it('contributors: no status → draft, publish/future → pending, others kept (§3.3)', async () => {
    const none = await createVenue(t, { venue: 'Contrib None' }, 'contributor');
    expect(none).to.include({ status: 'draft', author: userId.contributor });
    expect(none).to.not.have.property('slug');
    expect((await createVenue(t, { venue: 'Contrib Pub', status: 'publish' }, 'contributor')).status).to.equal(
      'pending',
    );
    expect(
      (
        await createOrganizer(
          t,
          { organizer: 'Contrib Fut', status: 'future', date: '2027-02-01 00:00:00' },
          'contributor',
        )
      ).status,
    ).to.equal('pending');
    expect((await createOrganizer(t, { organizer: 'Contrib Priv', status: 'private' }, 'contributor')).status).to.equal(
      'private',
    );
    expect((await createOrganizer(t, { organizer: 'Contrib Org' }, 'contributor')).status).to.equal('draft');
  });

  it('authors and editors keep the status they send; a create without status publishes', async () => {
    expect((await createVenue(t, { venue: 'Author Pub' }, 'author')).status).to.equal('publish');
    expect((await createOrganizer(t, { organizer: 'Editor Draft', status: 'draft' }, 'editor')).status).to.equal(
      'draft',
    );
  });

  it('a contributor may update and delete its own item only while not published', async () => {
    const own = await createVenue(t, { venue: 'Contrib Edit' }, 'contributor');
    const path = `${API}/venues/${own.id as number}`;
    const upd = await t.by('contributor', 'PATCH', path, { body: { city: 'Mine', status: 'publish' } });
    expect(upd.status, upd.text).to.equal(200);
    expect(bodyOf(upd)).to.include({ city: 'Mine', status: 'pending' });
    await t.admin('PATCH', path, { body: { status: 'publish' } });
    expectError(await t.by('contributor', 'PATCH', path, { body: { city: 'Again' } }), 403, 'rest_forbidden');
    expectError(await t.by('contributor', 'DELETE', path), 403, 'rest_forbidden');
    const draft = await createOrganizer(t, { organizer: 'Contrib Del' }, 'contributor');
    expect((await t.by('contributor', 'DELETE', `${API}/organizers/${draft.id as number}`)).status).to.equal(200);
  });

  it("an author cannot edit or delete another author's item; an editor can", async () => {
    const admins = await createOrganizer(t, { organizer: 'Boss Org' });
    expectError(
      await t.by('author', 'PATCH', `${API}/organizers/${admins.id as number}`, { body: { phone: '1' } }),
      403,
      'rest_forbidden',
    );
    expectError(
      await t.by('author', 'PATCH', `${API}/organizers/by-slug/boss-org`, { body: { phone: '1' } }),
      403,
      'rest_forbidden',
    );
    expectError(await t.by('author', 'DELETE', `${API}/organizers/${admins.id as number}`), 403, 'rest_forbidden');
    const res = await t.by('editor', 'PUT', `${API}/organizers/${admins.id as number}`, { body: { phone: '9' } });
    expect(bodyOf(res)).to.include({ phone: '9', author: userId.admin });
    const own = await createOrganizer(t, { organizer: 'Author Org' }, 'author');
    expect((await t.by('author', 'DELETE', `${API}/organizers/by-slug/author-org`)).status).to.equal(200);
    expect(own.author).to.equal(userId.author);
  });

  it(
    'non-published reads: own for authors, own draft/pending/private for contributors, refused ' + 'to subscribers',
    async () => {
      const adminDraft = await createVenue(t, { venue: 'Admin Draft', status: 'draft' });
      await createVenue(t, { venue: 'Admin Private', status: 'private' });
      const authorDraft = await createVenue(t, { venue: 'Author Draft', status: 'draft' }, 'author');
      const contribPrivate = await createOrganizer(
        t,
        { organizer: 'Contrib Secret', status: 'private' },
        'contributor',
      );
      expect((await t.by('editor', 'GET', `${API}/venues/${adminDraft.id as number}`)).status).to.equal(200);
      expectError(await t.by('author', 'GET', `${API}/venues/${adminDraft.id as number}`), 403, 'venue-not-accessible');
      expectError(await t.by('author', 'GET', `${API}/venues/by-slug/admin-private`), 403, 'venue-not-accessible');
      expect((await t.by('author', 'GET', `${API}/venues/${authorDraft.id as number}`)).status).to.equal(200);
      expectError(
        await t.by('contributor', 'GET', `${API}/venues/${authorDraft.id as number}`),
        403,
        'venue-not-accessible',
      );
      expect((await t.by('contributor', 'GET', `${API}/organizers/${contribPrivate.id as number}`)).status).to.equal(
        200,
      );
      expectError(
        await t.by('subscriber', 'GET', `${API}/organizers/${contribPrivate.id as number}`),
        403,
        'organizer-not-accessible',
      );
    },
  );
});
