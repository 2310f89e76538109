// Specifies GET /categories and GET /tags: envelope, headers, links,
// ordering and every filter (docs/api.md §5, §8; captures 24, 26).
import { expect } from 'chai';
import {
  API,
  API_ROOT,
  bodyOf,
  capture,
  createEvent,
  createTerm,
  expectInvalidParams,
  renumberedTerm,
  setCount,
  startTermService,
  termIdsOf,
  type JsonObject,
  type TermTestService,
} from './support/termsApi.ts';

describe('GET /categories and /tags (lists)', () => {
  let t: TermTestService;
  let workshops: JsonObject;
  let beginner: JsonObject;
  let ids: Record<string, number>;
  before(async () => {
    t = await startTermService();
    workshops = await createTerm(t, 'categories', capture('07').request.body as JsonObject);
    beginner = await createTerm(t, 'tags', capture('08').request.body as JsonObject);
    ids = { workshops: workshops.id as number };
    for (const name of ['art', 'Zebra', 'Music'])
      ids[name] = (await createTerm(t, 'categories', { name })).id as number;
    ids.jazz = (await createTerm(t, 'categories', { name: 'Jazz', parent: ids.Music as number, description: 'Swing' }))
      .id as number;
    await setCount(t, 'categories', ids.workshops as number, 1);
    await setCount(t, 'tags', beginner.id as number, 1);
    await setCount(t, 'categories', ids.Zebra as number, 5);
  });
  after(async () => t.close());

  const list = (path: string) => t.request('GET', `${API}${path}`);

  it('answers capture 24 exactly: envelope keys in order, hidden empty terms, total headers, no Link', async () => {
    const example = capture('24');
    const res = await list('/categories?include=' + String(ids.workshops));
    const expected = structuredClone(example.response.body);
    expected.categories = [
      renumberedTerm((example.response.body.categories as JsonObject[])[0] as JsonObject, ids.workshops as number),
    ];
    expect(res.body).to.deep.equal(expected);
    expect(Object.keys(bodyOf(res))).to.deep.equal(['rest_url', 'total', 'total_pages', 'categories']);
    expect(res.headers.get('x-cal-total')).to.equal('1');
    expect(res.headers.get('x-cal-totalpages')).to.equal('1');
    expect(res.headers.get('link')).to.equal(null);
    expect(res.headers.get('allow')).to.equal('GET');
  });

  it(
    'answers the same query read again through another address or query text with that ' + "request's own links",
    async () => {
      const plain = bodyOf(await list('/categories?hide_empty=false&per_page=2'));
      const reordered = bodyOf(await list('/categories?per_page=2&hide_empty=false'));
      const english = bodyOf(await t.request('GET', `/en${API}/categories?hide_empty=false&per_page=2`));
      expect(reordered.categories).to.deep.equal(plain.categories);
      expect(plain.next_rest_url).to.equal(`${API_ROOT}/categories/?hide_empty=false&per_page=2&page=2`);
      expect(reordered.next_rest_url).to.equal(`${API_ROOT}/categories/?per_page=2&hide_empty=false&page=2`);
      expect(english.rest_url).to.match(/\/en\/cal\/events\/v1\/categories\//);
    },
  );

  it('answers capture 26 exactly', async () => {
    const example = capture('26');
    const res = await list('/tags');
    const expected = structuredClone(example.response.body);
    expected.tags = [
      renumberedTerm((example.response.body.tags as JsonObject[])[0] as JsonObject, beginner.id as number),
    ];
    expect(res.body).to.deep.equal(expected);
  });

  it(
    'hides count-0 terms by default; hide_empty=false shows them, ordered by name ignoring ' + 'case, ties by id',
    async () => {
      expect(termIdsOf(await list('/categories'), 'categories')).to.deep.equal([ids.workshops, ids.Zebra]);
      expect(termIdsOf(await list('/categories?hide_empty=false'), 'categories')).to.deep.equal([
        ids.art,
        ids.jazz,
        ids.Music,
        ids.workshops,
        ids.Zebra,
      ]);
      expectInvalidParams(await list('/categories?hide_empty=maybe'), 'hide_empty');
    },
  );

  it('orders by orderby and order; unknown non-empty values mean name and asc; "" is invalid', async () => {
    const ordered = (q: string) => list(`/categories?hide_empty=0&${q}`).then((res) => termIdsOf(res, 'categories'));
    expect(await ordered('orderby=count&order=DESC')).to.deep.equal([
      ids.Zebra,
      ids.workshops,
      ids.art,
      ids.Music,
      ids.jazz,
    ]);
    expect(await ordered('orderby=id&order=desc')).to.deep.equal([
      ids.jazz,
      ids.Music,
      ids.Zebra,
      ids.art,
      ids.workshops,
    ]);
    expect(await ordered('orderby=slug')).to.deep.equal([ids.art, ids.jazz, ids.Music, ids.workshops, ids.Zebra]);
    expect(await ordered('orderby=whatever&order=sideways')).to.deep.equal([
      ids.art,
      ids.jazz,
      ids.Music,
      ids.workshops,
      ids.Zebra,
    ]);
    expect(await ordered(`orderby=include&include=${ids.Zebra},${ids.art},${ids.jazz}`)).to.deep.equal([
      ids.Zebra,
      ids.art,
      ids.jazz,
    ]);
    expectInvalidParams(await list('/categories?order=&orderby='), 'order', 'orderby');
  });

  it('filters by search (name or slug, ignoring case), include, exclude, parent and slug', async () => {
    const found = (q: string) => list(`/categories?hide_empty=false&${q}`).then((res) => termIdsOf(res, 'categories'));
    expect(await found('search=WORK')).to.deep.equal([ids.workshops]);
    expect(await found(`exclude=${ids.art},${ids.Zebra}`)).to.deep.equal([ids.jazz, ids.Music, ids.workshops]);
    expect(await found(`include[]=${ids.art}&include[]=${ids.jazz}`)).to.deep.equal([ids.art, ids.jazz]);
    expect(await found(`parent=${ids.Music}`)).to.deep.equal([ids.jazz]);
    expect(await found('parent=0')).to.deep.equal([ids.art, ids.Music, ids.workshops, ids.Zebra]);
    expect(await found('slug=jazz')).to.deep.equal([ids.jazz]);
    expect(await found('slug=JAZZ')).to.deep.equal([]);
  });

  it('refuses ids that are not terms of this taxonomy, a missing parent, and empty values', async () => {
    expectInvalidParams(await list(`/categories?include=${String(beginner.id)}&exclude=99999`), 'exclude', 'include');
    expectInvalidParams(await list('/categories?parent=99999'), 'parent');
    expectInvalidParams(await list('/categories?search=&slug=&parent='), 'search', 'parent', 'slug');
    // Tags have no parent filter: it is ignored there.
    expect(termIdsOf(await list('/tags?parent=99999'), 'tags')).to.deep.equal([beginner.id]);
  });

  it('filters by post / event (event wins; a draft so that counts stay), refusing ids that name no event', async () => {
    const event = await createEvent(t, { title: 'No terms' });
    const res = await list(`/categories?hide_empty=false&post=${String(event.id)}`);
    expect(res.status).to.equal(200);
    expect(termIdsOf(res, 'categories')).to.deep.equal([]);
    const linked = await createEvent(t, {
      title: 'Linked',
      status: 'draft',
      categories: [ids.jazz as number, ids.art as number],
      tags: [beginner.id as number],
    });
    // A draft's links are shown only to callers who may list drafts (test/leaks/leakShapes.test.ts has the rule).
    const asAdmin = (path: string) => t.admin('GET', `${API}${path}`);
    expect(
      termIdsOf(await asAdmin(`/categories?hide_empty=false&event=${String(linked.id)}`), 'categories'),
    ).to.deep.equal([ids.art, ids.jazz]);
    expect(
      termIdsOf(await list(`/categories?hide_empty=false&event=${String(linked.id)}`), 'categories'),
    ).to.deep.equal([]);
    expect(
      termIdsOf(
        await asAdmin(`/categories?hide_empty=false&post=${String(linked.id)}&event=${String(event.id)}`),
        'categories',
      ),
    ).to.deep.equal([]);
    expect(termIdsOf(await asAdmin(`/tags?hide_empty=false&post=${String(linked.id)}`), 'tags')).to.deep.equal([
      beginner.id,
    ]);
    expectInvalidParams(await list('/categories?post=99999&event=abc'), 'post', 'event');
    expectInvalidParams(await list('/tags?event='), 'event');
  });

  it(
    'pages with links carrying the request parameters in order, without page and i18n_language, ' + 'form-encoded',
    async () => {
      const res = await list('/categories?hide_empty=false&per_page=2&search=%20&orderby=name&page=2&i18n_language=en');
      expect(res.status).to.equal(200);
      const en = 'http://localhost:8080/en/cal/events/v1/categories/';
      expect(res.body).to.deep.equal({
        rest_url: en,
        total: 0,
        total_pages: 0,
        categories: [],
        previous_rest_url: `${en}?hide_empty=false&per_page=2&search=+&orderby=name`,
      });
      const paged = await list('/categories?per_page=2&hide_empty=false&orderby=na%20me&page=2');
      const body = bodyOf(paged);
      expect(Object.keys(body)).to.deep.equal([
        'rest_url',
        'total',
        'total_pages',
        'categories',
        'next_rest_url',
        'previous_rest_url',
      ]);
      expect(body).to.deep.include({
        total: 5,
        total_pages: 3,
        next_rest_url: `${API_ROOT}/categories/?per_page=2&hide_empty=false&orderby=na+me&page=3`,
        previous_rest_url: `${API_ROOT}/categories/?per_page=2&hide_empty=false&orderby=na+me`,
      });
      expect(paged.headers.get('link')).to.equal(
        `<${body.next_rest_url as string}>; rel="next", <${body.previous_rest_url as string}>; rel="prev"`,
      );
      const first = bodyOf(await list('/categories?per_page=3&hide_empty=0'));
      expect(first.next_rest_url).to.equal(`${API_ROOT}/categories/?per_page=3&hide_empty=0&page=2`);
      expect(bodyOf(await list('/categories?page=2')).previous_rest_url).to.equal(`${API_ROOT}/categories/`);
    },
  );

  it('answers a later page past the end with 200, [] and a previous link only', async () => {
    const res = await list('/categories?page=9');
    expect(res.status).to.equal(200);
    expect(res.body).to.deep.equal({
      rest_url: `${API_ROOT}/categories/`,
      total: 2,
      total_pages: 1,
      categories: [],
      previous_rest_url: `${API_ROOT}/categories/?page=8`,
    });
    expectInvalidParams(await list('/categories?page=0&per_page=foo'), 'page', 'per_page');
  });

  it('clamps per_page to 50', async () => {
    expect(bodyOf(await list('/categories?per_page=500&hide_empty=false')).total_pages).to.equal(1);
  });

  it('lists only terms of the request language; the slug filter resolves within it', async () => {
    const es = await createTerm(t, 'categories', { name: 'Jazz' }, '/es/cal/events/v1');
    expect(es.url).to.equal('http://localhost:8080/es/events/category/jazz/');
    const res = await t.request('GET', '/es/cal/events/v1/categories?hide_empty=false');
    expect(termIdsOf(res, 'categories')).to.deep.equal([es.id]);
    expect(bodyOf(res).rest_url).to.equal('http://localhost:8080/es/cal/events/v1/categories/');
    expect(
      termIdsOf(await list('/categories?hide_empty=false&slug=jazz&i18n_language=es'), 'categories'),
    ).to.deep.equal([es.id]);
    expect(termIdsOf(await list('/categories?hide_empty=false&slug=jazz'), 'categories')).to.deep.equal([ids.jazz]);
  });
});
