// Specifies that the event list filters on blanked fields cannot probe a locked event (docs/api.md §6, §12): for a
// caller who cannot unlock it, its venue, organizer, terms, `featured` and venue coordinates are empty, as its listed
// form shows them; a caller who unlocks it filters it as it is.
import { expect } from 'chai';
import {
  API,
  bodyOf,
  createOrganizer,
  createVenue,
  startItemService,
  type ItemTestService,
  type JsonObject,
  type Who,
} from '../http/items/support/itemsApi.ts';

describe('event list filters over a locked event', function () {
  let t: ItemTestService;
  let venue: number;
  let organizer: number;
  before(async () => {
    t = await startItemService({ CAL_EXTENDED_ADDON: 'true' });
    venue = (await createVenue(t, { venue: 'Harbour Hall', geo_lat: 41.38, geo_lng: 2.17 })).id as number;
    organizer = (await createOrganizer(t, { organizer: 'Harbour Crew' })).id as number;
    const linked = { venue, organizer: [organizer], categories: ['Harbour talks'], tags: ['harbour'], featured: true };
    const create = async (title: string, day: number, fields: JsonObject) => {
      const res = await t.admin('POST', `${API}/events`, {
        body: { title, start_date: `2026-12-0${day} 10:00:00`, end_date: `2026-12-0${day} 11:00:00`, ...fields },
      });
      expect(res.status, res.text).to.equal(201);
      return bodyOf(res).id as number;
    };
    const locked = await create('Locked', 1, linked);
    await create('Open', 2, linked);
    await create('Plain', 3, {});
    expect((await t.admin('PATCH', `${API}/events/${locked}`, { body: { password: 'pw' } })).status).to.equal(200);
  });
  after(async () => t.close());

  const titles = async (who: Who, query: string): Promise<string[]> => {
    const res = await t.by(who, 'GET', `${API}/events?${query}`);
    expect(res.status, res.text).to.equal(200);
    const events = bodyOf(res).events as JsonObject[];
    expect(bodyOf(res).total, `${who} ${query}`).to.equal(events.length);
    return events.map((event) => event.title as string);
  };

  const blankedFilters = (): string[] => [
    `venue=${venue}`,
    `organizer=${organizer}`,
    'categories=harbour-talks',
    'tags=harbour',
    'featured=true',
    'geoloc=true',
    'geoloc_lat=41.38&geoloc_lng=2.17',
  ];

  it('a caller who cannot unlock it never finds it by what blanking hides', async () => {
    for (const who of ['anonymous', 'subscriber', 'admin'] as const) {
      for (const filter of blankedFilters())
        expect(await titles(who, filter), `${who} ${filter}`).to.deep.equal(['Open']);
    }
  });

  it('for such a caller it is not featured: featured=false lists it, blanked, whatever it is', async () => {
    expect(await titles('anonymous', 'featured=false')).to.deep.equal(['Locked', 'Plain']);
    const [locked] = bodyOf(await t.request('GET', `${API}/events?featured=false`)).events as JsonObject[];
    expect(locked).to.include({ featured: null, description: '' });
  });

  it('the password, or context=edit from an editor, filters it as it is', async () => {
    for (const filter of blankedFilters()) {
      expect(await titles('anonymous', `${filter}&password=pw`), filter).to.deep.equal(['Locked', 'Open']);
      expect(await titles('editor', `${filter}&context=edit`), filter).to.deep.equal(['Locked', 'Open']);
    }
    expect(await titles('subscriber', 'featured=false&password=pw')).to.deep.equal(['Plain']);
    expect(await titles('anonymous', `venue=${venue}&password=wrong`)).to.deep.equal(['Open']);
  });
});
