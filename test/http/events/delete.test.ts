// Specifies DELETE of events: moving to the trash, reads and deletes
// of a trashed event, freed slugs (docs/api.md §11, §2, E11).
import { expect } from 'chai';
import { startTestService, type TestService } from '../../support/testService.ts';
import {
  ADMIN_ITEM_ALLOW,
  API,
  asObject,
  bodyOf,
  capture,
  createEvent,
  expectError,
  idsOf,
  renumbered,
  type JsonObject,
} from './support/eventsApi.ts';

describe('DELETE /events/{id} and /events/by-slug/{slug}', () => {
  let t: TestService;
  before(async function () {
    this.timeout(20000);
    t = await startTestService();
  });
  after(async () => t.close());

  describe('trashing the renamed minimal event (captures 41, 42, 43)', () => {
    let id: number;
    let path: string;
    before(async () => {
      t.setNow(new Date('2026-11-22T10:52:29Z'));
      id = (await createEvent(t, capture('09').request.body ?? {})).id as number;
      path = `${API}/events/${String(id)}`;
      t.setNow(new Date('2026-11-22T10:52:32Z'));
      await t.admin('POST', path, { body: capture('27').request.body });
      t.setNow(new Date('2026-11-22T10:52:34Z'));
    });

    it('refuses an anonymous delete with 401 rest_forbidden and Allow: GET (capture 41)', async () => {
      const res = await t.request('DELETE', path);
      expectError(res, 401, 'rest_forbidden');
      expect(res.body).to.deep.equal(capture('41').response.body);
      expect(res.headers.get('allow')).to.equal('GET');
    });

    it(
      'answers 200 with the trashed event: status trash, slug __trashed, ?post_type= address ' + '(capture 42)',
      async () => {
        const res = await t.admin('DELETE', path);
        expect(res.status).to.equal(200);
        expect(res.headers.get('allow')).to.equal(ADMIN_ITEM_ALLOW);
        const trashedUrl = `http://localhost:8080/?post_type=cal_events&p=${String(id)}`;
        const expected: JsonObject = {
          ...renumbered(capture('42').response.body, id),
          // The service keeps the publication date and shows the page address as the website (docs/api.md §18).
          date: '2026-11-22 10:52:29',
          date_utc: '2026-11-22 10:52:29',
          website: trashedUrl,
        };
        expect(res.body).to.deep.equal(expected);
        expect(Object.keys(bodyOf(res))).to.deep.equal(Object.keys(expected));
        expect(bodyOf(res)).to.include({
          status: 'trash',
          slug: 'minimal-event__trashed',
          url: trashedUrl,
          modified: '2026-11-22 10:52:34',
        });
      },
    );

    it('then answers GET with 403 event-no-longer-available (capture 43), for everyone', async () => {
      const res = await t.request('GET', path);
      expectError(res, 403, 'event-no-longer-available', 'This event is no longer available');
      expect(res.body).to.deep.equal(capture('43').response.body);
      expect(res.headers.get('allow')).to.equal('GET');
      expectError(await t.admin('GET', path), 403, 'event-no-longer-available');
    });

    it('finds the trashed event by its __trashed slug and refuses it the same way', async () => {
      const res = await t.request('GET', `${API}/events/by-slug/minimal-event__trashed`);
      expectError(res, 403, 'event-no-longer-available');
    });

    it('answers a second delete with 410 event-is-in-trash', async () => {
      const res = await t.admin('DELETE', path);
      expectError(res, 410, 'event-is-in-trash', 'The event is already trashed');
    });

    it('no longer lists the event, not even for the administrator', async () => {
      expect(idsOf(await t.request('GET', `${API}/events`))).to.not.include(id);
      expect(idsOf(await t.admin('GET', `${API}/events`))).to.not.include(id);
      expect(idsOf(await t.admin('GET', `${API}/events?status=any`))).to.not.include(id);
    });

    it('lists it for the administrator asking for status=trash', async () => {
      expect(idsOf(await t.admin('GET', `${API}/events?status=trash`))).to.include(id);
    });

    it('frees the slug for a new event', async () => {
      const again = await createEvent(t, { title: 'Minimal Event' });
      expect(again.slug).to.equal('minimal-event');
      const bySlug = await t.request('GET', `${API}/events/by-slug/minimal-event`);
      expect(bodyOf(bySlug).id).to.equal(again.id);
    });
  });

  it('trashes by slug', async () => {
    const created = await createEvent(t, { title: 'Delete me by slug' });
    const res = await t.admin('DELETE', `${API}/events/by-slug/delete-me-by-slug`);
    expect(res.status, res.text).to.equal(200);
    expect(bodyOf(res)).to.include({ id: created.id, status: 'trash', slug: 'delete-me-by-slug__trashed' });
    const read = await t.request('GET', `${API}/events/${String(created.id)}`);
    expectError(read, 403, 'event-no-longer-available');
  });

  it('answers a delete of an unknown slug with 400 naming slug', async () => {
    const res = await t.admin('DELETE', `${API}/events/by-slug/never-was`);
    expect(res.status).to.equal(400);
    expect(bodyOf(res).message).to.equal('Invalid parameter(s): slug');
  });

  it('ignores force and password parameters on delete', async () => {
    const created = await createEvent(t, { title: 'Forced' });
    const res = await t.admin('DELETE', `${API}/events/${String(created.id)}?force=true&password=whatever`);
    expect(res.status).to.equal(200);
    expect(bodyOf(res).status).to.equal('trash');
  });

  it('answers a delete of a missing id with 404 for the administrator and 401 for anonymous callers', async () => {
    expectError(
      await t.admin('DELETE', `${API}/events/999999`),
      404,
      'rest-event-not-found',
      'Event with ID 999999 does not exist.',
    );
    expectError(await t.request('DELETE', `${API}/events/999999`), 401, 'rest_forbidden');
  });

  it('honours If-Match: a stale ETag gets 412 and leaves the event, the current one trashes it', async () => {
    const created = await createEvent(t, { title: 'Guarded delete' });
    const path = `${API}/events/${String(created.id)}`;
    await t.admin('PATCH', path, { body: { featured: true } });
    const stale = await t.admin('DELETE', path, { headers: { 'if-match': 'W/"0"' } });
    expect(stale.status).to.equal(412);
    expect(asObject(bodyOf(stale).data)).to.deep.equal({ status: 412 });
    expect(bodyOf(await t.request('GET', path)).status).to.equal('publish');
    const current = await t.admin('DELETE', path, { headers: { 'if-match': 'W/"1"' } });
    expect(current.status).to.equal(200);
    expect(current.headers.get('etag')).to.equal('W/"2"');
  });

  it('trashes once when deletes race: one 200, the others 410 event-is-in-trash', async () => {
    const created = await createEvent(t, { title: 'Raced delete' });
    const results = await Promise.all(
      [1, 2, 3, 4, 5].map(() => t.admin('DELETE', `${API}/events/${String(created.id)}`)),
    );
    expect(results.map((res) => res.status).sort()).to.deep.equal([200, 410, 410, 410, 410]);
    for (const res of results.filter((r) => r.status === 410)) expectError(res, 410, 'event-is-in-trash');
  });

  it('lets a trashed event be updated while it stays trashed', async () => {
    const created = await createEvent(t, { title: 'Trashed then edited' });
    await t.admin('DELETE', `${API}/events/${String(created.id)}`);
    const res = await t.admin('PATCH', `${API}/events/${String(created.id)}`, {
      body: { title: 'Edited in the trash' },
    });
    expect(res.status, res.text).to.equal(200);
    expect(bodyOf(res)).to.include({ title: 'Edited in the trash', status: 'trash' });
  });

  it('reflects a delete in the next read and list (read-your-writes)', async () => {
    const created = await createEvent(t, { title: 'Short lived' });
    expect(idsOf(await t.request('GET', `${API}/events?search=lived`))).to.deep.equal([created.id]);
    await t.admin('DELETE', `${API}/events/${String(created.id)}`);
    expect(idsOf(await t.request('GET', `${API}/events?search=lived`))).to.deep.equal([]);
    expect((await t.request('GET', `${API}/events/${String(created.id)}`)).status).to.equal(403);
  });
});
