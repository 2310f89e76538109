// Specifies the write permissions of docs/api.md §3.2 for every role against every write route: who may create, and who
// may update or delete their own items and other authors' items, for events, venues, organizers, categories and tags.
import { expect } from 'chai';
import { startRoleService, type RoleTestService, type Who } from '../../support/roleService.ts';
import { API, bodyOf } from '../events/support/eventsApi.ts';

const roles: readonly Who[] = ['admin', 'editor', 'author', 'contributor', 'subscriber', 'anonymous'];
const dates = { start_date: '2026-12-01 10:00:00', end_date: '2026-12-01 11:00:00' };

type PostKind = 'events' | 'venues' | 'organizers';
const createBody = (kind: PostKind, n: string): Record<string, unknown> =>
  kind === 'events'
    ? { title: `Event ${n}`, ...dates }
    : kind === 'venues'
      ? { venue: `Venue ${n}` }
      : { organizer: `Organizer ${n}` };
const changeBody = (kind: PostKind): Record<string, unknown> =>
  kind === 'events' ? { title: 'Changed' } : kind === 'venues' ? { city: 'Changed' } : { phone: '555' };

/** Expected statuses per role: create, change own, delete own, change others', delete others'. */
const postExpectations: Record<Who, [number, number, number, number, number]> = {
  admin: [201, 200, 200, 200, 200],
  editor: [201, 200, 200, 200, 200],
  author: [201, 200, 200, 403, 403],
  // A contributor's own items stay drafts (scaled down), which it may change and delete.
  contributor: [201, 200, 200, 403, 403],
  subscriber: [403, 403, 403, 403, 403],
  anonymous: [401, 401, 401, 401, 401],
  administrator: [201, 200, 200, 200, 200],
};

describe('Write permissions by role (docs/api.md §3.2)', function () {
  let t: RoleTestService;
  before(async () => (t = await startRoleService()));
  after(async () => t.close());

  for (const kind of ['events', 'venues', 'organizers'] as const) {
    for (const who of roles) {
      it(`${kind}: ${who} creates, changes and deletes own and others' items as the table says`, async () => {
        const [create, changeOwn, deleteOwn, changeOthers, deleteOthers] = postExpectations[who];
        const created = await t.by(who, 'POST', `${API}/${kind}`, { body: createBody(kind, `${who}-own`) });
        expect(created.status, created.text).to.equal(create);
        // Own items of callers who cannot create are the admin's: they are "others'" items then.
        const ownId = create === 201 ? (bodyOf(created).id as number) : undefined;
        const others = bodyOf(await t.admin('POST', `${API}/${kind}`, { body: createBody(kind, `${who}-others`) }))
          .id as number;
        if (ownId !== undefined) {
          expect((await t.by(who, 'PATCH', `${API}/${kind}/${ownId}`, { body: changeBody(kind) })).status).to.equal(
            changeOwn,
          );
          expect((await t.by(who, 'DELETE', `${API}/${kind}/${ownId}`)).status).to.equal(deleteOwn);
        }
        expect((await t.by(who, 'PATCH', `${API}/${kind}/${others}`, { body: changeBody(kind) })).status).to.equal(
          changeOthers,
        );
        expect((await t.by(who, 'DELETE', `${API}/${kind}/${others}`)).status).to.equal(deleteOthers);
      });
    }
  }

  it('contributors may not change or delete their items once published or scheduled', async () => {
    const own = bodyOf(await t.by('contributor', 'POST', `${API}/events`, { body: createBody('events', 'to-publish') }))
      .id as number;
    expect((await t.admin('PATCH', `${API}/events/${own}`, { body: { status: 'publish' } })).status).to.equal(200);
    expect((await t.by('contributor', 'PATCH', `${API}/events/${own}`, { body: { title: 'x' } })).status).to.equal(403);
    expect((await t.by('contributor', 'DELETE', `${API}/events/${own}`)).status).to.equal(403);
  });

  /** Categories: administrators, editors and authors; tags: administrators and editors. */
  const termExpectations: Record<'categories' | 'tags', Record<Who, number>> = {
    categories: {
      admin: 201,
      administrator: 201,
      editor: 201,
      author: 201,
      contributor: 403,
      subscriber: 403,
      anonymous: 401,
    },
    tags: {
      admin: 201,
      administrator: 201,
      editor: 201,
      author: 403,
      contributor: 403,
      subscriber: 403,
      anonymous: 401,
    },
  };
  for (const plural of ['categories', 'tags'] as const) {
    for (const who of roles) {
      it(`${plural}: ${who} may create, update and delete only as the table says`, async () => {
        const allowed = termExpectations[plural][who];
        const created = await t.by(who, 'POST', `${API}/${plural}`, { body: { name: `${plural} by ${who}` } });
        expect(created.status, created.text).to.equal(allowed);
        const id = bodyOf(await t.admin('POST', `${API}/${plural}`, { body: { name: `${plural} for ${who}` } }))
          .id as number;
        const writeStatus = allowed === 201 ? 200 : allowed;
        expect(
          (await t.by(who, 'PATCH', `${API}/${plural}/${id}`, { body: { description: 'changed' } })).status,
        ).to.equal(writeStatus);
        expect((await t.by(who, 'DELETE', `${API}/${plural}/${id}`)).status).to.equal(writeStatus);
      });
    }
  }
});
