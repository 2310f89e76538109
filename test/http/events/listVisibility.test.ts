// Specifies who sees which events in GET /events: the status filter by
// caller, and blanked protected events (docs/api.md §6, §12, §3.2).
import { expect } from 'chai';
import { startTestService, type TestService } from '../../support/testService.ts';
import {
  API,
  API_ROOT,
  DEFAULT_WINDOW,
  bodyOf,
  createEvent,
  eventsOf,
  expectInvalidParams,
  titlesOf,
  type Json,
  type JsonObject,
} from './support/eventsApi.ts';

/** §12 blanking of a listed event: listed keys replaced where present, everything else kept in place. */
function blanked(event: JsonObject): JsonObject {
  const replacements: Record<string, Json> = {
    description: '',
    excerpt: '',
    cost: '',
    website: '',
    image: false,
    all_day: null,
    show_map: null,
    show_map_link: null,
    hide_from_listings: null,
    sticky: null,
    featured: null,
    categories: [],
    tags: [],
    venue: [],
    organizer: [],
    custom_fields: [],
    cost_details: { currency_symbol: '', currency_position: '', currency_code: '', values: [] },
  };
  return Object.fromEntries(
    Object.entries(event).map(([key, value]) => [key, key in replacements ? (replacements[key] ?? null) : value]),
  );
}

describe('GET /events visibility', () => {
  let t: TestService;
  before(async function () {
    this.timeout(20000);
    t = await startTestService();
    const day = (n: number): JsonObject => ({
      start_date: `2026-12-0${String(n)} 10:00:00`,
      end_date: `2026-12-0${String(n)} 11:00:00`,
    });
    await createEvent(t, { ...day(1), title: 'Published one' });
    await createEvent(t, { ...day(2), title: 'Draft one', status: 'draft' });
    await createEvent(t, { ...day(3), title: 'Pending one', status: 'pending' });
    await createEvent(t, { ...day(4), title: 'Private one', status: 'private' });
    await createEvent(t, { ...day(5), title: 'Future one', date: '2027-01-01 00:00:00' });
    const binned = await createEvent(t, { ...day(6), title: 'Binned one' });
    await t.admin('DELETE', `${API}/events/${String(binned.id)}`);
  });
  after(async () => t.close());

  describe('status', () => {
    it('gives anonymous callers published events only, shown as status=publish', async () => {
      const res = await t.request('GET', `${API}/events`);
      expect(titlesOf(res)).to.deep.equal(['Published one']);
      expect(bodyOf(res).rest_url).to.equal(`${API_ROOT}/events/?page=1&per_page=10&${DEFAULT_WINDOW}&status=publish`);
    });

    it('accepts exactly status=publish from anonymous callers', async () => {
      expect(titlesOf(await t.request('GET', `${API}/events?status=publish`))).to.deep.equal(['Published one']);
    });

    for (const status of ['draft', 'publish,draft', 'any', 'trash']) {
      it(`refuses status=${status} from anonymous callers with 400 naming status`, async () => {
        expectInvalidParams(await t.request('GET', `${API}/events?status=${encodeURIComponent(status)}`), 'status');
      });
    }

    it('gives the administrator every status but trash by default', async () => {
      const res = await t.admin('GET', `${API}/events`);
      expect(titlesOf(res)).to.deep.equal(['Published one', 'Draft one', 'Pending one', 'Private one', 'Future one']);
    });

    it('filters the administrator’s list by one status', async () => {
      expect(titlesOf(await t.admin('GET', `${API}/events?status=draft`))).to.deep.equal(['Draft one']);
      expect(titlesOf(await t.admin('GET', `${API}/events?status=future`))).to.deep.equal(['Future one']);
      expect(titlesOf(await t.admin('GET', `${API}/events?status=trash`))).to.deep.equal(['Binned one']);
    });

    it('accepts a list with spaces after commas and shows it normalised in rest_url', async () => {
      const res = await t.admin('GET', `${API}/events?status=${encodeURIComponent('publish, draft')}`);
      expect(titlesOf(res)).to.deep.equal(['Published one', 'Draft one']);
      expect(bodyOf(res).rest_url).to.equal(
        `${API_ROOT}/events/?page=1&per_page=10&${DEFAULT_WINDOW}&status=publish,draft`,
      );
    });

    it('takes any as every status but trash', async () => {
      const res = await t.admin('GET', `${API}/events?status=any`);
      expect(titlesOf(res)).to.deep.equal(['Published one', 'Draft one', 'Pending one', 'Private one', 'Future one']);
      expect(bodyOf(res).rest_url).to.equal(`${API_ROOT}/events/?page=1&per_page=10&${DEFAULT_WINDOW}&status=any`);
    });

    it('refuses an unknown status even from the administrator', async () => {
      expectInvalidParams(await t.admin('GET', `${API}/events?status=kinda_thinking_about_it`), 'status');
    });
  });

  describe('password-protected events', () => {
    let full: JsonObject;
    before(async () => {
      const created = await createEvent(t, {
        title: 'Guarded gala',
        description: 'Dress code inside',
        excerpt: 'Teaser',
        cost: '25',
        website: 'https://example.com/gala',
        featured: true,
        show_map: true,
        start_date: '2026-12-07 19:00:00',
        end_date: '2026-12-07 23:00:00',
      });
      const res = await t.admin('PATCH', `${API}/events/${String(created.id)}`, { body: { password: 'letmein' } });
      full = bodyOf(res);
    });
    const guarded = (events: JsonObject[]): JsonObject | undefined => events.find((event) => event.id === full.id);

    it('are listed blanked to anonymous callers, keys kept in place', async () => {
      const listed = guarded(eventsOf(await t.request('GET', `${API}/events`)));
      expect(listed).to.deep.equal(blanked(full));
      expect(Object.keys(listed ?? {})).to.deep.equal(Object.keys(full));
    });

    it('are listed blanked to the administrator without context=edit', async () => {
      expect(guarded(eventsOf(await t.admin('GET', `${API}/events`)))).to.deep.equal(blanked(full));
    });

    it('are listed in full with the matching password or, for an editor of the event, context=edit', async () => {
      expect(guarded(eventsOf(await t.request('GET', `${API}/events?password=letmein`)))).to.deep.equal(full);
      expect(guarded(eventsOf(await t.admin('GET', `${API}/events?context=edit`)))).to.deep.equal(full);
      expect(guarded(eventsOf(await t.request('GET', `${API}/events?context=edit`)))).to.deep.equal(blanked(full));
    });

    it(
      'are left out of a search by every caller who cannot unlock them, the administrator without ' +
        'context=edit too',
      async () => {
        expect(titlesOf(await t.request('GET', `${API}/events?search=gala`))).to.deep.equal([]);
        expect(titlesOf(await t.admin('GET', `${API}/events?search=gala`))).to.deep.equal([]);
        expect(titlesOf(await t.request('GET', `${API}/events?search=gala&password=wrong`))).to.deep.equal([]);
      },
    );

    it('are found, in full, by a search that unlocks them: the password, or context=edit from an editor', async () => {
      expect(eventsOf(await t.request('GET', `${API}/events?search=gala&password=letmein`))).to.deep.equal([full]);
      expect(eventsOf(await t.admin('GET', `${API}/events?search=dress code&context=edit`))).to.deep.equal([full]);
    });
  });
});
