// Specifies venue and organizer lists (§5, §7): envelope, headers, default status coverage, status filter, paging,
// order.
import { expect } from 'chai';
import {
  API,
  API_ROOT,
  bodyOf,
  createOrganizer,
  createVenue,
  expectError,
  expectInvalidParams,
  itemIdsOf,
  startItemService,
  type ItemTestService,
} from './support/itemsApi.ts';

describe('venue and organizer lists', function () {
  let t: ItemTestService;
  const ids: Record<string, number> = {};
  before(async () => {
    t = await startItemService();
    // Dates: p1 oldest … p5 newest; p3 and p4 share a date (id breaks the tie, higher first).
    const published: [string, string][] = [
      ['p1', '2026-01-01 00:00:00'],
      ['p2', '2026-02-01 00:00:00'],
      ['p3', '2026-03-01 00:00:00'],
      ['p4', '2026-03-01 00:00:00'],
      ['p5', '2026-04-01 00:00:00'],
    ];
    for (const [name, date] of published)
      ids[name] = (await createVenue(t, { venue: `Venue ${name}`, date })).id as number;
    for (const status of ['draft', 'pending', 'private'])
      ids[status] = (await createVenue(t, { venue: `Venue ${status}`, status, date: '2026-05-01 00:00:00' }))
        .id as number;
    ids.future = (await createVenue(t, { venue: 'Venue future', status: 'future', date: '2027-06-01 00:00:00' }))
      .id as number;
    ids.trash = (await createVenue(t, { venue: 'Venue trash', date: '2026-06-01 00:00:00' })).id as number;
    await t.admin('DELETE', `${API}/venues/${ids.trash}`);
    ids.org = (await createOrganizer(t, { organizer: 'Only Org' })).id as number;
    ids.orgDraft = (await createOrganizer(t, { organizer: 'Draft Org', status: 'draft' })).id as number;
  });
  after(async () => t.close());

  const publishedOrder = (): number[] => [ids.p5, ids.p4, ids.p3, ids.p2, ids.p1] as number[];

  it('anonymous: published only, date desc then id desc, envelope keys in order, headers', async () => {
    const res = await t.request('GET', `${API}/venues`);
    expect(res.status).to.equal(200);
    expect(Object.keys(bodyOf(res))).to.deep.equal(['venues', 'rest_url', 'total', 'total_pages']);
    expect(itemIdsOf(res, 'venues')).to.deep.equal(publishedOrder());
    expect(bodyOf(res)).to.include({
      rest_url: `${API_ROOT}/venues/?page=1&per_page=10&status=publish`,
      total: 5,
      total_pages: 1,
    });
    expect(res.headers.get('x-cal-total')).to.equal('5');
    expect(res.headers.get('x-cal-totalpages')).to.equal('1');
    expect(res.headers.get('link')).to.equal(null);
    expect(res.headers.get('allow')).to.equal('GET');
    for (const item of bodyOf(res).venues as object[]) expect(item).to.not.have.property('json_ld');
  });

  it('subscribers see published only; the admin and contributors everything but trash with status=any', async () => {
    expect(itemIdsOf(await t.by('subscriber', 'GET', `${API}/venues`), 'venues')).to.deep.equal(publishedOrder());
    for (const who of ['admin', 'contributor', 'editor'] as const) {
      const res = await t.by(who, 'GET', `${API}/venues`);
      expect(itemIdsOf(res, 'venues'), who).to.have.members([
        ...publishedOrder(),
        ids.draft,
        ids.pending,
        ids.private,
        ids.future,
      ]);
      expect(bodyOf(res).rest_url).to.equal(`${API_ROOT}/venues/?page=1&per_page=10&status=any`);
    }
    const orgs = await t.admin('GET', `${API}/organizers`);
    expect(itemIdsOf(orgs, 'organizers')).to.deep.equal([ids.orgDraft, ids.org]);
    expect(bodyOf(orgs).rest_url).to.equal(`${API_ROOT}/organizers/?page=1&per_page=10&status=any`);
    expect(itemIdsOf(await t.request('GET', `${API}/organizers`), 'organizers')).to.deep.equal([ids.org]);
  });

  it('the admin lists a date-ordered mix: future first, then the newest', async () => {
    const all = itemIdsOf(await t.admin('GET', `${API}/venues?per_page=50`), 'venues');
    expect(all.slice(0, 1)).to.deep.equal([ids.future]);
    expect(all.slice(1, 4)).to.deep.equal([ids.private, ids.pending, ids.draft]);
  });

  it(
    'status filters: anonymous/subscriber only exactly publish; others a validated list incl. ' + 'trash and any',
    async () => {
      expect(bodyOf(await t.request('GET', `${API}/venues?status=publish`)).total).to.equal(5);
      expectInvalidParams(await t.request('GET', `${API}/organizers?status=draft`), 'status');
      expectInvalidParams(await t.request('GET', `${API}/venues?status=any`), 'status');
      expectInvalidParams(await t.by('subscriber', 'GET', `${API}/venues?status=publish,draft`), 'status');
      expectInvalidParams(await t.admin('GET', `${API}/venues?status=bogus`), 'status');
      const mixed = await t.admin('GET', `${API}/venues?status=draft, pending`);
      expect(itemIdsOf(mixed, 'venues')).to.deep.equal([ids.pending, ids.draft]);
      expect(bodyOf(mixed).rest_url).to.equal(`${API_ROOT}/venues/?page=1&per_page=10&status=draft,pending`);
      expect(itemIdsOf(await t.admin('GET', `${API}/venues?status=trash`), 'venues')).to.deep.equal([ids.trash]);
      expect(bodyOf(await t.admin('GET', `${API}/venues?status=any`)).total).to.equal(9);
      expect(itemIdsOf(await t.by('contributor', 'GET', `${API}/organizers?status=draft`), 'organizers')).to.deep.equal(
        [ids.orgDraft],
      );
    },
  );

  it('pages with next/previous URLs and a Link header', async () => {
    const first = await t.request('GET', `${API}/venues?per_page=2`);
    expect(Object.keys(bodyOf(first))).to.deep.equal(['venues', 'rest_url', 'next_rest_url', 'total', 'total_pages']);
    expect(itemIdsOf(first, 'venues')).to.deep.equal(publishedOrder().slice(0, 2));
    expect(bodyOf(first)).to.include({
      total: 5,
      total_pages: 3,
      next_rest_url: `${API_ROOT}/venues/?per_page=2&status=publish&page=2`,
    });
    expect(first.headers.get('link')).to.equal(`<${API_ROOT}/venues/?per_page=2&status=publish&page=2>; rel="next"`);
    expect(first.headers.get('x-cal-totalpages')).to.equal('3');
    const second = await t.request('GET', `${API}/venues?per_page=2&page=2`);
    expect(Object.keys(bodyOf(second))).to.deep.equal([
      'venues',
      'rest_url',
      'next_rest_url',
      'previous_rest_url',
      'total',
      'total_pages',
    ]);
    expect(itemIdsOf(second, 'venues')).to.deep.equal(publishedOrder().slice(2, 4));
    expect(bodyOf(second).previous_rest_url).to.equal(`${API_ROOT}/venues/?per_page=2&status=publish`);
    expect(second.headers.get('link')).to.equal(
      `<${API_ROOT}/venues/?per_page=2&status=publish&page=3>; rel="next", ` +
        `<${API_ROOT}/venues/?per_page=2&status=publish>; rel="prev"`,
    );
    const third = await t.request('GET', `${API}/venues?per_page=2&page=3`);
    expect(itemIdsOf(third, 'venues')).to.deep.equal([ids.p1]);
    expect(bodyOf(third)).to.not.have.property('next_rest_url');
    expect(bodyOf(third).previous_rest_url).to.equal(`${API_ROOT}/venues/?per_page=2&status=publish&page=2`);
    expect(third.headers.get('link')).to.equal(`<${API_ROOT}/venues/?per_page=2&status=publish&page=2>; rel="prev"`);
  });

  it('clamps per_page above 50 and refuses bad page values', async () => {
    const res = await t.request('GET', `${API}/venues?per_page=500`);
    expect(bodyOf(res).rest_url).to.equal(`${API_ROOT}/venues/?page=1&per_page=50&status=publish`);
    for (const bad of ['page=0', 'page=-1', 'page=foo', 'per_page=0', 'per_page=foo%20bar']) {
      expectInvalidParams(await t.request('GET', `${API}/organizers?${bad}`), bad.split('=')[0] as string);
    }
  });

  it('a later page with no items is 404; page 1 with none is 200 with zeros', async () => {
    expectError(
      await t.request('GET', `${API}/venues?page=2`),
      404,
      'venue-archive-page-not-found',
      'The requested venue archive page does not exist',
    );
    expectError(
      await t.request('GET', `${API}/organizers?page=3`),
      404,
      'organizer-archive-page-not-found',
      'The requested organizer archive page does not exist',
    );
    const none = await t.request('GET', `${API}/organizers?search=zzzz`);
    expect(bodyOf(none)).to.deep.equal({
      organizers: [],
      rest_url: `${API_ROOT}/organizers/?page=1&per_page=10&search=zzzz&status=publish`,
      total: 0,
      total_pages: 0,
    });
    expect(none.headers.get('x-cal-total')).to.equal('0');
    expect(none.headers.get('x-cal-totalpages')).to.equal('0');
  });
});
