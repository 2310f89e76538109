// Specifies the history of venues, organizers, categories and tags: created, updated, trashed or deleted.
import { expect } from 'chai';
import {
  API,
  bodyOf,
  changesOf,
  createOrganizer,
  createVenue,
  entriesOf,
  startItemService,
  typesOf,
  type ItemTestService,
} from './support/historyApi.ts';

describe('history of venues, organizers and terms', function () {
  let t: ItemTestService;
  before(async () => {
    t = await startItemService();
  });
  after(async () => t.close());

  it('a venue: registered, changed, trashed', async () => {
    const venue = await createVenue(t, { venue: 'Old Hall', city: 'Springfield' });
    const path = `${API}/venues/${venue.id as number}`;
    expect((await t.admin('PATCH', path, { body: { city: 'Shelbyville', password: 'door' } })).status).to.equal(200);
    expect((await t.admin('DELETE', path)).status).to.equal(200);
    const res = await t.admin('GET', `${path}/history`);
    expect(typesOf(res)).to.deep.equal(['VenueRegistered', 'VenueDetailsChanged', 'VenueTrashed']);
    const [registered, changed, trashed] = changesOf(res);
    expect(registered).to.deep.include({
      name: { before: null, after: 'Old Hall' },
      city: { before: null, after: 'Springfield' },
    });
    expect(registered).to.not.have.property('searchText');
    expect(changed).to.deep.equal({
      city: { before: 'Springfield', after: 'Shelbyville' },
      passwordHash: { before: null, after: '[redacted]' },
    });
    expect(trashed).to.deep.equal({
      status: { before: 'publish', after: 'trash' },
      slug: { before: 'old-hall', after: 'old-hall__trashed' },
    });
  });

  it('an organizer: registered and changed', async () => {
    const organizer = await createOrganizer(t, { organizer: 'Crew', phone: '1' });
    await t.admin('PUT', `${API}/organizers/${organizer.id as number}`, { body: { phone: '2' } });
    const [, changed] = changesOf(await t.admin('GET', `${API}/organizers/${organizer.id as number}/history`));
    expect(changed).to.deep.equal({ phone: { before: '1', after: '2' } });
  });

  it('a category: created, changed, and still readable once deleted', async () => {
    const category = bodyOf(await t.admin('POST', `${API}/categories`, { body: { name: 'Concerts' } }));
    const path = `${API}/categories/${category.id as number}`;
    await t.admin('PATCH', path, { body: { description: 'Live' } });
    expect((await t.admin('DELETE', path)).status).to.equal(200);
    expect((await t.admin('GET', path)).status).to.equal(400);
    const res = await t.by('author', 'GET', `${path}/history`);
    expect(typesOf(res)).to.deep.equal(['CategoryCreated', 'CategoryChanged', 'CategoryDeleted']);
    const [created, changed, deleted] = changesOf(res);
    expect(created).to.deep.include({
      name: { before: null, after: 'Concerts' },
      parent: { before: null, after: 0 },
      deleted: { before: null, after: false },
    });
    expect(changed).to.deep.equal({ description: { before: '', after: 'Live' } });
    expect(deleted).to.deep.equal({ deleted: { before: false, after: true } });
  });

  it('a tag: created and renamed', async () => {
    const tag = bodyOf(await t.admin('POST', `${API}/tags`, { body: { name: 'free' } }));
    await t.admin('POST', `${API}/tags/${tag.id as number}`, { body: { name: 'Free entry' } });
    const entries = entriesOf(await t.by('editor', 'GET', `${API}/tags/${tag.id as number}/history`));
    expect(entries.map((e) => e.type)).to.deep.equal(['TagCreated', 'TagChanged']);
    expect(entries[1]?.changes).to.deep.equal({ name: { before: 'free', after: 'Free entry' } });
  });
});
