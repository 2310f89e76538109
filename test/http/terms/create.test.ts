// Specifies POST /categories and POST /tags (docs/api.md §1.5, §3.2, §4.5, §10.3, §13, E7; captures 07 and 08).
import { expect } from 'chai';
import {
  API,
  API_ROOT,
  AUTH_CACHE_CONTROL,
  bodyOf,
  capture,
  createTerm,
  expectError,
  expectInvalidParams,
  renumberedTerm,
  startTermService,
  type TermTestService,
} from './support/termsApi.ts';

describe('POST /categories and /tags (create)', () => {
  let t: TermTestService;
  before(async () => (t = await startTermService()));
  after(async () => t.close());

  it(
    'answers capture 07 with 201, exactly its body (keys in order), Location, Allow and a ' + 'first-revision ETag',
    async () => {
      const example = capture('07');
      const res = await t.admin('POST', `${API}/categories`, { body: example.request.body });
      expect(res.status, res.text).to.equal(201);
      const id = bodyOf(res).id as number;
      const expected = renumberedTerm(example.response.body, id);
      expect(res.body).to.deep.equal(expected);
      expect(Object.keys(bodyOf(res))).to.deep.equal(Object.keys(expected));
      expect(res.headers.get('location')).to.equal(`${API_ROOT}/categories/${id}`);
      expect(res.headers.get('allow')).to.equal('GET, POST');
      expect(res.headers.get('etag')).to.equal('W/"0"');
      expect(res.headers.get('cache-control')).to.equal(AUTH_CACHE_CONTROL);
    },
  );

  it('answers capture 08 (a tag: no parent key, empty description, /tag/ url) and shares the id sequence', async () => {
    const example = capture('08');
    const first = await createTerm(t, 'categories', { name: 'Sequence check' });
    const res = await t.admin('POST', `${API}/tags`, { body: example.request.body });
    expect(res.status, res.text).to.equal(201);
    const id = bodyOf(res).id as number;
    expect(id).to.equal((first.id as number) + 1);
    expect(res.body).to.deep.equal(renumberedTerm(example.response.body, id));
    expect(Object.keys(bodyOf(res))).not.to.include('parent');
    expect(res.headers.get('location')).to.equal(`${API_ROOT}/tags/${id}`);
  });

  it(
    'builds the category url from the parent chain, adds urls.up, and tries {slug}-{parent ' + 'slug} on a collision',
    async () => {
      const music = await createTerm(t, 'categories', { name: 'Music' });
      const jazz = await createTerm(t, 'categories', { name: 'Jazz', parent: music.id as number });
      const modal = await createTerm(t, 'categories', {
        name: 'Modal',
        parent: jazz.id as number,
        slug: 'Modal Jazz!',
      });
      expect(modal).to.include({
        slug: 'modal-jazz',
        parent: jazz.id,
        url: 'http://localhost:8080/events/category/music/jazz/modal-jazz/',
      });
      expect(modal.urls).to.deep.equal({
        self: `${API_ROOT}/categories/${String(modal.id)}`,
        collection: `${API_ROOT}/categories`,
        up: `${API_ROOT}/categories/${String(jazz.id)}`,
      });
      const other = await createTerm(t, 'categories', { name: 'Jazz', parent: modal.id as number });
      expect(other.slug).to.equal('jazz-modal-jazz');
    },
  );

  it('answers a name taken under the same parent (any case) with term_exists and the holder id', async () => {
    const talks = await createTerm(t, 'categories', { name: 'Talks' });
    const res = await t.admin('POST', `${API}/categories`, { body: { name: 'TALKS' } });
    expect(res.status).to.equal(400);
    expect(res.body).to.deep.equal({
      code: 'term_exists',
      message: 'A term with the name provided already exists with this parent.',
      data: { status: 400, term_id: talks.id },
    });
    await createTerm(t, 'categories', { name: 'Talks', parent: talks.id as number });
  });

  it('answers a tag name taken in the taxonomy with the tag text of term_exists', async () => {
    const rock = await createTerm(t, 'tags', { name: 'rock' });
    const res = await t.admin('POST', `${API}/tags`, { body: { name: 'Rock' } });
    expect(res.body).to.deep.equal({
      code: 'term_exists',
      message: 'A term with the name provided already exists in this taxonomy.',
      data: { status: 400, term_id: rock.id },
    });
  });

  it('answers an explicit slug held by another term of the taxonomy with duplicate_term_slug', async () => {
    await createTerm(t, 'tags', { name: 'Blues', slug: 'blues' });
    const res = await t.admin('POST', `${API}/tags`, { body: { name: 'Blues music', slug: 'blues' } });
    expectError(res, 400, 'duplicate_term_slug', 'The slug “blues” is already in use by another term.');
    // Slugs are unique per taxonomy: a category may use it.
    expect((await createTerm(t, 'categories', { name: 'Blues music', slug: 'blues' })).slug).to.equal('blues');
  });

  it('refuses "" in any field and a parent naming no category, naming all of them', async () => {
    expectInvalidParams(
      await t.admin('POST', `${API}/categories`, { body: { name: 'X', description: '', slug: '', parent: 99999 } }),
      'description',
      'slug',
      'parent',
    );
    expectInvalidParams(await t.admin('POST', `${API}/categories`, { body: { name: '' } }), 'name');
    const tag = await createTerm(t, 'tags', { name: 'Not a parent' });
    expectInvalidParams(
      await t.admin('POST', `${API}/categories`, { body: { name: 'Y', parent: tag.id as number } }),
      'parent',
    );
  });

  it('requires name', async () => {
    const res = await t.admin('POST', `${API}/categories`, { body: { description: 'No name' } });
    expectError(res, 400, 'rest_missing_callback_param', 'Missing parameter(s): name');
  });

  it(
    'lets administrators, editors and authors create categories; contributors 403, anonymous ' +
      '401 (validation first)',
    async () => {
      for (const role of ['editor', 'author'] as const) {
        const res = await t.by(role, 'POST', `${API}/categories`, { body: { name: `By ${role}` } });
        expect(res.status, res.text).to.equal(201);
        expect(res.headers.get('allow')).to.equal('GET, POST');
      }
      for (const role of ['contributor', 'subscriber'] as const) {
        const res = await t.by(role, 'POST', `${API}/categories`, { body: { name: `By ${role}` } });
        expectError(res, 403, 'rest_forbidden');
        expect(res.headers.get('allow')).to.equal('GET');
      }
      expectError(
        await t.by('anonymous', 'POST', `${API}/categories`, { body: { name: 'Anon' } }),
        401,
        'rest_forbidden',
      );
      expectInvalidParams(
        await t.by('anonymous', 'POST', `${API}/categories`, { body: { name: 'Anon', parent: 99999 } }),
        'parent',
      );
    },
  );

  it('lets only administrators and editors create tags', async () => {
    expect((await t.by('editor', 'POST', `${API}/tags`, { body: { name: 'editor tag' } })).status).to.equal(201);
    expectError(await t.by('author', 'POST', `${API}/tags`, { body: { name: 'author tag' } }), 403, 'rest_forbidden');
    expectError(await t.by('anonymous', 'POST', `${API}/tags`, { body: { name: 'anon tag' } }), 401, 'rest_forbidden');
  });
});
