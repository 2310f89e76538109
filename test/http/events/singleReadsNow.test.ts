// A first single read on the memory read model looks its event, term counts and translations up in the calling turn
// (the read store's `readsNow`), asking the port nothing; a read store without it (MongoDB) gives the same bytes
// through the port.
import { expect } from 'chai';
import { inject } from 'light-my-request';
import type { ReadStore } from '../../../src/projections/readStore.ts';
import { startRoleService, type RoleTestService } from '../../support/roleService.ts';
import { API, bodyOf, type JsonObject } from './support/eventsApi.ts';
import { appBeside, partsBeside } from '../../support/appBeside.ts';

const ES = `/es${API}`;
const slot = { start_date: '2026-12-16 09:00:00', end_date: '2026-12-16 10:30:00' };

describe('a first single read of the memory read model', function () {
  this.timeout(120_000);
  let t: RoleTestService;

  before(async () => {
    t = await startRoleService();
  });
  after(async () => t?.close());

  /** The service's read model with the names of the port's methods called through it, `readsNow` kept as it is. */
  function countingPortCalls(readStore: ReadStore): { readStore: ReadStore; asked: string[] } {
    const asked: string[] = [];
    const counting = <C extends object>(collection: C, name: string): C =>
      new Proxy(collection, {
        get(target, property, receiver) {
          const value: unknown = Reflect.get(target, property, receiver);
          if (typeof value !== 'function') return value;
          return (...args: unknown[]) => {
            asked.push(`${name}.${String(property)}`);
            return (value as (...a: unknown[]) => unknown).apply(target, args);
          };
        },
      });
    const collections = ['events', 'venues', 'organizers', 'categories', 'tags'] as const;
    const wrapped = Object.fromEntries(collections.map((name) => [name, counting(readStore[name], name)]));
    return { readStore: { ...readStore, ...wrapped } as ReadStore, asked };
  }

  it('reads the event, its term counts and its translations in the calling turn, asking the port nothing', async () => {
    const created = async (path: string, body: JsonObject): Promise<number> => {
      const res = await t.admin('POST', path, { body });
      expect(res.status, res.text).to.equal(201);
      return bodyOf(res).id as number;
    };
    const category = await created(`${API}/categories`, { name: 'Music' });
    await created(`${ES}/categories`, { name: 'Música', translation_of: category });
    const tag = await created(`${API}/tags`, { name: 'Family' });
    const venue = await created(`${API}/venues`, { venue: 'Hall', city: 'Oslo' });
    const organizer = await created(`${API}/organizers`, { organizer: 'Org' });
    const links = { venue, organizer: [organizer], categories: [category], tags: [tag] };
    const event = await created(`${API}/events`, { ...slot, title: 'Fair', ...links });
    const eventEs = await created(`${ES}/events`, { ...slot, title: 'Feria', translation_of: event });

    const clock = () => new Date();
    const readThrough = async (readStore: ReadStore) => {
      const app = appBeside(t, partsBeside(t, clock, { readStore }).parts, clock, { readStore });
      const res = await inject(app.callback(), { method: 'GET', url: `${API}/events/${event}` });
      expect(res.statusCode, res.body).to.equal(200);
      return res.body;
    };
    const inTurn = countingPortCalls(t.service.readStore);
    const inTurnBody = await readThrough(inTurn.readStore);
    expect(inTurn.asked).to.deep.equal([]);
    // Without `readsNow` (MongoDB) the same bytes come through the port.
    const viaPort = countingPortCalls({ ...t.service.readStore, readsNow: undefined });
    expect(await readThrough(viaPort.readStore)).to.equal(inTurnBody);
    expect(viaPort.asked).to.include.members(['events.get', 'categories.get', 'tags.get', 'events.translationsOf']);
    expect(JSON.parse(inTurnBody)).to.nested.include({ 'categories[0].count': 1, 'translations.es': eventEs });
  });
});
