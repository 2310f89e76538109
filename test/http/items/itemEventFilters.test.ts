// Specifies the event-linked list filters of §7 (`event`, `has_events`, `only_with_upcoming`) with real events.
import { expect } from 'chai';
import {
  API,
  createOrganizer,
  createVenue,
  expectInvalidParams,
  itemIdsOf,
  startItemService,
  type ItemTestService,
  type JsonObject,
} from './support/itemsApi.ts';

describe('venue and organizer event filters', function () {
  let t: ItemTestService;
  const v: Record<string, number> = {};
  const o: Record<string, number> = {};
  const e: Record<string, number> = {};
  const event = async (title: string, start: string, fields: JsonObject): Promise<number> => {
    const res = await t.admin('POST', `${API}/events`, {
      body: { title, start_date: start, end_date: start.replace('10:00', '11:00'), ...fields },
    });
    expect(res.status, res.text).to.equal(201);
    return (res.body as JsonObject).id as number;
  };
  /** The ids of the named items (published or not) in the order named. */
  const named = (names: string[], map: Record<string, number>): number[] => names.map((name) => map[name] as number);
  before(async () => {
    t = await startItemService();
    for (const name of ['upcoming', 'past', 'draftOnly', 'privateOnly', 'none', 'both']) {
      v[name] = (await createVenue(t, { venue: `Venue ${name}` })).id as number;
      o[name] = (await createOrganizer(t, { organizer: `Org ${name}` })).id as number;
    }
    v.hidden = (await createVenue(t, { venue: 'Venue hidden', status: 'draft' })).id as number;
    e.upcoming = await event('Upcoming', '2026-12-01 10:00:00', {
      venue: named(['upcoming', 'both', 'hidden'], v),
      organizer: named(['upcoming', 'both'], o),
    });
    e.past = await event('Past', '2026-10-01 10:00:00', {
      venue: named(['past', 'both'], v),
      organizer: named(['past', 'both'], o),
    });
    e.draft = await event('Draft', '2026-12-05 10:00:00', {
      status: 'draft',
      venue: named(['draftOnly'], v),
      organizer: named(['draftOnly'], o),
    });
    e.private = await event('Private', '2026-12-06 10:00:00', {
      status: 'private',
      venue: named(['privateOnly'], v),
      organizer: named(['privateOnly'], o),
    });
  });
  after(async () => t.close());

  it('event lists the items linked to that event, for anonymous callers the published ones', async () => {
    expect(itemIdsOf(await t.request('GET', `${API}/venues?event=${e.upcoming}`), 'venues')).to.have.members(
      named(['upcoming', 'both'], v),
    );
    expect(itemIdsOf(await t.admin('GET', `${API}/venues?event=${e.upcoming}`), 'venues')).to.have.members(
      named(['upcoming', 'both', 'hidden'], v),
    );
    expect(itemIdsOf(await t.request('GET', `${API}/organizers?event=${e.past}`), 'organizers')).to.have.members(
      named(['past', 'both'], o),
    );
    expect(itemIdsOf(await t.admin('GET', `${API}/organizers?event=${e.draft}`), 'organizers')).to.deep.equal([
      o.draftOnly,
    ]);
  });

  it('event naming no event is 400 naming event', async () => {
    expectInvalidParams(await t.request('GET', `${API}/organizers?event=999999`), 'event');
    expectInvalidParams(await t.request('GET', `${API}/venues?event=${v.none as number}`), 'event');
    expectInvalidParams(await t.request('GET', `${API}/organizers?event=abc`), 'event');
  });

  it('has_events true: linked to a publish, future or private event; false: all others', async () => {
    const withEvents = itemIdsOf(await t.admin('GET', `${API}/venues?has_events=true`), 'venues');
    expect(withEvents).to.have.members(named(['upcoming', 'past', 'privateOnly', 'both', 'hidden'], v));
    const without = itemIdsOf(await t.admin('GET', `${API}/venues?has_events=false`), 'venues');
    expect(without).to.have.members(named(['draftOnly', 'none'], v));
    expect(itemIdsOf(await t.request('GET', `${API}/organizers?has_events=yes`), 'organizers')).to.have.members(
      named(['upcoming', 'past', 'privateOnly', 'both'], o),
    );
    expect(itemIdsOf(await t.request('GET', `${API}/organizers?has_events=nope`), 'organizers')).to.have.members(
      named(['draftOnly', 'none'], o),
    );
  });

  it('only_with_upcoming: linked to an event the caller sees starting at or after now', async () => {
    expect(itemIdsOf(await t.request('GET', `${API}/venues?only_with_upcoming=1`), 'venues')).to.have.members(
      named(['upcoming', 'both'], v),
    );
    expect(itemIdsOf(await t.admin('GET', `${API}/organizers?only_with_upcoming=on`), 'organizers')).to.have.members(
      named(['upcoming', 'both', 'draftOnly', 'privateOnly'], o),
    );
    expect(itemIdsOf(await t.request('GET', `${API}/organizers?only_with_upcoming=0`), 'organizers')).to.have.length(6);
  });

  it('an event starting exactly now counts as upcoming; one that started a second ago does not', async () => {
    const exact = (await createVenue(t, { venue: 'Venue exact' })).id as number;
    const late = (await createVenue(t, { venue: 'Venue late' })).id as number;
    await event('Exact', '2026-11-22 10:52:28', { end_date: '2026-11-22 12:00:00', venue: exact });
    await event('Late', '2026-11-22 10:52:27', { end_date: '2026-11-22 12:00:00', venue: late });
    const ids = itemIdsOf(await t.request('GET', `${API}/venues?only_with_upcoming=true`), 'venues');
    expect(ids).to.include(exact);
    expect(ids).to.not.include(late);
  });

  it('filters combine with AND', async () => {
    const res = await t.request('GET', `${API}/venues?event=${e.past}&only_with_upcoming=1`);
    expect(itemIdsOf(res, 'venues')).to.deep.equal([v.both]);
  });

  it('a trashed event no longer counts for has_events or only_with_upcoming', async () => {
    const lone = (await createVenue(t, { venue: 'Venue trashed event' })).id as number;
    const id = await event('Soon gone', '2026-12-10 10:00:00', { venue: lone });
    expect(itemIdsOf(await t.request('GET', `${API}/venues?has_events=1`), 'venues')).to.include(lone);
    await t.admin('DELETE', `${API}/events/${id}`);
    expect(itemIdsOf(await t.request('GET', `${API}/venues?has_events=1`), 'venues')).to.not.include(lone);
    expect(itemIdsOf(await t.request('GET', `${API}/venues?only_with_upcoming=1`), 'venues')).to.not.include(lone);
  });
});
