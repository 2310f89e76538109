// Specifies single-event reads by id and slug, HEAD/OPTIONS, the index
// and doc routes, and protected events (docs/api.md §9, §12, E4).
import { expect } from 'chai';
import { startTestService, type TestService } from '../../support/testService.ts';
import {
  ADMIN_ITEM_ALLOW,
  API,
  AUTH_CACHE_CONTROL,
  asObject,
  bodyOf,
  capture,
  createEvent,
  expectError,
  renumbered,
  withoutLinks,
  type JsonObject,
} from './support/eventsApi.ts';

describe('GET /events/{id} and /events/by-slug/{slug}', () => {
  let t: TestService;
  let minimal: JsonObject;
  let full: JsonObject;
  before(async function () {
    this.timeout(20000);
    t = await startTestService({ CAL_CORS_ORIGINS: '*' });
    t.setNow(new Date('2026-11-22T10:52:29Z'));
    minimal = await createEvent(t, capture('09').request.body ?? {});
    const { venue: _v, organizer: _o, categories: _c, tags: _t, ...fields } = capture('10').request.body ?? {};
    full = await createEvent(t, fields);
  });
  after(async () => t.close());

  it(
    'answers an anonymous read with capture 12: the created event plus json_ld as the last key, ' + 'Allow: GET',
    async () => {
      const res = await t.request('GET', `${API}/events/${String(minimal.id)}`);
      expect(res.status).to.equal(200);
      const expected = renumbered(capture('12').response.body, minimal.id as number);
      expect(res.body).to.deep.equal(expected);
      const keys = Object.keys(bodyOf(res));
      expect(keys).to.deep.equal(Object.keys(expected));
      expect(keys.slice(-3)).to.deep.equal(['json_ld', 'language', 'translations']);
      expect(res.headers.get('allow')).to.equal('GET');
      expect(res.headers.get('etag')).to.equal('W/"0"');
      expect(res.headers.get('content-type')).to.equal('application/json; charset=UTF-8');
      expect(res.headers.get('x-content-type-options')).to.equal('nosniff');
    },
  );

  it('lists every write method in Allow for the administrator, with no-store caching', async () => {
    const res = await t.admin('GET', `${API}/events/${String(minimal.id)}`);
    expect(res.status).to.equal(200);
    expect(res.headers.get('allow')).to.equal(ADMIN_ITEM_ALLOW);
    expect(res.headers.get('cache-control')).to.equal(AUTH_CACHE_CONTROL);
  });

  it('answers by slug with the same event (capture 14 without venue, organizer and terms)', async () => {
    const res = await t.request('GET', `${API}/events/by-slug/full-event`);
    expect(res.status).to.equal(200);
    expect(res.headers.get('allow')).to.equal('GET');
    const captured = capture('14').response.body;
    const capturedLd = asObject(captured.json_ld);
    const { location: _location, organizer: _organizer, ...jsonLd } = capturedLd;
    const expected = { ...withoutLinks(renumbered(captured, full.id as number)), json_ld: jsonLd };
    expect(res.body).to.deep.equal(expected);
    expect(Object.keys(asObject(bodyOf(res).json_ld))).to.deep.equal(Object.keys(jsonLd));
    const byId = await t.request('GET', `${API}/events/${String(full.id)}`);
    expect(byId.body).to.deep.equal(res.body);
  });

  it('writes json_ld.description from the tag-free description when there is no excerpt', async () => {
    const created = await createEvent(t, {
      title: 'No excerpt',
      description: '<p>Full <strong>description</strong></p>',
    });
    const res = await t.request('GET', `${API}/events/${String(created.id)}`);
    expect(asObject(bodyOf(res).json_ld).description).to.equal('&lt;p&gt;Full description&lt;/p&gt;\\n');
  });

  it('cuts a long json_ld description at 55 words, escapes it, and offers a free event at price "0"', async () => {
    const words = Array.from({ length: 60 }, (_, i) => `w${String(i)}`).join(' ');
    const created = await createEvent(t, {
      title: 'Long read',
      description: `<b>Tom & "Jerry"</b> ${words}`,
      cost: '0',
    });
    expect(created.cost).to.equal('Free');
    const jsonLd = asObject(bodyOf(await t.request('GET', `${API}/events/${String(created.id)}`)).json_ld);
    const kept = Array.from({ length: 52 }, (_, i) => `w${String(i)}`).join(' ');
    expect(jsonLd.description).to.equal(`&lt;p&gt;Tom &amp; &quot;Jerry&quot; ${kept} [&amp;hellip;]&lt;/p&gt;\\n`);
    expect(jsonLd.offers).to.deep.equal({
      '@type': 'Offer',
      price: '0',
      priceCurrency: 'USD',
      url: 'http://localhost:8080/event/long-read/',
      category: 'primary',
      availability: 'inStock',
      validFrom: '2026-11-22T00:00:00+00:00',
    });
  });

  it('resolves a slug shared by a draft and a published event to the published one', async () => {
    const draft = await createEvent(t, { title: 'Shared draft', status: 'draft', slug: 'shared' });
    const published = await createEvent(t, { title: 'Shared published', slug: 'shared' });
    expect([draft.slug, published.slug]).to.deep.equal(['shared', 'shared']);
    expect(bodyOf(await t.admin('GET', `${API}/events/by-slug/shared`)).id).to.equal(published.id);
  });

  it('percent-decodes the slug', async () => {
    const res = await t.request('GET', `${API}/events/by-slug/full%2Devent`);
    expect(bodyOf(res).id).to.equal(full.id);
  });

  it('answers HEAD like GET without a body', async () => {
    const res = await t.request('HEAD', `${API}/events/${String(minimal.id)}`);
    expect(res.status).to.equal(200);
    expect(res.text).to.equal('');
    expect(res.headers.get('allow')).to.equal('GET');
  });

  it('answers OPTIONS /events with the route index entry', async () => {
    const index = await t.request('GET', API);
    const entry = asObject(asObject(bodyOf(index).routes)['/cal/events/v1/events']);
    const res = await t.request('OPTIONS', `${API}/events`);
    expect(res.status).to.equal(200);
    expect(res.body).to.deep.equal(entry);
  });

  it('answers OPTIONS on the item routes with their index entries and Allow for the caller', async () => {
    const routes = asObject(bodyOf(await t.request('GET', API)).routes);
    const byId = await t.request('OPTIONS', `${API}/events/${String(minimal.id)}`);
    expect(byId.status).to.equal(200);
    expect(byId.body).to.deep.equal(routes['/cal/events/v1/events/(?P<id>\\d+)']);
    const bySlug = await t.admin('OPTIONS', `${API}/events/by-slug/minimal-event`);
    expect(bySlug.body).to.deep.equal(routes['/cal/events/v1/events/by-slug/(?P<slug>[^/]+)']);
    expect(bySlug.headers.get('allow')).to.equal(ADMIN_ITEM_ALLOW);
  });

  it('sends the CORS headers, and with an Origin the origin-specific ones', async () => {
    const plain = await t.request('GET', `${API}/events/${String(minimal.id)}`);
    expect(plain.headers.get('access-control-allow-headers')).to.equal(
      'Authorization, Content-Disposition, Content-MD5, Content-Type',
    );
    expect(plain.headers.get('access-control-expose-headers')).to.equal(
      'X-Cal-Total, X-Cal-TotalPages, Link, ETag, X-Cal-Truncated',
    );
    expect(plain.headers.get('access-control-allow-origin')).to.equal(null);
    const res = await t.request('GET', `${API}/events/${String(minimal.id)}`, {
      headers: { origin: 'http://app.example' },
    });
    expect(res.headers.get('access-control-allow-origin')).to.equal('http://app.example');
    expect(res.headers.get('access-control-allow-methods')).to.equal('OPTIONS, GET, POST, PUT, PATCH, DELETE');
    expect(res.headers.get('access-control-allow-credentials')).to.equal('true');
    expect(res.headers.get('vary')).to.equal('Origin');
  });

  it('answers the index and /doc routes with 200, with or without a trailing slash', async () => {
    for (const path of [API, `${API}/`, `${API}/doc`]) {
      const res = await t.request('GET', path);
      expect(res.status, path).to.equal(200);
      expect(res.headers.get('content-type')).to.equal('application/json; charset=UTF-8');
    }
  });

  it(
    'refuses a draft to anonymous callers with 403 event-not-accessible, and shows it to the ' + 'administrator',
    async () => {
      const draft = await createEvent(t, { title: 'Secret draft', status: 'draft', slug: 'secret-draft' });
      const anonymous = await t.request('GET', `${API}/events/${String(draft.id)}`);
      expectError(anonymous, 403, 'event-not-accessible', 'The requested event is not accessible');
      const bySlug = await t.request('GET', `${API}/events/by-slug/secret-draft`);
      expectError(bySlug, 403, 'event-not-accessible');
      const admin = await t.admin('GET', `${API}/events/${String(draft.id)}`);
      expect(admin.status).to.equal(200);
    },
  );

  it('ignores one trailing slash on an item route', async () => {
    const res = await t.request('GET', `${API}/events/${String(minimal.id)}/`);
    expect(res.status).to.equal(200);
    expect(bodyOf(res).id).to.equal(minimal.id);
  });

  describe('a password-protected event', () => {
    let protectedId: string;
    before(async () => {
      const created = await createEvent(t, {
        title: 'Members only',
        slug: 'members-only',
        description: 'Secret plans',
      });
      protectedId = String(created.id);
      const res = await t.admin('POST', `${API}/events/${protectedId}`, { body: { password: 'open sesame' } });
      expect(res.status, res.text).to.equal(200);
      expect(bodyOf(res).description, 'write responses are never blanked').to.equal('<p>Secret plans</p>');
      expect(res.text).to.not.contain('open sesame');
    });

    it('is refused with 403 event-password-protected without the password', async () => {
      const res = await t.request('GET', `${API}/events/${protectedId}`);
      expectError(res, 403, 'event-password-protected', 'The requested event is not accessible without a password');
      const bySlug = await t.request('GET', `${API}/events/by-slug/members-only`);
      expectError(bySlug, 403, 'event-password-protected');
    });

    it('is answered in full with the exact password, by id and by slug', async () => {
      const res = await t.request('GET', `${API}/events/${protectedId}?password=${encodeURIComponent('open sesame')}`);
      expect(res.status).to.equal(200);
      expect(bodyOf(res).description).to.equal('<p>Secret plans</p>');
      expect(res.text).to.not.contain('open sesame');
      const bySlug = await t.request('GET', `${API}/events/by-slug/members-only?password=open+sesame`);
      expect(bySlug.status).to.equal(200);
    });

    it('stays locked with a wrong password', async () => {
      const res = await t.request('GET', `${API}/events/${protectedId}?password=Open+Sesame`);
      expectError(res, 403, 'event-password-protected');
    });

    it('is unlocked for the administrator only with context=edit', async () => {
      expectError(await t.admin('GET', `${API}/events/${protectedId}`), 403, 'event-password-protected');
      expect((await t.admin('GET', `${API}/events/${protectedId}?context=edit`)).status).to.equal(200);
      expectError(await t.request('GET', `${API}/events/${protectedId}?context=edit`), 403, 'event-password-protected');
    });

    it('is unprotected again once the password is set to ""', async () => {
      const other = await createEvent(t, { title: 'Briefly protected' });
      const path = `${API}/events/${String(other.id)}`;
      await t.admin('PATCH', path, { body: { password: 'x' } });
      expect((await t.request('GET', path)).status).to.equal(403);
      await t.admin('PATCH', path, { body: { password: '' } });
      expect((await t.request('GET', path)).status).to.equal(200);
    });
  });
});
