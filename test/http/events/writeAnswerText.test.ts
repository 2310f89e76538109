// Holds the answers of event writes (create, update, delete; docs/api.md §10.1, §11), which are written as JSON text
// from the list fragments when the document is the read model's own, to the object rendering they replaced: byte for
// byte and with the same Content-Type, for every kind of write, caller, language segment and linked item, and for the
// events the text cannot show (password-protected ones, answered unblanked as objects). Also: the answer keeps no
// fragment of the event's new revision (under a burst of writes it would only be copied to the old generation before
// the bounded cache pushed it out); the first list page showing the revision keeps it.
import { expect } from 'chai';
import { inject } from 'light-my-request';
import type { HttpParts } from '../../../src/http/services.ts';
import { startRoleService, type RoleTestService, type Who } from '../../support/roleService.ts';
import { adminAuth, type TestResponse } from '../../support/testService.ts';
import { appBeside, partsBeside } from '../../support/appBeside.ts';
import { weeklyInMadrid } from '../../support/recurringSeries.ts';
import { API, bodyOf, type JsonObject } from './support/eventsApi.ts';
import { ObjectEventPages } from './support/objectEventPage.ts';
import { isFragmentKept } from './support/keptFragments.ts';

const ES = `/es${API}`;
/** Strings that look like the keys the text path splits representations at. */
const keyLike = ',"categories":[],"tags":[],"venue":[],"organizer":[] "count":0, "translations":{}}';

const slot = (day: number) => ({
  start_date: `2026-12-${String(day).padStart(2, '0')} 09:00:00`,
  end_date: `2026-12-${String(day).padStart(2, '0')} 10:30:00`,
});

describe('event write answers as text equal the object rendering', function () {
  this.timeout(120_000);
  let t: RoleTestService;
  let pages: ObjectEventPages;
  let links: JsonObject;

  const created = async (path: string, body: JsonObject): Promise<number> => {
    const res = await t.admin('POST', path, { body });
    expect(res.status, res.text).to.equal(201);
    return bodyOf(res).id as number;
  };

  /** The write, then its answer held to the object rendering of the event it left (before any other write). */
  async function answered(who: Who, method: string, root: string, rest: string, body?: JsonObject): Promise<number> {
    const res: TestResponse = await t.by(who, method, `${root}${rest}`, body ? { body } : {});
    expect(res.status, res.text).to.be.oneOf([200, 201]);
    const id = bodyOf(res).id as number;
    expect(res.text).to.equal(await pages.writeAnswerText(who, root, id));
    expect(res.headers.get('content-type')).to.equal('application/json; charset=UTF-8');
    return id;
  }

  before(async () => {
    t = await startRoleService();
    pages = await ObjectEventPages.beside(t, () => new Date());
    const music = await created(`${API}/categories`, { name: `Music ${keyLike}` });
    const musica = await created(`${ES}/categories`, { name: 'Música', translation_of: music });
    const family = await created(`${API}/tags`, { name: 'Family' });
    const north = await created(`${API}/venues`, { venue: `North ${keyLike}`, city: 'Oslo', phone: '555-0101' });
    const south = await created(`${API}/venues`, { venue: 'South', city: 'Bergen', website: 'https://s.example/' });
    const first = await created(`${API}/organizers`, { organizer: 'First', email: 'first@example.org' });
    const second = await created(`${API}/organizers`, { organizer: `Second ${keyLike}` });
    links = { venue: [north, south], organizer: [first, second], categories: [music], tags: [family] };
    await created(`${ES}/events`, { ...slot(3), title: 'Con categoría', categories: [musica] });
  });
  after(async () => t?.close());

  it('answers creates, updates and deletes of every kind alike', async () => {
    const rich = { ...slot(16), ...links, title: 'Rich', description: `<p>Quotes " \\ ü ${keyLike}</p>`, cost: '10' };
    const id = await answered('admin', 'POST', API, '/events', rich);
    const es = await answered('admin', 'POST', ES, '/events', { ...slot(16), title: 'Rico', translation_of: id });
    await answered('admin', 'PATCH', API, `/events/${id}`, { title: 'Rich, renamed', featured: true });
    await answered('admin', 'PUT', ES, `/events/${es}`, { title: 'Rico, otra vez' });
    await answered('admin', 'PATCH', API, '/events/by-slug/rich', { excerpt: 'By slug' });
    await answered('editor', 'PATCH', API, `/events/${id}`, { venue: [], organizer: [] });
    const draft = await answered('contributor', 'POST', API, '/events', { ...slot(17), title: 'Draft', ...links });
    await answered('contributor', 'PATCH', API, `/events/${draft}`, { title: 'Draft, changed' });
    await answered('author', 'POST', API, '/events', { ...slot(18), title: 'By an author', status: 'publish' });
    await answered('admin', 'POST', API, '/events', weeklyInMadrid('Weekly'));
    await answered('admin', 'DELETE', ES, `/events/${es}`);
    await answered('admin', 'DELETE', API, `/events/${draft}`);
  });

  it('answers a password-protected event unblanked, with or without context=edit or its password', async () => {
    const body = { ...slot(19), ...links, title: 'Locked', description: 'Members only' };
    const id = await answered('admin', 'POST', API, '/events', body);
    // A password is set on the by-id update route (docs/api.md §12); that write's password opens its own answer.
    await answered('admin', 'PATCH', API, `/events/${id}`, { password: 'open sesame' });
    expect((await t.service.readStore.events.get(id))?.passwordHash).to.be.a('string');
    await answered('editor', 'PATCH', API, `/events/${id}`, { excerpt: 'Locked for the list text' });
    await answered('admin', 'PATCH', API, `/events/${id}?context=edit`, { title: 'Locked, renamed' });
    await answered('admin', 'DELETE', API, `/events/${id}`);
  });
});

