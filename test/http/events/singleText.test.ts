// Holds the text rendering of single event, venue and organizer reads for anonymous callers (fragments kept per
// revision, spliced with the position's term counts and translations) to the object rendering, which the same service
// still gives when the request names `context` (docs/api.md §4.1, §4.6, §9, §15): same status, bytes and headers, for
// every fixture item, by id and by slug, in every language segment, and again after every kind of change. Also: a
// write to one event retires that event's fragment and leaves the others' in use.
import { expect } from 'chai';
import { inject, type Response } from 'light-my-request';
import type { HttpParts } from '../../../src/http/services.ts';
import type { ReadStore } from '../../../src/projections/readStore.ts';
import { startRoleService, type RoleTestService } from '../../support/roleService.ts';
import { buildLeakFixtures, fixturePassword, times, type LeakFixtures } from '../../leaks/support/leakFixtures.ts';
import { API, bodyOf, type JsonObject } from './support/eventsApi.ts';
import { occurrencesOf, weeklyInMadrid } from '../../support/recurringSeries.ts';
import { appBeside, partsBeside } from '../../support/appBeside.ts';
import { isFragmentKept } from './support/keptFragments.ts';

const ES = `/es${API}`;
const roots = [API, ES, `/ca${API}`, `/en${API}`];
/** Strings that look like the keys the text path splits at, and a script end the `json_ld` text must escape. */
const keyLike = ',"categories":[],"venue":[],"organizer":[] "count":0, ,"language":"x", "translations":{}} </script>';

const slot = (day: number) => ({
  start_date: `2026-12-${String(day).padStart(2, '0')} 09:00:00`,
  end_date: `2026-12-${String(day).padStart(2, '0')} 10:30:00`,
});

interface Added {
  readonly rich: number;
  readonly plain: number;
  readonly translated: number;
  readonly translatedEs: number;
  readonly venue: number;
  readonly organizer: number;
  readonly category: number;
  readonly series: number;
  readonly occurrence: number;
}

