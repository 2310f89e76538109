// Specifies that `search` cannot probe what blanking hides (docs/api.md §6, §7, §12): a protected venue, organizer or
// event matches only for a caller who unlocks it in that request (its password, or context=edit with the right to
// edit it), whoever else asks. The attack it closes: rebuilding a hidden phone number digit by digit.
import { expect } from 'chai';
import {
  API,
  createOrganizer,
  createVenue,
  startItemService,
  type ItemTestService,
  type Who,
} from '../http/items/support/itemsApi.ts';
import { bodyOf, type JsonObject } from '../http/events/support/eventsApi.ts';

describe('search over password-protected venues, organizers and events', function () {
  let t: ItemTestService;
  before(async () => {
    t = await startItemService();
    // The locked venue is the author's own, so that author and contributor differ in what context=edit unlocks.
    const locked = await createVenue(
      t,
      { venue: 'Locked Hall', city: 'Secretville', zip: '1', phone: '867-5309' },
      'author',
    );
    await createVenue(t, { venue: 'Open Hall', city: 'Secretville', zip: '2', phone: '867-5308' });
    const lockedOrganizer = await createOrganizer(t, { organizer: 'Locked Org', phone: '555-0199' });
    for (const [kind, id] of [
      ['venues', locked.id],
      ['organizers', lockedOrganizer.id],
    ] as const) {
      expect((await t.admin('PATCH', `${API}/${kind}/${id as number}`, { body: { password: 'pw' } })).status).to.equal(
        200,
      );
    }
    const event = await t.admin('POST', `${API}/events`, {
      body: {
        title: 'Board meeting',
        description: 'The vault code is swordfish',
        start_date: '2026-12-03 10:00:00',
        end_date: '2026-12-03 11:00:00',
      },
    });
    await t.admin('POST', `${API}/events`, {
      body: {
        title: 'Open day',
        description: 'Everyone likes swordfish',
        start_date: '2026-12-04 10:00:00',
        end_date: '2026-12-04 11:00:00',
      },
    });
    expect(
      (await t.admin('PATCH', `${API}/events/${bodyOf(event).id as number}`, { body: { password: 'pw' } })).status,
    ).to.equal(200);
  });
  after(async () => t.close());

  const names = async (who: Who, path: string): Promise<unknown[]> => {
    const res = await t.by(who, 'GET', `${API}${path}`);
    expect(res.status, res.text).to.equal(200);
    const items = Object.values(res.body as object)[0] as JsonObject[];
    expect(bodyOf(res).total, `${who} ${path}`).to.equal(items.length);
    return items.map((item) => ('title' in item ? item.title : (item.venue ?? item.organizer)));
  };

  it(
    'a signed-in subscriber cannot rebuild a locked venue’s phone number: the hidden digits ' + 'match nothing',
    async () => {
      expect(await names('subscriber', '/venues?search=867-5309')).to.deep.equal([]);
      expect(await names('subscriber', '/venues?search=867-530')).to.deep.equal(['Open Hall']);
      expect(await names('subscriber', '/organizers?search=555-0199')).to.deep.equal([]);
    },
  );

  it(
    'no caller who cannot unlock finds a locked item through what blanking hides, the ' + 'administrator included',
    async () => {
      for (const who of ['anonymous', 'subscriber', 'contributor', 'author', 'editor', 'admin'] as const) {
        expect(await names(who, '/venues?search=secretville'), who).to.deep.equal(['Open Hall']);
        expect(await names(who, '/organizers?search=555-0199'), who).to.deep.equal([]);
      }
      expect(await names('author', '/organizers?search=555-0199&context=edit')).to.deep.equal([]);
      expect(await names('contributor', '/venues?search=867-5309&context=edit')).to.deep.equal([]);
      expect(await names('subscriber', '/venues?search=867-5309&password=nope')).to.deep.equal([]);
    },
  );

  it('the password, or context=edit from a caller who may edit the item, finds it, in full', async () => {
    expect(await names('subscriber', '/venues?search=867-5309&password=pw')).to.deep.equal(['Locked Hall']);
    expect(await names('anonymous', '/organizers?search=555-0199&password=pw')).to.deep.equal(['Locked Org']);
    expect(await names('editor', '/venues?search=867-5309&context=edit')).to.deep.equal(['Locked Hall']);
    expect(await names('author', '/venues?search=867-5309&context=edit')).to.deep.equal(['Locked Hall']);
    expect(await names('admin', '/organizers?search=555-0199&context=edit')).to.deep.equal(['Locked Org']);
  });

  it('an event’s hidden description matches only for a caller who unlocks it', async () => {
    for (const who of ['anonymous', 'subscriber', 'author', 'editor', 'admin'] as const) {
      expect(await names(who, '/events?search=swordfish'), who).to.deep.equal(['Open day']);
      expect(await names(who, '/events?search=vault code'), who).to.deep.equal([]);
    }
    expect(await names('subscriber', '/events?search=vault code&password=pw')).to.deep.equal(['Board meeting']);
    expect(await names('editor', '/events?search=vault code&context=edit')).to.deep.equal(['Board meeting']);
    expect(await names('author', '/events?search=vault code&context=edit')).to.deep.equal([]);
  });
});
