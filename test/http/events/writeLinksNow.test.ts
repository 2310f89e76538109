// An event write checks the venue, organizer, categories and tags it links on the memory read model in the calling
// turn (the read store's `readsNow`), asking the port nothing; a read store without it (MongoDB) checks them through
// the port, with the same answers: a trashed venue refused, an unknown category id passed over.
import { expect } from 'chai';
import { inject } from 'light-my-request';
import type { ReadStore } from '../../../src/projections/readStore.ts';
import { startRoleService, type RoleTestService } from '../../support/roleService.ts';
import { adminAuth } from '../../support/testService.ts';
import { API, bodyOf, type JsonObject } from './support/eventsApi.ts';
import { appBeside, partsBeside } from '../../support/appBeside.ts';

const slot = { start_date: '2026-12-17 09:00:00', end_date: '2026-12-17 10:30:00' };
const linkGets = ['venues.get', 'organizers.get', 'categories.get', 'tags.get'];

/** The read model with the port's `get` calls of the linked collections recorded, `readsNow` as given. */
function recordingLinkGets(readStore: ReadStore): { readStore: ReadStore; asked: string[] } {
  const asked: string[] = [];
  const recording = <C extends { get(id: number): Promise<unknown> }>(collection: C, name: string): C =>
    new Proxy(collection, {
      get(target, property, receiver) {
        const value: unknown = Reflect.get(target, property, receiver);
        if (typeof value !== 'function') return value;
        return (...args: unknown[]) => {
          if (property === 'get') asked.push(`${name}.get`);
          return (value as (...a: unknown[]) => unknown).apply(target, args);
        };
      },
    });
  const { venues, organizers, categories, tags } = readStore;
  const wrapped = {
    venues: recording(venues, 'venues'),
    organizers: recording(organizers, 'organizers'),
    categories: recording(categories, 'categories'),
    tags: recording(tags, 'tags'),
  };
  return { readStore: { ...readStore, ...wrapped } as ReadStore, asked };
}

describe('the link checks of an event write', function () {
  this.timeout(120_000);
  let t: RoleTestService;
  let links: JsonObject;
  let trashedVenue: number;

  before(async () => {
    t = await startRoleService();
    const created = async (path: string, body: JsonObject): Promise<number> => {
      const res = await t.admin('POST', path, { body });
      expect(res.status, res.text).to.equal(201);
      return bodyOf(res).id as number;
    };
    const category = await created(`${API}/categories`, { name: 'Music' });
    const tag = await created(`${API}/tags`, { name: 'Family' });
    const venue = await created(`${API}/venues`, { venue: 'Hall', city: 'Oslo' });
    const organizer = await created(`${API}/organizers`, { organizer: 'Org' });
    trashedVenue = await created(`${API}/venues`, { venue: 'Closed hall', city: 'Oslo' });
    expect((await t.admin('DELETE', `${API}/venues/${trashedVenue}`)).status).to.equal(200);
    links = { venue, organizer: [organizer], categories: [category, 999_999], tags: [tag] };
  });
  after(async () => t?.close());

  /** Writes through an app on `readStore`: a create with `links`, then one linking the trashed venue. */
  async function writesThrough(readStore: ReadStore, title: string) {
    const clock = () => new Date();
    const app = appBeside(t, partsBeside(t, clock, { readStore }).parts, clock, { readStore });
    const post = (body: JsonObject) =>
      inject(app.callback(), {
        method: 'POST',
        url: `${API}/events`,
        headers: { authorization: adminAuth, 'content-type': 'application/json' },
        payload: JSON.stringify(body),
      });
    const linked = await post({ ...slot, title, ...links });
    const refused = await post({ ...slot, title: `${title} again`, venue: trashedVenue });
    return { linked, refused };
  }

  it('asks the port nothing on the memory read model, and the port what MongoDB would be asked', async () => {
    const inTurn = recordingLinkGets(t.service.readStore);
    const now = await writesThrough(inTurn.readStore, 'Fair');
    expect(now.linked.statusCode, now.linked.body).to.equal(201);
    expect(inTurn.asked.filter((name) => linkGets.includes(name))).to.deep.equal([]);

    const viaPort = recordingLinkGets({ ...t.service.readStore, readsNow: undefined });
    const port = await writesThrough(viaPort.readStore, 'Market');
    expect(port.linked.statusCode, port.linked.body).to.equal(201);
    expect(viaPort.asked).to.include.members(linkGets);

    for (const { linked, refused } of [now, port]) {
      const event = JSON.parse(linked.body) as { categories: { id: number }[]; venue: { id: number } };
      expect(event.categories.map((category) => category.id)).to.deep.equal([(links.categories as number[])[0]]);
      expect(event.venue.id).to.equal(links.venue);
      expect(refused.statusCode).to.equal(400);
      const refusal = JSON.parse(refused.body) as { code: string; data: { params: { venue: string } } };
      expect(refusal.code).to.equal('rest_invalid_param');
      expect(refusal.data.params.venue).to.match(/existing venue/);
    }
  });
});
