// Specifies DELETE /categories/{id} and /tags/{id}: permanent,
// the term as it was, children re-parented (docs/api.md §11).
import { expect } from 'chai';
import {
  API,
  bodyOf,
  createTerm,
  expectError,
  expectInvalidParams,
  setCount,
  startTermService,
  termIdsOf,
  type TermTestService,
} from './support/termsApi.ts';

describe('DELETE /categories/{id} and /tags/{id}', () => {
  let t: TermTestService;
  before(async () => (t = await startTermService()));
  after(async () => t.close());

  it(
    'answers 200 with the term as it was just before, count included; afterwards the id is ' + 'unknown (400)',
    async () => {
      const tag = await createTerm(t, 'tags', { name: 'Ephemeral', description: 'Soon gone' });
      await setCount(t, 'tags', tag.id as number, 3);
      const path = `${API}/tags/${String(tag.id)}`;
      const res = await t.admin('DELETE', path);
      expect(res.status, res.text).to.equal(200);
      expect(res.body).to.deep.equal({ ...tag, count: 3 });
      expect(res.headers.get('allow')).to.equal('GET, POST, PUT, PATCH, DELETE');
      expectInvalidParams(await t.request('GET', path), 'id');
      expectInvalidParams(await t.admin('DELETE', path), 'id');
      expect(termIdsOf(await t.request('GET', `${API}/tags?hide_empty=false`), 'tags')).to.not.include(tag.id);
      // The name and the slug are free again.
      expect((await createTerm(t, 'tags', { name: 'Ephemeral', slug: 'ephemeral' })).slug).to.equal('ephemeral');
    },
  );

  it('moves the children of a deleted category to its parent', async () => {
    const top = await createTerm(t, 'categories', { name: 'Top' });
    const middle = await createTerm(t, 'categories', { name: 'Middle', parent: top.id as number });
    const leaf = await createTerm(t, 'categories', { name: 'Leaf', parent: middle.id as number });
    const other = await createTerm(t, 'categories', { name: 'Other leaf', parent: middle.id as number });
    const res = await t.admin('DELETE', `${API}/categories/${String(middle.id)}`);
    expect(bodyOf(res)).to.deep.equal(middle);
    for (const child of [leaf, other]) {
      const moved = bodyOf(await t.request('GET', `${API}/categories/${String(child.id)}`));
      expect(moved).to.include({
        parent: top.id,
        url: `http://localhost:8080/events/category/top/${String(child.slug)}/`,
      });
    }
    expect(
      termIdsOf(await t.request('GET', `${API}/categories?hide_empty=false&parent=${String(top.id)}`), 'categories'),
    ).to.deep.equal([leaf.id, other.id]);
  });

  it(
    'checks the id before permission; categories: authors may delete, contributors may not; ' + 'tags: editors only',
    async () => {
      expectInvalidParams(await t.by('anonymous', 'DELETE', `${API}/categories/999999`), 'id');
      const category = await createTerm(t, 'categories', { name: 'Deletable' });
      const tag = await createTerm(t, 'tags', { name: 'Deletable tag' });
      expectError(await t.by('anonymous', 'DELETE', `${API}/categories/${String(category.id)}`), 401, 'rest_forbidden');
      expectError(
        await t.by('contributor', 'DELETE', `${API}/categories/${String(category.id)}`),
        403,
        'rest_forbidden',
      );
      expectError(await t.by('author', 'DELETE', `${API}/tags/${String(tag.id)}`), 403, 'rest_forbidden');
      expect((await t.by('author', 'DELETE', `${API}/categories/${String(category.id)}`)).status).to.equal(200);
      expect((await t.by('editor', 'DELETE', `${API}/tags/${String(tag.id)}`)).status).to.equal(200);
    },
  );

  it('honours If-Match', async () => {
    const tag = await createTerm(t, 'tags', { name: 'Matched' });
    const path = `${API}/tags/${String(tag.id)}`;
    expectError(await t.admin('DELETE', path, { headers: { 'If-Match': 'W/"7"' } }), 412, 'rest_precondition_failed');
    expect((await t.admin('DELETE', path, { headers: { 'If-Match': 'W/"0"' } })).status).to.equal(200);
  });
});
