// Single reads answered again from kept bytes for anonymous callers: never stale after a change of the item or of
// anything it embeds, never shared with callers who see more or less, and still right for conditional GETs.
import { expect } from 'chai';
import { startRoleService, type RoleTestService, type Who } from '../../support/roleService.ts';
import { API, bodyOf, type JsonObject } from '../events/support/eventsApi.ts';

const when = { start_date: '2026-12-01 10:00:00', end_date: '2026-12-01 11:00:00' };

describe('single reads kept as bytes for anonymous callers', function () {
  this.timeout(60_000);
  let t: RoleTestService;
  before(async () => {
    t = await startRoleService();
  });
  after(async () => t.close());

  const created = async (path: string, body: JsonObject, who: Who = 'admin'): Promise<JsonObject> => {
    const res = await t.by(who, 'POST', `${API}${path}`, { body });
    expect(res.status, res.text).to.equal(201);
    return bodyOf(res);
  };
  const changed = async (path: string, body: JsonObject): Promise<void> => {
    const res = await t.admin('PATCH', `${API}${path}`, { body });
    expect(res.status, res.text).to.equal(200);
  };
  /** Read twice, so that the second answer comes from kept bytes when there are any. */
  const readTwice = async (path: string, who: Who = 'anonymous'): Promise<JsonObject> => {
    const first = await t.by(who, 'GET', `${API}${path}`);
    const second = await t.by(who, 'GET', `${API}${path}`);
    expect(second.status, second.text).to.equal(200);
    expect(second.text).to.equal(first.text);
    expect(second.headers.get('etag')).to.equal(first.headers.get('etag'));
    expect(second.headers.get('content-type')).to.equal('application/json; charset=UTF-8');
    return bodyOf(second);
  };

  it('an event read after its own change shows the change, with its new ETag', async () => {
    const event = await created('/events', { title: 'Kept concert', ...when });
    const path = `/events/${event.id as number}`;
    expect((await readTwice(path)).title).to.equal('Kept concert');
    const etagBefore = (await t.request('GET', `${API}${path}`)).headers.get('etag');
    await changed(path, { title: 'Renamed concert' });
    const res = await t.request('GET', `${API}${path}`);
    expect(bodyOf(res).title).to.equal('Renamed concert');
    expect(res.headers.get('etag'))
      .to.match(/^W\/"\d+"$/)
      .and.not.equal(etagBefore);
  });

  it('an event read after a change of its venue, organizer or category shows the new names', async () => {
    const venue = await created('/venues', { venue: 'Old hall' });
    const organizer = await created('/organizers', { organizer: 'Old crew' });
    const category = await created('/categories', { name: 'Old genre' });
    const event = await created('/events', {
      title: 'Linked gig',
      ...when,
      venue: venue.id as number,
      organizer: [organizer.id as number],
      categories: [category.id as number],
    });
    const path = `/events/${event.id as number}`;
    expect(JSON.stringify(await readTwice(path)))
      .to.include('Old hall')
      .and.include('Old genre');
    await readTwice(`/venues/${venue.id as number}`);
    await readTwice(`/categories/${category.id as number}`);

    await changed(`/venues/${venue.id as number}`, { venue: 'New hall' });
    expect(JSON.stringify(await readTwice(path)))
      .to.include('New hall')
      .and.not.include('Old hall');
    expect((await readTwice(`/venues/${venue.id as number}`)).venue).to.equal('New hall');

    await changed(`/organizers/${organizer.id as number}`, { organizer: 'New crew' });
    expect(JSON.stringify(await readTwice(path)))
      .to.include('New crew')
      .and.not.include('Old crew');

    await changed(`/categories/${category.id as number}`, { name: 'New genre' });
    expect(JSON.stringify(await readTwice(path)))
      .to.include('New genre')
      .and.not.include('Old genre');
    expect((await readTwice(`/categories/${category.id as number}`)).name).to.equal('New genre');
  });

  it('an event, venue or tag read after a translation joins its group lists the translation', async () => {
    for (const [plural, body] of [
      ['events', (name: string) => ({ title: name, ...when })],
      ['venues', (name: string) => ({ venue: name })],
      ['tags', (name: string) => ({ name })],
    ] as const) {
      const original = await created(`/${plural}`, body(`Joined ${plural}`));
      const path = `/${plural}/${original.id as number}`;
      expect((await readTwice(path)).translations, plural).to.deep.equal({});
      const res = await t.admin('POST', `/es${API}/${plural}`, {
        body: { ...body(`Unido ${plural}`), translation_of: original.id as number },
      });
      expect(res.status, res.text).to.equal(201);
      expect((await readTwice(path)).translations, plural).to.deep.equal({ es: bodyOf(res).id as number });
    }
  });

  it('a draft translation an editor sees is never in the bytes anonymous callers get, nor the reverse', async () => {
    const original = await created('/events', { title: 'Public original', ...when });
    const draft = await t.admin('POST', `/es${API}/events`, {
      body: { title: 'Borrador', status: 'draft', ...when, translation_of: original.id as number },
    });
    expect(draft.status, draft.text).to.equal(201);
    const path = `/events/${original.id as number}`;
    const draftId = bodyOf(draft).id as number;
    expect((await readTwice(path)).translations).to.deep.equal({});
    expect((await readTwice(path, 'editor')).translations).to.deep.equal({ es: draftId });
    expect((await readTwice(path)).translations).to.deep.equal({});
  });

  it('a locked event stays locked for anonymous callers after a caller with its password read it', async () => {
    const event = await created('/events', { title: 'Locked show', ...when });
    const path = `/events/${event.id as number}`;
    await readTwice(path);
    await changed(path, { password: 'sesame' });
    const unlocked = await t.request('GET', `${API}${path}?password=sesame`);
    expect(unlocked.status, unlocked.text).to.equal(200);
    const anonymous = await t.request('GET', `${API}${path}`);
    expect(anonymous.status, anonymous.text).to.equal(403);
    expect(bodyOf(anonymous).code).to.equal('event-password-protected');
  });

  it('a draft read by an editor is not answered to an anonymous caller', async () => {
    const event = await created('/events', { title: 'Editor draft', status: 'draft', ...when });
    const path = `${API}/events/${event.id as number}`;
    expect((await t.by('editor', 'GET', path)).status).to.equal(200);
    expect((await t.request('GET', path)).status).to.equal(403);
  });

  it('kept bytes keep answering 304 to their ETag, and 200 once the item changed', async () => {
    const event = await created('/events', { title: 'Validated', ...when });
    const path = `/events/${event.id as number}`;
    await readTwice(path);
    const etag = (await t.request('GET', `${API}${path}`)).headers.get('etag') as string;
    const notModified = await t.request('GET', `${API}${path}`, { headers: { 'If-None-Match': etag } });
    expect(notModified.status).to.equal(304);
    expect(notModified.text).to.equal('');
    await changed(path, { title: 'Validated again' });
    const modified = await t.request('GET', `${API}${path}`, { headers: { 'If-None-Match': etag } });
    expect(modified.status).to.equal(200);
    expect(bodyOf(modified).title).to.equal('Validated again');
  });
});
