// Holds the text rendering of GET /events pages (cached fragments spliced together) to the object rendering it
// replaced: for every caller, language, unlock and filter, and again after the rendered documents change, the body
// must equal byte for byte what the object path computes from the service's own read store.
import { expect } from 'chai';
import { startRoleService, type RoleTestService, type Who } from '../../support/roleService.ts';
import { buildLeakFixtures, fixturePassword, times, type LeakFixtures } from '../../leaks/support/leakFixtures.ts';
import { API, BASE, bodyOf, type JsonObject } from './support/eventsApi.ts';
import { ObjectEventPages } from './support/objectEventPage.ts';

const ES = `/es${API}`;
const CA = `/ca${API}`;
const everyone: readonly Who[] = ['admin', 'editor', 'author', 'contributor', 'subscriber', 'anonymous'];
const creators: ReadonlySet<Who> = new Set(['admin', 'editor', 'author', 'contributor']);
const password = encodeURIComponent(fixturePassword);
/** Strings that look like the keys the text path splits representations at, to show it never splits inside a value. */
const keyLike = ',"categories":[],"tags":[],"venue":[],"organizer":[] "count":0, "translations":{}}';

const slot = (day: number) => ({
  start_date: `2026-12-${String(day).padStart(2, '0')} 09:00:00`,
  end_date: `2026-12-${String(day).padStart(2, '0')} 10:30:00`,
});

/** Where the texts first differ, with some context, so that a failure names the spot in a 50-event page. */
function firstDifference(actual: string, expected: string): string {
  let at = 0;
  while (at < actual.length && actual[at] === expected[at]) at += 1;
  const around = (s: string) => JSON.stringify(s.slice(Math.max(0, at - 160), at + 160));
  return `first difference at ${at}:\n  actual:   ${around(actual)}\n  expected: ${around(expected)}`;
}

interface Added {
  readonly music: number;
  readonly outdoor: number;
  readonly festivals: number;
  readonly festivalesEs: number;
  readonly family: number;
  readonly free: number;
  readonly northHall: number;
  readonly southHall: number;
  readonly townHall: number;
  readonly firstOrganizer: number;
  readonly secondOrganizer: number;
  readonly twoOfEach: number;
  readonly harvest: number;
  readonly harvestEs: number;
}

