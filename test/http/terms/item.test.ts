// Specifies GET and POST/PUT/PATCH on /categories/{id} and
// /tags/{id} (docs/api.md §9, §10.3, §13, §15; captures 25 and 40).
import { expect } from 'chai';
import {
  API,
  API_ROOT,
  bodyOf,
  capture,
  createTerm,
  expectError,
  expectInvalidParams,
  renumberedTerm,
  REASON,
  setCount,
  withReason,
  startTermService,
  type JsonObject,
  type TermTestService,
} from './support/termsApi.ts';

describe('GET and update of /categories/{id} and /tags/{id}', () => {
  let t: TermTestService;
  before(async () => (t = await startTermService()));
  after(async () => t.close());

  it('answers capture 25 exactly, with Allow: GET for anonymous callers and the revision as ETag', async () => {
    const created = await createTerm(t, 'categories', capture('07').request.body as JsonObject);
    await setCount(t, 'categories', created.id as number, 1);
    const res = await t.request('GET', `${API}/categories/${String(created.id)}`);
    expect(res.status).to.equal(200);
    expect(res.body).to.deep.equal(renumberedTerm(capture('25').response.body, created.id as number));
    expect(res.headers.get('allow')).to.equal('GET');
    expect(res.headers.get('etag')).to.equal('W/"0"');
    expect((await t.admin('GET', `${API}/categories/${String(created.id)}`)).headers.get('allow')).to.equal(
      'GET, POST, PUT, PATCH, DELETE',
    );
    expect((await t.by('author', 'GET', `${API}/tags/1`)).headers.get('allow')).to.equal('GET');
  });

  it(
    'answers capture 40 for an unknown id, and 400 for an id of the other taxonomy; 404 for a ' + 'non-numeric id',
    async () => {
      const res = await t.request('GET', `${API}/categories/999999`);
      expect(res.body).to.deep.equal(
        withReason(capture('40').response.body, 'id', 'unknown-category', REASON.unknownCategory),
      );
      expect(res.headers.get('allow')).to.equal('GET');
      const tag = await createTerm(t, 'tags', { name: 'only a tag' });
      expectInvalidParams(await t.request('GET', `${API}/categories/${String(tag.id)}`), 'id');
      expectError(await t.request('GET', `${API}/tags/abc`), 404, 'rest_no_route');
    },
  );

  it('updates with POST, PUT and PATCH alike; a name change keeps the slug unless slug is sent', async () => {
    const term = await createTerm(t, 'categories', { name: 'Lectures', description: 'Talks' });
    const path = `${API}/categories/${String(term.id)}`;
    const renamed = await t.admin('PUT', path, { body: { name: 'Lectures and talks' } });
    expect(renamed.status, renamed.text).to.equal(200);
    expect(renamed.body).to.deep.equal({ ...term, name: 'Lectures and talks' });
    expect(renamed.headers.get('etag')).to.equal('W/"1"');
    const reslugged = await t.admin('PATCH', path, { body: { slug: 'Conférences' } });
    expect(bodyOf(reslugged)).to.include({
      slug: 'conferences',
      url: 'http://localhost:8080/events/category/conferences/',
    });
    const described = await t.admin('POST', path, { body: { description: 'Spoken word' } });
    expect(bodyOf(described)).to.include({ description: 'Spoken word', name: 'Lectures and talks' });
    expect((await t.request('GET', path)).body).to.deep.equal(described.body);
  });

  it('moves a category under a parent (urls.up, nested url) and back to the top with parent 0', async () => {
    const parent = await createTerm(t, 'categories', { name: 'Arts' });
    const child = await createTerm(t, 'categories', { name: 'Dance' });
    const path = `${API}/categories/${String(child.id)}`;
    const moved = bodyOf(await t.admin('PATCH', path, { body: { parent: parent.id as number } }));
    expect(moved).to.include({ parent: parent.id, url: 'http://localhost:8080/events/category/arts/dance/' });
    expect((moved.urls as JsonObject).up).to.equal(`${API_ROOT}/categories/${String(parent.id)}`);
    const back = bodyOf(await t.admin('PATCH', path, { body: { parent: 0 } }));
    expect(back.urls).to.not.have.property('up');
    // A category cannot become its own ancestor.
    expectInvalidParams(
      await t.admin('PATCH', `${API}/categories/${String(parent.id)}`, { body: { parent: parent.id as number } }),
      'parent',
    );
  });

  it('refuses "" fields, a missing parent, a taken name or slug', async () => {
    const a = await createTerm(t, 'tags', { name: 'alpha' });
    const b = await createTerm(t, 'tags', { name: 'beta' });
    const path = `${API}/tags/${String(b.id)}`;
    expectInvalidParams(await t.admin('PATCH', path, { body: { name: '', description: '' } }), 'name', 'description');
    expect((await t.admin('PATCH', path, { body: { name: 'ALPHA' } })).body).to.deep.equal({
      code: 'term_exists',
      message: 'A term with the name provided already exists in this taxonomy.',
      data: { status: 400, term_id: a.id },
    });
    expectError(await t.admin('PATCH', path, { body: { slug: 'alpha' } }), 400, 'duplicate_term_slug');
    expectInvalidParams(await t.admin('PATCH', `${API}/categories/1`, { body: { parent: 99999 } }), 'parent');
  });

  it('checks the id before permission, then the role (§3.2), then If-Match', async () => {
    const tag = await createTerm(t, 'tags', { name: 'guarded' });
    const path = `${API}/tags/${String(tag.id)}`;
    expectInvalidParams(await t.by('anonymous', 'PATCH', `${API}/tags/999999`, { body: { name: 'x' } }), 'id');
    expectError(await t.by('anonymous', 'PATCH', path, { body: { name: 'x' } }), 401, 'rest_forbidden');
    expectError(await t.by('author', 'PATCH', path, { body: { name: 'x' } }), 403, 'rest_forbidden');
    expect((await t.by('editor', 'PATCH', path, { body: { name: 'by editor' } })).status).to.equal(200);
    const stale = await t.admin('PATCH', path, { body: { name: 'stale' }, headers: { 'If-Match': 'W/"0"' } });
    expectError(stale, 412, 'rest_precondition_failed');
    expect(
      (await t.admin('PATCH', path, { body: { name: 'fresh' }, headers: { 'If-Match': 'W/"1"' } })).status,
    ).to.equal(200);
  });

  it('writes term errors in the request language', async () => {
    await createTerm(t, 'categories', { name: 'Cinema' }, '/es/cal/events/v1');
    const es = await t.admin('POST', '/es/cal/events/v1/categories', { body: { name: 'cinema' } });
    expect(bodyOf(es).message).to.equal('Ya existe un término con ese nombre y ese padre.');
    await createTerm(t, 'tags', { name: 'cine', slug: 'cine' }, '/ca/cal/events/v1');
    const ca = await t.admin('POST', '/ca/cal/events/v1/tags', { body: { name: 'cinema', slug: 'cine' } });
    expect(bodyOf(ca).message).to.equal("El slug “cine” ja l'utilitza un altre terme.");
    expect(bodyOf(await t.request('GET', '/ca/cal/events/v1/tags/999999')).message).to.equal(
      'Paràmetres no vàlids: id',
    );
  });
});
