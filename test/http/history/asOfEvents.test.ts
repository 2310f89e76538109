// Specifies `as_of` on GET /events/{id} and /events/by-slug/{slug}: the event, and what it embeds, as it was then.
import { expect } from 'chai';
import {
  API,
  asObject,
  bodyOf,
  createVenue,
  expectError,
  expectInvalidParams,
  startItemService,
  type ItemTestService,
  type JsonObject,
} from './support/historyApi.ts';

describe('GET /events/{id}?as_of', function () {
  let t: ItemTestService;
  let id: number;
  let venueId: number;
  /** Global position right after the event was created. */
  let createdAt: bigint;
  const at = (time: string) => t.setNow(new Date(`2026-11-22T${time}Z`));
  const get = (query: string, who: 'anonymous' | 'admin' | 'editor' = 'admin', path = `events/${id}`) =>
    t.by(who, 'GET', `${API}/${path}?${query}`);
  const ok = (res: Awaited<ReturnType<typeof get>>): JsonObject => {
    expect(res.status, res.text).to.equal(200);
    return bodyOf(res);
  };
  const venueCity = (event: JsonObject): unknown => asObject(event.venue).city;

  before(async () => {
    // The site zone is one hour ahead of UTC in November: wall-clock `as_of` values are read in it.
    t = await startItemService({ CAL_TIMEZONE: 'Europe/Madrid' });
    at('10:00:00');
    venueId = (await createVenue(t, { venue: 'Old Hall', city: 'Springfield' })).id as number;
    const created = await t.admin('POST', `${API}/events`, {
      body: { title: 'First', start_date: '2026-12-01 10:00:00', end_date: '2026-12-01 11:00:00', venue: venueId },
    });
    id = bodyOf(created).id as number;
    createdAt = await t.service.store.headPosition();
    at('11:00:00');
    expect((await t.admin('PATCH', `${API}/events/${id}`, { body: { title: 'Second' } })).status).to.equal(200);
    expect((await t.admin('PATCH', `${API}/venues/${venueId}`, { body: { city: 'Shelbyville' } })).status).to.equal(
      200,
    );
    at('12:00:00');
    expect((await t.admin('PATCH', `${API}/events/${id}`, { body: { title: 'Third' } })).status).to.equal(200);
  });
  after(async () => t.close());

  it('a global position: the event as of that position, with its revision as ETag', async () => {
    const then = await get(`as_of=${createdAt}`);
    expect(ok(then)).to.include({ id, title: 'First', modified_utc: '2026-11-22 10:00:00' });
    expect(then.headers.get('etag')).to.equal('W/"0"');
    const now = await get('');
    expect(ok(now)).to.include({ title: 'Third' });
    expect(now.headers.get('etag')).to.equal('W/"2"');
  });

  it('a date-time with a zone, or site-zone wall-clock time', async () => {
    expect(ok(await get('as_of=2026-11-22T11:30:00Z')).title).to.equal('Second');
    expect(ok(await get(`as_of=${encodeURIComponent('2026-11-22T12:30:00+01:00')}`)).title).to.equal('Second');
    expect(ok(await get(`as_of=${encodeURIComponent('2026-11-22 12:30:00')}`)).title).to.equal('Second');
    // The second of a write includes it.
    expect(ok(await get('as_of=2026-11-22T12:00:00Z')).title).to.equal('Third');
    expect(ok(await get('as_of=2026-11-22T11:59:59Z')).title).to.equal('Second');
  });

  it('embeds the linked venue as it was at the same point', async () => {
    expect(venueCity(ok(await get(`as_of=${createdAt}`)))).to.equal('Springfield');
    expect(venueCity(ok(await get('as_of=2026-11-22T11:30:00Z')))).to.equal('Shelbyville');
    expect(venueCity(ok(await get('')))).to.equal('Shelbyville');
  });

  it('before the event existed: the not-found error of an unknown id or slug', async () => {
    expectError(
      await get('as_of=2026-11-22T09:00:00Z'),
      404,
      'rest-event-not-found',
      `Event with ID ${id} does not exist.`,
    );
    expectError(await get('as_of=0'), 404, 'rest-event-not-found');
    expectInvalidParams(await get('as_of=2026-11-22T09:00:00Z', 'admin', 'events/by-slug/first'), 'slug');
  });

  it('by slug: resolves the slug now, then folds that event', async () => {
    const then = await get(`as_of=${createdAt}`, 'anonymous', 'events/by-slug/first');
    expect(ok(then)).to.include({ id, title: 'First' });
    expect(then.headers.get('etag')).to.equal('W/"0"');
  });

  it('refuses an unreadable as_of with 400 naming it, after the declared parameters', async () => {
    for (const value of ['soon', '-5', '2026-13-01T00:00:00Z', '', '99999999999999999999999']) {
      expectInvalidParams(await get(`as_of=${encodeURIComponent(value)}`), 'as_of');
    }
    expectInvalidParams(await get('as_of=soon', 'anonymous', 'events/by-slug/nothing-here'), 'slug', 'as_of');
    expectInvalidParams(await get('as_of=soon&i18n_language=xx'), 'i18n_language', 'as_of');
  });

  describe('visibility of the past state', () => {
    let draftThen: number;
    before(async () => {
      at('13:00:00');
      draftThen = bodyOf(
        await t.admin('POST', `${API}/events`, {
          body: {
            title: 'Soft launch',
            status: 'draft',
            start_date: '2026-12-03 10:00:00',
            end_date: '2026-12-03 11:00:00',
          },
        }),
      ).id as number;
      at('13:10:00');
      await t.admin('PATCH', `${API}/events/${draftThen}`, { body: { status: 'publish', password: 'sesame' } });
      at('13:20:00');
      await t.admin('PATCH', `${API}/events/${draftThen}`, { body: { password: '' } });
    });
    const past = (time: string, who: 'anonymous' | 'admin' | 'editor' = 'anonymous', extra = '') =>
      get(`as_of=2026-11-22T${time}Z${extra}`, who, `events/${draftThen}`);

    it('a draft then is refused to those who may not read drafts, though published now', async () => {
      expectError(await past('13:05:00'), 403, 'event-not-accessible');
      expect(ok(await past('13:05:00', 'editor'))).to.include({ status: 'draft' });
    });

    it('a password set then locks the past representation, unless given', async () => {
      expectError(await past('13:15:00'), 403, 'event-password-protected');
      expect(ok(await past('13:15:00', 'anonymous', '&password=sesame'))).to.include({ title: 'Soft launch' });
      expect(ok(await past('13:25:00'))).to.include({ title: 'Soft launch' });
    });

    it('a password set now locks the past too', async () => {
      at('13:30:00');
      await t.admin('PATCH', `${API}/events/${draftThen}`, { body: { password: 'later' } });
      expectError(await past('13:25:00'), 403, 'event-password-protected');
      expect(ok(await past('13:25:00', 'anonymous', '&password=later')).title).to.equal('Soft launch');
    });

    it('a trashed event: its past is for those who may edit it; as of after trashing it is gone', async () => {
      at('14:00:00');
      expect((await t.admin('DELETE', `${API}/events/${id}`)).status).to.equal(200);
      expect(ok(await get('as_of=2026-11-22T13:00:00Z', 'editor')).title).to.equal('Third');
      expectError(await get('as_of=2026-11-22T13:00:00Z', 'anonymous'), 403, 'event-no-longer-available');
      expectError(await get('as_of=2026-11-22T14:00:00Z', 'admin'), 403, 'event-no-longer-available');
    });
  });
});
