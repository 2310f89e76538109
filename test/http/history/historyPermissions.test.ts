// Specifies who may read a history: those who may edit the item now (events, venues, organizers) or write the taxonomy.
import { expect } from 'chai';
import {
  API,
  bodyOf,
  createOrganizer,
  createVenue,
  expectError,
  startItemService,
  type ItemTestService,
  type Who,
} from './support/historyApi.ts';

describe('history permissions', function () {
  let t: ItemTestService;
  const eventBy = async (who: Who, fields: Record<string, string> = {}): Promise<number> => {
    const res = await t.by(who, 'POST', `${API}/events`, {
      body: { title: `By ${who}`, start_date: '2026-12-01 10:00:00', end_date: '2026-12-01 11:00:00', ...fields },
    });
    expect(res.status, res.text).to.equal(201);
    return bodyOf(res).id as number;
  };
  const statusOf = async (who: Who, path: string): Promise<number> =>
    (await t.by(who, 'GET', `${API}/${path}/history`)).status;
  const matrix = async (path: string): Promise<Record<string, number>> => {
    const who: Who[] = ['anonymous', 'subscriber', 'contributor', 'author', 'editor', 'admin'];
    return Object.fromEntries(await Promise.all(who.map(async (w) => [w, await statusOf(w, path)])));
  };

  before(async () => {
    t = await startItemService();
  });
  after(async () => t.close());

  it("another author's event: editors and administrators only; 401 anonymous, 403 the rest", async () => {
    const id = await eventBy('admin');
    expect(await matrix(`events/${id}`)).to.deep.equal({
      anonymous: 401,
      subscriber: 403,
      contributor: 403,
      author: 403,
      editor: 200,
      admin: 200,
    });
    expectError(await t.by('anonymous', 'GET', `${API}/events/${id}/history`), 401, 'rest_forbidden');
    expectError(await t.by('author', 'GET', `${API}/events/${id}/history`), 403, 'rest_forbidden');
  });

  it("an author's own event, also once trashed (judged by the status before trashing)", async () => {
    const id = await eventBy('author');
    expect(await statusOf('author', `events/${id}`)).to.equal(200);
    expect((await t.by('author', 'DELETE', `${API}/events/${id}`)).status).to.equal(200);
    expect(await statusOf('author', `events/${id}`)).to.equal(200);
    expect(await statusOf('contributor', `events/${id}`)).to.equal(403);
  });

  it("a contributor's own event while it is not published, as for editing", async () => {
    const id = await eventBy('contributor');
    expect(await statusOf('contributor', `events/${id}`)).to.equal(200);
    expect((await t.admin('PATCH', `${API}/events/${id}`, { body: { status: 'publish' } })).status).to.equal(200);
    expect(await statusOf('contributor', `events/${id}`)).to.equal(403);
  });

  it('venues and organizers follow the same rule; an unknown id is 400 before any permission check', async () => {
    const venue = await createVenue(t, { venue: 'Admin Hall' });
    const own = await createOrganizer(t, { organizer: 'Author Org' }, 'author');
    expect(await matrix(`venues/${venue.id as number}`)).to.deep.equal({
      anonymous: 401,
      subscriber: 403,
      contributor: 403,
      author: 403,
      editor: 200,
      admin: 200,
    });
    expect(await statusOf('author', `organizers/${own.id as number}`)).to.equal(200);
    expectError(await t.by('anonymous', 'GET', `${API}/venues/424242/history`), 400, 'rest_invalid_param');
    // An organizer's id on the venue route names no venue.
    expectError(await t.admin('GET', `${API}/venues/${own.id as number}/history`), 400, 'rest_invalid_param');
  });

  it('categories: administrators, editors and authors; tags: administrators and editors', async () => {
    const category = bodyOf(await t.admin('POST', `${API}/categories`, { body: { name: 'Perm cat' } }));
    const tag = bodyOf(await t.admin('POST', `${API}/tags`, { body: { name: 'Perm tag' } }));
    expect(await matrix(`categories/${category.id as number}`)).to.deep.equal({
      anonymous: 401,
      subscriber: 403,
      contributor: 403,
      author: 200,
      editor: 200,
      admin: 200,
    });
    expect(await matrix(`tags/${tag.id as number}`)).to.deep.equal({
      anonymous: 401,
      subscriber: 403,
      contributor: 403,
      author: 403,
      editor: 200,
      admin: 200,
    });
    expectError(await t.by('anonymous', 'GET', `${API}/tags/424242/history`), 400, 'rest_invalid_param');
  });
});
