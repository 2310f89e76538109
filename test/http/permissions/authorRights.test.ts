// Specifies who may credit an item to another user with `author` (docs/api.md §3.2): only those who may edit others'
// items.
import { expect } from 'chai';
import { startRoleService, userId, type RoleTestService, type Who } from '../../support/roleService.ts';
import { API, bodyOf, expectError } from '../events/support/eventsApi.ts';

const dates = { start_date: '2026-12-01 10:00:00', end_date: '2026-12-01 11:00:00' };
const admin = Number(userId.admin);

let made = 0;
/** What each kind's create needs besides `author`; a new name each time, so that no venue is a duplicate of another. */
const creates = {
  events: () => ({ title: 'Credited', ...dates }),
  venues: () => ({ venue: `Credited hall ${++made}` }),
  organizers: () => ({ organizer: `Credited people ${++made}` }),
} as const;

describe('Crediting an item to another user (author)', function () {
  let t: RoleTestService;
  before(async () => (t = await startRoleService()));
  after(async () => t.close());

  for (const [plural, fields] of Object.entries(creates)) {
    for (const who of ['author', 'contributor'] as const satisfies readonly Who[]) {
      it(
        `a ${who} creating ${plural} as the administrator gets 403 rest_cannot_edit_others, and ` + `nothing is stored`,
        async () => {
          const before = bodyOf(await t.admin('GET', `${API}/${plural}?status=any&per_page=50`)).total;
          const res = await t.by(who, 'POST', `${API}/${plural}`, { body: { ...fields(), author: admin } });
          expectError(
            res,
            403,
            'rest_cannot_edit_others',
            'Sorry, you are not allowed to set another user as the author.',
          );
          expect(bodyOf(await t.admin('GET', `${API}/${plural}?status=any&per_page=50`)).total).to.equal(before);
        },
      );

      it(`a ${who} may name itself as the author of ${plural}`, async () => {
        const res = await t.by(who, 'POST', `${API}/${plural}`, { body: { ...fields(), author: Number(userId[who]) } });
        expect(res.status, res.text).to.equal(201);
        expect(bodyOf(res).author).to.equal(userId[who]);
      });
    }

    it(`an author cannot hand its own ${plural} item to someone else by an update`, async () => {
      const created = bodyOf(await t.by('author', 'POST', `${API}/${plural}`, { body: fields() }));
      const res = await t.by('author', 'PATCH', `${API}/${plural}/${created.id as number}`, {
        body: { author: admin },
      });
      expectError(res, 403, 'rest_cannot_edit_others');
      expect(bodyOf(await t.admin('GET', `${API}/${plural}/${created.id as number}`)).author).to.equal(userId.author);
    });

    for (const who of ['admin', 'editor'] as const) {
      it(`an ${who} may credit ${plural} to another user, on create and on update`, async () => {
        const created = await t.by(who, 'POST', `${API}/${plural}`, {
          body: { ...fields(), author: Number(userId.author) },
        });
        expect(created.status, created.text).to.equal(201);
        expect(bodyOf(created).author).to.equal(userId.author);
        const updated = await t.by(who, 'PATCH', `${API}/${plural}/${bodyOf(created).id as number}`, {
          body: { author: Number(userId.contributor) },
        });
        expect(updated.status, updated.text).to.equal(200);
        expect(bodyOf(updated).author).to.equal(userId.contributor);
      });
    }
  }

  it('answers in the request language', async () => {
    const res = await t.by('author', 'POST', `/es${API}/events`, { body: { ...creates.events(), author: admin } });
    expectError(
      res,
      403,
      'rest_cannot_edit_others',
      'Lo siento, no tienes permiso para poner a otro usuario como autor.',
    );
  });
});