describe('GET /events text equals the object rendering', () => {
  let t: RoleTestService;
  let fixtures: LeakFixtures;
  let added: Added;
  let pages: ObjectEventPages;

  const created = async (who: Who, path: string, body: JsonObject): Promise<number> => {
    const res = await t.by(who, 'POST', path, { body });
    expect(res.status, res.text).to.equal(201);
    return bodyOf(res).id as number;
  };
  const patched = async (path: string, body: JsonObject): Promise<void> => {
    const res = await t.admin('PATCH', path, { body });
    expect(res.status, res.text).to.equal(200);
  };

  /** What the fixtures lack: several links of each kind, none at all, translated items, terms of varied counts. */
  async function addEvents(): Promise<Added> {
    const term = (plural: string, name: string, extra: JsonObject = {}, root = API) =>
      created('admin', `${root}/${plural}`, { name, ...extra });
    const music = await term('categories', 'Music', { description: 'Live music' });
    const outdoor = await term('categories', 'outdoor');
    const festivals = await term('categories', 'Festivals');
    const festivalesEs = await term('categories', 'Festivales', { translation_of: festivals }, ES);
    const family = await term('tags', 'Family');
    const free = await term('tags', `free ${keyLike}`);
    const venue = (body: JsonObject, root = API) => created('admin', `${root}/venues`, body);
    const northHall = await venue({
      venue: 'North hall',
      address: '1 North St',
      city: 'Oslo',
      country: 'Norway',
      phone: '555-0101',
    });
    const southHall = await venue({
      venue: `South hall ${keyLike}`,
      city: 'Bergen',
      website: 'https://south.example/',
    });
    const townHall = await venue({ venue: 'Town hall', city: 'Girona' });
    const ayuntamiento = await venue({ venue: 'Ayuntamiento', city: 'Girona', translation_of: townHall }, ES);
    const firstOrganizer = await created('admin', `${API}/organizers`, {
      organizer: 'First organizer',
      email: 'first@example.org',
    });
    const secondOrganizer = await created('admin', `${API}/organizers`, {
      organizer: `Second organizer ${keyLike}`,
      website: 'https://second.example/',
    });

    const event = (day: number, body: JsonObject, who: Who = 'admin', root = API) =>
      created(who, `${root}/events`, { ...slot(day), ...body });
    const twoOfEach = await event(16, {
      title: 'Concert with two of each',
      description: `<p>Quotes " and \\ and ünïcødé \u2028 ${keyLike}</p>`,
      venue: [northHall, southHall],
      organizer: [firstOrganizer, secondOrganizer],
      categories: [music, outdoor],
      tags: [family, free],
      cost: '10',
    });
    await event(17, { title: 'Nothing linked' });
    const harvest = await event(18, {
      title: 'Harvest fair',
      categories: [festivals, music],
      venue: townHall,
      organizer: [firstOrganizer],
    });
    const harvestEs = await event(
      18,
      { title: 'Feria de la cosecha', translation_of: harvest, categories: [festivalesEs], venue: ayuntamiento },
      'admin',
      ES,
    );
    await event(19, { title: 'Solo en español', categories: [festivalesEs] }, 'admin', ES);
    for (const day of [20, 21, 22])
      await event(day, { title: `Music night ${day}`, categories: [music], tags: [family] });
    await event(23, { title: 'Music draft', status: 'draft', categories: [music], tags: [family] });
    await event(24, { title: 'Outdoor cinema concert', categories: [outdoor], tags: [family, free], venue: southHall });
    const authorGala = await event(
      25,
      { title: 'Author gala', venue: northHall, organizer: [secondOrganizer], categories: [music] },
      'author',
    );
    const protect = await t.by('author', 'PATCH', `${API}/events/${authorGala}`, {
      body: { password: fixturePassword },
    });
    expect(protect.status, protect.text).to.equal(200);
    await event(
      26,
      { title: 'Contributor draft', status: 'draft', categories: [outdoor], venue: southHall },
      'contributor',
    );
    for (const day of [27, 28, 29, 30]) await event(day, { title: `Filler ${day}`, tags: day % 2 === 0 ? [free] : [] });
    return {
      music,
      outdoor,
      festivals,
      festivalesEs,
      family,
      free,
      northHall,
      southHall,
      townHall,
      firstOrganizer,
      secondOrganizer,
      twoOfEach,
      harvest,
      harvestEs,
    };
  }

  before(async function () {
    this.timeout(120000);
    t = await startRoleService();
    fixtures = await buildLeakFixtures(t);
    t.setNow(times.probing);
    added = await addEvents();
    pages = await ObjectEventPages.beside(t, () => times.probing);
  });
  after(async () => t?.close());

  /** Requests that every caller may send. */
  const common = (): string[] => {
    const a = added;
    return [
      `${API}/events`,
      `${API}/events?per_page=50`,
      `${API}/events?per_page=3`,
      `${API}/events?per_page=3&page=2`,
      `${API}/events?per_page=50&password=${password}`,
      `${API}/events?per_page=50&context=edit`,
      `${API}/events?per_page=50&context=edit&password=${password}`,
      `${API}/events?search=concert`,
      `${API}/events?search=${encodeURIComponent('protected')}&per_page=50&password=${password}`,
      `${API}/events?categories=${a.music}&per_page=50`,
      `${API}/events?categories=${a.music},${a.outdoor}&per_page=2&page=2`,
      `${API}/events?tags=${a.family}&per_page=50`,
      `${API}/events?tags=${a.free}&categories=${fixtures.category}&per_page=50`,
      `${API}/events?venue=${a.southHall}&per_page=50`,
      `${API}/events?organizer=${a.secondOrganizer}&per_page=50&password=${password}`,
      `${API}/events?venue=${fixtures.protectedVenue}`,
      `${API}/events?include=${a.twoOfEach},${a.harvest},${fixtures.protectedEvent}`,
      `${ES}/events?per_page=50`,
      `${ES}/events?per_page=50&context=edit`,
      `${API}/events?i18n_language=es&per_page=50`,
      `${ES}/events?categories=${a.festivalesEs}`,
      `${CA}/events`,
      `/en${API}/events?per_page=50&password=${password}`,
    ];
  };
  /** Requests only callers who may create events may send (other statuses than publish). */
  const forCreators = (): string[] => [
    `${API}/events?status=any&per_page=50`,
    `${API}/events?status=any&per_page=50&context=edit`,
    `${API}/events?status=draft,pending,private,future&per_page=50&password=${password}`,
    `${API}/events?status=trash&per_page=50`,
    `${ES}/events?status=any&per_page=50`,
  ];
  const pathsFor = (who: Who): string[] => [...common(), ...(creators.has(who) ? forCreators() : [])];

  async function expectSameText(who: Who, path: string): Promise<string> {
    const res = await t.by(who, 'GET', path);
    expect(res.status, `${who} GET ${path}: ${res.text}`).to.equal(200);
    const reference = await pages.text(who, path);
    expect(res.text, `${who} GET ${path}\n${firstDifference(res.text, reference)}`).to.equal(reference);
    return res.text;
  }

  /** Follows `next_rest_url` from the first page to the last, comparing each page. */
  async function expectSameWalk(who: Who, first: string): Promise<number> {
    let path: string | undefined = first;
    let walked = 0;
    while (path !== undefined) {
      const next: unknown = (JSON.parse(await expectSameText(who, path)) as JsonObject).next_rest_url;
      walked += 1;
      path = typeof next === 'string' ? next.slice(BASE.length) : undefined;
    }
    return walked;
  }

  async function expectSameForEveryone(
    paths: (who: Who) => string[] = pathsFor,
    callers: readonly Who[] = everyone,
  ): Promise<void> {
    for (const who of callers) for (const path of paths(who)) await expectSameText(who, path);
  }

  for (const who of everyone) {
    it(`gives ${who} the object rendering of every page, language, unlock and filter`, async () => {
      await expectSameForEveryone(pathsFor, [who]);
      expect(await expectSameWalk(who, `${API}/events?per_page=4`)).to.be.greaterThan(3);
      await expectSameWalk(who, `${API}/events?per_page=2&password=${password}&tags=${added.family}`);
    });
  }

  it('gives the same pages again in the opposite order of callers, from rendered fragments', async () => {
    await expectSameForEveryone(pathsFor, [...everyone].reverse());
  });

  it('answers the same request twice with the same text', async () => {
    for (const who of everyone) {
      const path = `${API}/events?per_page=50&password=${password}`;
      const first = await expectSameText(who, path);
      expect(await expectSameText(who, path)).to.equal(first);
    }
  });

  it('is served with the content type of every response (docs/api.md §1.5), as a single event is', async () => {
    const single = await t.request('GET', `${API}/events/${added.twoOfEach}`);
    expect(single.headers.get('content-type')).to.equal('application/json; charset=UTF-8');
    for (const path of [`${API}/events`, `${ES}/events?per_page=50`, `${API}/events?search=nothing-matches-this`]) {
      const res = await t.request('GET', path);
      expect(res.headers.get('content-type'), path).to.equal('application/json; charset=UTF-8');
    }
  });

  describe('after the rendered documents change', () => {
    /** Pages that show the changed items, for every caller; rendered before and after the change. */
    const affected = (who: Who): string[] => [
      `${API}/events?per_page=50`,
      `${API}/events?per_page=50&password=${password}`,
      `${API}/events?per_page=50&context=edit`,
      `${ES}/events?per_page=50`,
      `${CA}/events?per_page=50`,
      ...(creators.has(who) ? [`${API}/events?status=any&per_page=50`] : []),
    ];
    const changed = async (change: () => Promise<void>): Promise<void> => {
      await expectSameForEveryone(affected);
      await change();
      await expectSameForEveryone(affected);
    };

    it('renders a patched event anew', () =>
      changed(() =>
        patched(`${API}/events/${added.twoOfEach}`, {
          title: 'Concert with two of each, moved',
          cost: '12',
          featured: true,
        }),
      ));

    it('renders a patched linked venue anew, in every event linking it', () =>
      changed(() =>
        patched(`${API}/venues/${added.northHall}`, { venue: 'North hall (renovated)', city: 'Trondheim' }),
      ));

    it('renders a linked venue anew once it is protected, and once it is open again', async () => {
      await changed(() => patched(`${API}/venues/${added.southHall}`, { password: fixturePassword }));
      await changed(() => patched(`${API}/venues/${added.southHall}`, { password: '' }));
    });

    it('renders a patched linked organizer anew', () =>
      changed(() => patched(`${API}/organizers/${added.firstOrganizer}`, { organizer: 'First organizer (new name)' })));

    it('embeds venues and organizers as their own lists rendered them first', async () => {
      await patched(`${API}/venues/${added.northHall}`, { zip: '0150' });
      await patched(`${API}/venues/${fixtures.protectedVenue}`, { phone: '555-0199' });
      await patched(`${API}/organizers/${added.secondOrganizer}`, { phone: '555-0102' });
      for (const who of everyone) {
        for (const root of [API, ES, `/en${API}`]) {
          for (const list of ['venues', 'organizers']) {
            for (const query of ['per_page=50', `per_page=50&password=${password}`, 'per_page=50&context=edit']) {
              const res = await t.by(who, 'GET', `${root}/${list}?${query}`);
              expect(res.status, res.text).to.equal(200);
            }
          }
        }
      }
      await expectSameForEveryone(affected);
    });

    it('renders a patched linked category anew, in its new place among the event’s terms', () =>
      changed(() => patched(`${API}/categories/${added.music}`, { name: 'Zydeco music', description: 'Renamed' })));

    it('renders a patched linked tag anew', () =>
      changed(() => patched(`${API}/tags/${added.family}`, { name: 'All ages' })));

    it('changes term counts without a change to the terms', () =>
      changed(async () => {
        await created('admin', `${API}/events`, {
          ...slot(15),
          title: 'One more for the counts',
          categories: [added.music, added.outdoor],
          tags: [added.family],
        });
      }));

    it('lists a translation that joins the groups of a listed event, category and venue', () =>
      changed(async () => {
        const festivalsCa = await created('admin', `${CA}/categories`, {
          name: 'Festivals (ca)',
          translation_of: added.festivalesEs,
        });
        const townHallCa = await created('admin', `${CA}/venues`, {
          venue: 'Ajuntament',
          translation_of: added.townHall,
        });
        await created('admin', `${CA}/events`, {
          ...slot(18),
          title: 'Fira de la collita',
          translation_of: added.harvestEs,
          categories: [festivalsCa],
          venue: townHallCa,
        });
      }));

    it('drops a trashed translation from its group', () =>
      changed(async () => {
        const res = await t.admin('DELETE', `${ES}/events/${added.harvestEs}`);
        expect(res.status, res.text).to.equal(200);
      }));

    it('renders an event anew once it is protected or unpublished', () =>
      changed(async () => {
        await patched(`${API}/events/${added.harvest}`, { password: fixturePassword });
        await patched(`${API}/events/${fixtures.publicEvent}`, { status: 'draft' });
      }));
  });
});