describe('GET /events/{id}, /venues/{id}, /organizers/{id} text equals the object rendering', function () {
  this.timeout(120_000);
  let t: RoleTestService;
  let fixtures: LeakFixtures;
  let added: Added;
  /** An app beside the service on its read model through the port alone (no `readsNow`), as on MongoDB. */
  let throughPort: (path: string) => Promise<Response>;

  const created = async (path: string, body: JsonObject): Promise<number> => {
    const res = await t.admin('POST', path, { body });
    expect(res.status, res.text).to.equal(201);
    return bodyOf(res).id as number;
  };
  const patched = async (path: string, body: JsonObject): Promise<void> => {
    const res = await t.admin('PATCH', path, { body });
    expect(res.status, res.text).to.equal(200);
  };

  async function addEvents(): Promise<Added> {
    const category = await created(`${API}/categories`, { name: `Music ${keyLike}` });
    const categoryEs = await created(`${ES}/categories`, { name: 'Música', translation_of: category });
    const tag = await created(`${API}/tags`, { name: 'Family' });
    const venue = await created(`${API}/venues`, {
      venue: `Hall ${keyLike}`,
      city: 'Oslo',
      website: 'https://h.example/',
    });
    const otherVenue = await created(`${API}/venues`, { venue: 'Second hall', city: 'Bergen' });
    const organizer = await created(`${API}/organizers`, { organizer: `Org ${keyLike}`, email: 'o@example.org' });
    const rich = await created(`${API}/events`, {
      ...slot(16),
      title: `Concert ${keyLike}`,
      description: `<p>Quotes " and \\ and ünïcødé \u2028 ${keyLike}</p>`,
      venue: [venue, otherVenue],
      organizer: [organizer],
      categories: [category],
      tags: [tag],
      cost: '10 – 25 €',
    });
    const plain = await created(`${API}/events`, { ...slot(17), title: 'Nothing linked' });
    const translated = await created(`${API}/events`, { ...slot(18), title: 'Fair', venue, categories: [category] });
    const translatedEs = await created(`${ES}/events`, {
      ...slot(18),
      title: 'Feria',
      translation_of: translated,
      categories: [categoryEs],
    });
    // A series item and an occurrence carry the series keys (docs/api.md §20.2) between `custom_fields` and `json_ld`.
    const series = await created(`${API}/events`, { ...weeklyInMadrid('Weekly'), venue, cost: '5' });
    const occurrence = (await occurrencesOf(t, series))[1]?.id as number;
    expect(occurrence).to.be.a('number');
    return { rich, plain, translated, translatedEs, venue, organizer, category, series, occurrence };
  }

  before(async () => {
    t = await startRoleService();
    fixtures = await buildLeakFixtures(t);
    t.setNow(times.probing);
    added = await addEvents();
    const portOnly: ReadStore = { ...t.service.readStore, readsNow: undefined };
    const clock = () => times.probing;
    const app = appBeside(t, partsBeside(t, clock, { readStore: portOnly }).parts, clock, { readStore: portOnly });
    throughPort = (path) => inject(app.callback(), { method: 'GET', url: path });
  });
  after(async () => t?.close());

  const eventIds = (): number[] => [
    added.rich,
    added.plain,
    added.translated,
    added.translatedEs,
    added.series,
    added.occurrence,
    fixtures.publicEvent,
    fixtures.protectedEvent,
    fixtures.hostOfProtected,
    fixtures.hostOfDrafts,
    fixtures.publishedWithTerms,
    fixtures.hostOfLaterProtectedVenue,
    fixtures.hostOfLaterDraftVenue,
  ];

  /** Same answer with and without `context` (which takes the object path): status, bytes, ETag, type. */
  async function expectSameAnswer(path: string): Promise<void> {
    const join = path.includes('?') ? '&' : '?';
    const reference = await t.request('GET', `${path}${join}context=view`);
    for (let round = 0; round < 2; round++) {
      const res = await t.request('GET', path);
      expect(res.status, `${path}: ${res.text}`).to.equal(reference.status);
      expect(res.text, path).to.equal(reference.text);
      for (const header of ['etag', 'content-type'])
        expect(res.headers.get(header), `${header} of ${path}`).to.equal(reference.headers.get(header));
    }
    const viaPort = await throughPort(path);
    expect(viaPort.statusCode, `${path} through the port`).to.equal(reference.status);
    expect(viaPort.body, `${path} through the port`).to.equal(reference.text);
    for (const header of ['etag', 'content-type'])
      expect(viaPort.headers[header] ?? null, `${header} of ${path} through the port`).to.equal(
        reference.headers.get(header),
      );
  }

  /** Venues and organizers on their own, read after the events that embed them (their text is shared). */
  const itemPaths = (): string[] => [
    `venues/${added.venue}`,
    `venues/${fixtures.protectedVenue}`,
    `venues/${fixtures.draftVenue}`,
    `organizers/${added.organizer}`,
    `organizers/${fixtures.protectedOrganizer}`,
    `organizers/${fixtures.draftOrganizer}`,
  ];

  async function expectSameForAll(): Promise<void> {
    for (const root of roots) {
      for (const path of [...eventIds().map((id) => `events/${id}`), ...itemPaths()]) {
        await expectSameAnswer(`${root}/${path}`);
        const read = await t.request('GET', `${root}/${path}?context=view`);
        const bySlug = path.replace(/\/\d+$/, `/by-slug/${String(bodyOf(read).slug)}`);
        if (read.status === 200) await expectSameAnswer(`${root}/${bySlug}`);
      }
    }
  }

  it('gives every event in every language segment as the object path does, by id and by slug', async () => {
    const single = await t.request('GET', `${API}/events/${added.rich}`);
    // The title's script end, escaped inside `json_ld` (§4.6), and both spliced members of `json_ld`.
    expect((await t.request('GET', `${API}/events/${added.occurrence}`)).text).to.include('"recurring_event_id":');
    expect(single.text).to.include('\\u003C\\/script\\u003E').and.include('"location":').and.include('"offers":');
    await expectSameForAll();
  });

  const changes: [string, () => Promise<unknown>][] = [
    ['a patched event', () => patched(`${API}/events/${added.rich}`, { title: 'Moved </script>', cost: '12' })],
    ['a patched linked venue', () => patched(`${API}/venues/${added.venue}`, { venue: 'Renamed hall' })],
    ['a protected linked venue', () => patched(`${API}/venues/${added.venue}`, { password: fixturePassword })],
    ['an open linked venue again', () => patched(`${API}/venues/${added.venue}`, { password: '' })],
    ['a patched linked organizer', () => patched(`${API}/organizers/${added.organizer}`, { organizer: 'New org' })],
    ['a renamed category', () => patched(`${API}/categories/${added.category}`, { name: 'Zydeco' })],
    ['new term counts', () => created(`${API}/events`, { ...slot(15), title: 'Count', categories: [added.category] })],
    [
      'a new translation',
      () => created(`/ca${API}/events`, { ...slot(18), title: 'Fira', translation_of: added.translated }),
    ],
    [
      'a trashed translation',
      async () => {
        const res = await t.admin('DELETE', `${ES}/events/${added.translatedEs}`);
        expect(res.status, res.text).to.equal(200);
      },
    ],
    ['a protected event', () => patched(`${API}/events/${added.plain}`, { password: fixturePassword })],
  ];
  for (const [name, change] of changes) {
    it(`gives the object bytes after ${name}`, async () => {
      await change();
      await expectSameForAll();
    });
  }
});

