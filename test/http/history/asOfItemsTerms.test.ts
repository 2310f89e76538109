// Specifies `as_of` on GET /venues, /organizers (by id and slug), /categories and /tags by id.
import { expect } from 'chai';
import {
  API,
  bodyOf,
  createOrganizer,
  createVenue,
  expectError,
  expectInvalidParams,
  startItemService,
  type ItemTestService,
} from './support/historyApi.ts';

describe('GET /venues, /organizers, /categories, /tags ?as_of', function () {
  let t: ItemTestService;
  const at = (time: string) => t.setNow(new Date(`2026-11-22T${time}Z`));
  const asOf = (time: string) => `as_of=2026-11-22T${time}Z`;
  before(async () => {
    t = await startItemService();
  });
  after(async () => t.close());

  describe('venues and organizers', () => {
    let venueId: number;
    before(async () => {
      at('10:00:00');
      venueId = (await createVenue(t, { venue: 'Corn Exchange', city: 'Leeds', status: 'draft' })).id as number;
      at('11:00:00');
      await t.admin('PATCH', `${API}/venues/${venueId}`, { body: { city: 'York', status: 'publish' } });
      at('12:00:00');
      await t.admin('PATCH', `${API}/venues/${venueId}`, { body: { city: 'Hull' } });
    });

    it('by id and by slug: the venue as it was, with that revision as ETag', async () => {
      const then = await t.request('GET', `${API}/venues/${venueId}?${asOf('11:30:00')}`);
      expect(then.status, then.text).to.equal(200);
      expect(bodyOf(then)).to.include({ city: 'York', status: 'publish' });
      expect(bodyOf(then)).to.have.property('json_ld');
      expect(then.headers.get('etag')).to.equal('W/"1"');
      expect(bodyOf(await t.request('GET', `${API}/venues/by-slug/corn-exchange?${asOf('11:30:00')}`))).to.include({
        city: 'York',
      });
      expect(bodyOf(await t.request('GET', `${API}/venues/${venueId}`))).to.include({ city: 'Hull' });
    });

    it('a draft then stays unreadable to anonymous callers', async () => {
      expectError(await t.request('GET', `${API}/venues/${venueId}?${asOf('10:30:00')}`), 403, 'venue-not-accessible');
      expect(bodyOf(await t.admin('GET', `${API}/venues/${venueId}?${asOf('10:30:00')}`))).to.include({
        city: 'Leeds',
        status: 'draft',
      });
    });

    it('before it existed, or a bad value: 400 naming id, slug or as_of', async () => {
      expectInvalidParams(await t.request('GET', `${API}/venues/${venueId}?${asOf('09:00:00')}`), 'id');
      expectInvalidParams(await t.request('GET', `${API}/venues/by-slug/corn-exchange?${asOf('09:00:00')}`), 'slug');
      expectInvalidParams(await t.request('GET', `${API}/venues/${venueId}?as_of=later`), 'as_of');
      expectInvalidParams(await t.request('GET', `${API}/venues/424242?as_of=later`), 'id', 'as_of');
    });

    it('a locked organizer is blanked as of then, and a password set since blanks its past too', async () => {
      at('13:00:00');
      const organizer = await createOrganizer(t, { organizer: 'Quiet Crew', phone: '555' });
      at('13:10:00');
      await t.admin('PATCH', `${API}/organizers/${organizer.id as number}`, { body: { password: 'hush' } });
      const path = `${API}/organizers/${organizer.id as number}`;
      expect(bodyOf(await t.request('GET', `${path}?${asOf('13:05:00')}`))).to.include({ phone: '' });
      expect(bodyOf(await t.request('GET', `${path}?${asOf('13:05:00')}&password=hush`))).to.include({ phone: '555' });
      expect(bodyOf(await t.request('GET', `${path}?${asOf('13:15:00')}`))).to.include({ phone: '' });
    });
  });

  describe('categories and tags', () => {
    let parentId: number;
    let childId: number;
    before(async () => {
      at('15:00:00');
      parentId = bodyOf(await t.admin('POST', `${API}/categories`, { body: { name: 'Arts' } })).id as number;
      childId = bodyOf(await t.admin('POST', `${API}/categories`, { body: { name: 'Opera', parent: parentId } }))
        .id as number;
      at('16:00:00');
      await t.admin('PATCH', `${API}/categories/${parentId}`, { body: { slug: 'culture' } });
      await t.admin('PATCH', `${API}/categories/${childId}`, { body: { name: 'Opera and song' } });
      at('17:00:00');
      expect((await t.admin('DELETE', `${API}/categories/${childId}`)).status).to.equal(200);
    });

    it('the term as it was, its parent chain as it was too, with that revision as ETag', async () => {
      const then = await t.request('GET', `${API}/categories/${childId}?${asOf('15:30:00')}`);
      expect(then.status, then.text).to.equal(200);
      expect(bodyOf(then)).to.include({
        name: 'Opera',
        parent: parentId,
        url: 'http://localhost:8080/events/category/arts/opera/',
        count: 0,
      });
      expect(then.headers.get('etag')).to.equal('W/"0"');
      expect(bodyOf(await t.request('GET', `${API}/categories/${childId}?${asOf('16:30:00')}`))).to.include({
        name: 'Opera and song',
        url: 'http://localhost:8080/events/category/culture/opera/',
      });
    });

    it(
      'a term deleted since is still shown as of before; as of after, or before it existed, 400 ' + 'naming id',
      async () => {
        expectInvalidParams(await t.request('GET', `${API}/categories/${childId}`), 'id');
        expectInvalidParams(await t.request('GET', `${API}/categories/${childId}?${asOf('17:30:00')}`), 'id');
        expectInvalidParams(await t.request('GET', `${API}/categories/${parentId}?${asOf('14:00:00')}`), 'id');
        expectInvalidParams(
          await t.request('GET', `${API}/categories/${parentId}?as_of=2026-11-22T25:00:00Z`),
          'as_of',
        );
      },
    );

    it('tags by position', async () => {
      const tag = bodyOf(await t.admin('POST', `${API}/tags`, { body: { name: 'outdoor' } }));
      const created = await t.service.store.headPosition();
      await t.admin('PATCH', `${API}/tags/${tag.id as number}`, { body: { name: 'Outdoors' } });
      expect(bodyOf(await t.request('GET', `${API}/tags/${tag.id as number}?as_of=${created}`))).to.include({
        name: 'outdoor',
      });
      expect(bodyOf(await t.request('GET', `${API}/tags/${tag.id as number}`))).to.include({ name: 'Outdoors' });
    });
  });
});
