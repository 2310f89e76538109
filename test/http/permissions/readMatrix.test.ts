// Specifies who may read non-published events (docs/api.md §3.2): their editors, their author for private ones, and the
// default list coverage per role.
import { expect } from 'chai';
import { startRoleService, type RoleTestService, type Who } from '../../support/roleService.ts';
import { API, bodyOf, idsOf } from '../events/support/eventsApi.ts';

const dates = { start_date: '2026-12-01 10:00:00', end_date: '2026-12-01 11:00:00' };
const readers: readonly Who[] = ['admin', 'editor', 'author', 'contributor', 'subscriber', 'anonymous'];

describe('Read visibility by role (docs/api.md §3.2)', function () {
  let t: RoleTestService;
  let draft: number;
  let privateOne: number;
  let contributorDraft: number;
  before(async () => {
    t = await startRoleService();
    draft = bodyOf(
      await t.by('author', 'POST', `${API}/events`, { body: { title: 'Author draft', status: 'draft', ...dates } }),
    ).id as number;
    privateOne = bodyOf(
      await t.by('author', 'POST', `${API}/events`, { body: { title: 'Author private', status: 'private', ...dates } }),
    ).id as number;
    contributorDraft = bodyOf(
      await t.by('contributor', 'POST', `${API}/events`, { body: { title: 'Contributor draft', ...dates } }),
    ).id as number;
  });
  after(async () => t.close());

  const expected: Record<string, Partial<Record<Who, number>>> = {
    draft: { admin: 200, editor: 200, author: 200, contributor: 403, subscriber: 403, anonymous: 403 },
    private: { admin: 200, editor: 200, author: 200, contributor: 403, subscriber: 403, anonymous: 403 },
    contributorDraft: { admin: 200, editor: 200, author: 403, contributor: 200, subscriber: 403, anonymous: 403 },
  };

  for (const who of readers) {
    it(
      `${who} reads the non-published events it may edit or author, and gets 403 ` + `event-not-accessible otherwise`,
      async () => {
        for (const [name, id] of [
          ['draft', draft],
          ['private', privateOne],
          ['contributorDraft', contributorDraft],
        ] as const) {
          const res = await t.by(who, 'GET', `${API}/events/${id}`);
          expect(res.status, `${name}: ${res.text}`).to.equal(expected[name]?.[who]);
          if (res.status === 403) expect(bodyOf(res).code).to.equal('event-not-accessible');
        }
      },
    );
  }

  it('lists non-published events to callers who can create events, and only published ones to the others', async () => {
    for (const who of ['admin', 'editor', 'author', 'contributor'] as const) {
      expect(idsOf(await t.by(who, 'GET', `${API}/events`)), who).to.include.members([
        draft,
        privateOne,
        contributorDraft,
      ]);
    }
    for (const who of ['subscriber', 'anonymous'] as const) {
      const res = await t.by(who, 'GET', `${API}/events`);
      expect(idsOf(res), who).to.not.include.members([draft]);
      expect(bodyOf(res).rest_url, who).to.include('status=publish');
      expect((await t.by(who, 'GET', `${API}/events?status=draft`)).status, who).to.equal(400);
    }
  });
});
