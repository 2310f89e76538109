// Specifies that an anonymous venue or organizer search cannot probe the blanked fields of protected items (as §6 says
// of events): it matches unprotected items only; signed-in callers search as before.
import { expect } from 'chai';
import { API, createOrganizer, createVenue, startItemService, type ItemTestService } from '../http/items/support/itemsApi.ts';
import { adminAuth } from '../support/testService.ts';

describe('search over password-protected venues and organizers', function () {
  let t: ItemTestService;
  before(async () => {
    t = await startItemService();
    const locked = await createVenue(t, { venue: 'Locked Hall', city: 'Secretville', zip: '1' });
    await createVenue(t, { venue: 'Open Hall', city: 'Secretville', zip: '2' });
    const lockedOrganizer = await createOrganizer(t, { organizer: 'Locked Org', phone: '555-0199' });
    for (const [kind, id] of [['venues', locked.id], ['organizers', lockedOrganizer.id]] as const) {
      expect((await t.admin('PATCH', `${API}/${kind}/${id as number}`, { body: { password: 'pw' } })).status).to.equal(200);
    }
  });
  after(async () => t.close());

  const names = async (path: string, auth?: string) => {
    const res = await t.request('GET', `${API}${path}`, auth ? { auth } : {});
    expect(res.status, res.text).to.equal(200);
    return (Object.values(res.body as object)[0] as { venue?: unknown; organizer?: unknown }[]).map((item) => item.venue ?? item.organizer);
  };

  it('anonymous: a protected venue never matches, even on a field it shows blanked', async () => {
    expect(await names('/venues?search=secretville')).to.deep.equal(['Open Hall']);
    expect(await names('/organizers?search=555-0199')).to.deep.equal([]);
  });

  it('signed-in callers still find protected items, shown blanked (§12)', async () => {
    expect(await names('/venues?search=secretville', adminAuth)).to.have.deep.members([[], 'Open Hall']);
    expect(await names('/organizers?search=555-0199', adminAuth)).to.deep.equal([[]]);
  });
});