describe('single event fragments are kept per revision', function () {
  this.timeout(120_000);
  let t: RoleTestService;
  let parts: HttpParts;
  let read: (path: string) => Promise<string>;

  before(async () => {
    t = await startRoleService();
    const clock = () => new Date();
    // A second app on the service's own stores: its parts (and their fragments) are in reach of the test.
    parts = partsBeside(t, clock).parts;
    const app = appBeside(t, parts, clock);
    read = async (path) => {
      const res = await inject(app.callback(), { method: 'GET', url: path });
      expect(res.statusCode, res.body).to.equal(200);
      return res.body;
    };
  });
  after(async () => t?.close());

  const revisionOf = async (id: number): Promise<number> => (await t.service.readStore.events.get(id))?.revision ?? -1;
  const isKept = (id: number, revision: number): boolean =>
    isFragmentKept(parts.singleFragments.of(parts.settings.addresses['']).events, id, revision);

  it('retires the fragment of the event written and keeps the others', async () => {
    const event = async (title: string) => {
      const res = await t.admin('POST', `${API}/events`, { body: { ...slot(20), title } });
      expect(res.status, res.text).to.equal(201);
      return bodyOf(res).id as number;
    };
    const a = await event('A');
    const b = await event('B');
    const [aBefore, bBefore] = [await read(`${API}/events/${a}`), await read(`${API}/events/${b}`)];
    const [aRevision, bRevision] = [await revisionOf(a), await revisionOf(b)];
    expect(isKept(a, aRevision) && isKept(b, bRevision)).to.equal(true);

    const res = await t.admin('PATCH', `${API}/events/${a}`, { body: { title: 'A, renamed' } });
    expect(res.status, res.text).to.equal(200);
    expect(isKept(a, await revisionOf(a)), 'the new revision of A is not rendered yet').to.equal(false);
    expect(isKept(b, bRevision), 'B stays kept across the write').to.equal(true);
    expect(await read(`${API}/events/${b}`)).to.equal(bBefore);
    const aAfter = await read(`${API}/events/${a}`);
    expect(aAfter).to.not.equal(aBefore);
    expect(aAfter).to.include('A, renamed');
    expect(isKept(a, aRevision), 'the old revision of A is gone').to.equal(false);
  });
});