describe('an event write answer keeps no fragment; the first list page that shows the revision does', function () {
  this.timeout(120_000);
  let t: RoleTestService;
  let parts: HttpParts;

  before(async () => {
    t = await startRoleService();
    parts = partsBeside(t, () => new Date()).parts;
  });
  after(async () => t?.close());

  const isKept = (id: number, revision: number): boolean =>
    isFragmentKept(parts.fragments.of(parts.settings.addresses['']).events, id, revision);

  it('leaves the created and the updated revision to the list page', async () => {
    const app = appBeside(t, parts, () => new Date()).callback();
    const headers = { authorization: adminAuth, 'content-type': 'application/json' };
    const write = async (method: 'POST' | 'PATCH', url: string, payload: JsonObject) => {
      const res = await inject(app, { method, url, headers, payload: JSON.stringify(payload) });
      expect(res.statusCode, res.body).to.be.oneOf([200, 201]);
      return JSON.parse(res.body) as { id: number };
    };
    const listPage = async () => {
      const url = `${API}/events?start_date=2026-12-20&end_date=2026-12-21`;
      const res = await inject(app, { method: 'GET', url, headers: { authorization: adminAuth } });
      expect(res.statusCode, res.body).to.equal(200);
    };
    const revisionOf = async (id: number) => (await t.service.readStore.events.get(id))?.revision ?? -1;
    const { id } = await write('POST', `${API}/events`, { ...slot(20), title: 'Kept' });
    expect(isKept(id, await revisionOf(id)), 'the created revision, after its answer').to.equal(false);
    await listPage();
    expect(isKept(id, await revisionOf(id)), 'the created revision, after a list page').to.equal(true);
    await write('PATCH', `${API}/events/${id}`, { title: 'Kept, renamed' });
    expect(isKept(id, await revisionOf(id)), 'the updated revision, after its answer').to.equal(false);
    await listPage();
    expect(isKept(id, await revisionOf(id)), 'the updated revision, after a list page').to.equal(true);
  });
});
