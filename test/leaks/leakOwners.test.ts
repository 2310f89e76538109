// Specifies where owners differ from other callers (docs/api.md §3.2, §12): an owner reads and unlocks their own hidden
// items, including as embedded copies, history and past states; another author or contributor still sees nothing.
import { expect } from 'chai';
import { startRoleService, type RoleTestService, type Who } from '../support/roleService.ts';
import { expectError } from '../http/events/support/eventsApi.ts';
import { API, bodyOf, fixturePassword, type JsonObject } from './support/leakFixtures.ts';

const slot = { start_date: '2026-12-20 18:00:00', end_date: '2026-12-20 20:00:00' };

describe('owners and non-owners of hidden content', function () {
  this.timeout(120_000);
  let t: RoleTestService;
  const ids: Record<string, number> = {};
  const get = (who: Who, path: string) => t.by(who, 'GET', `${API}${path}`);
  const make = async (who: Who, plural: string, body: JsonObject, name: string) => {
    const res = await t.by(who, 'POST', `${API}/${plural}`, { body });
    expect(res.status, res.text).to.equal(201);
    ids[name] = bodyOf(res).id as number;
  };

  before(async () => {
    t = await startRoleService();
    await make(
      'author',
      'events',
      { ...slot, title: 'LEAKMARK-np-author-draft-title', status: 'draft' },
      'authorDraft',
    );
    await make(
      'author',
      'events',
      { ...slot, title: 'LEAKMARK-np-author-private-title', status: 'private' },
      'authorPrivate',
    );
    await make(
      'author',
      'events',
      { ...slot, title: 'Author gala', description: 'LEAKMARK-pw-author-description' },
      'authorProtected',
    );
    expect(
      (await t.by('author', 'PATCH', `${API}/events/${ids.authorProtected}`, { body: { password: fixturePassword } }))
        .status,
    ).to.equal(200);
    // A contributor's items stay unpublished (§3.3); a password on one is theirs to unlock with context=edit.
    await make(
      'contributor',
      'events',
      { ...slot, title: 'Contributor pitch', description: 'LEAKMARK-pw-contributor-description' },
      'contributorDraft',
    );
    expect(
      (
        await t.by('contributor', 'PATCH', `${API}/events/${ids.contributorDraft}`, {
          body: { password: fixturePassword },
        })
      ).status,
    ).to.equal(200);
    await make(
      'author',
      'venues',
      { venue: 'LEAKMARK-np-author-venue-name', status: 'draft', city: 'LEAKMARK-np-author-venue-city' },
      'authorVenue',
    );
    await make(
      'admin',
      'events',
      { ...slot, title: 'Hosted at the author draft venue', venue: ids.authorVenue as number },
      'adminHost',
    );
  });
  after(async () => t.close());

  it(
    'the author reads their own draft and private events; another contributor, a subscriber and ' + 'anonymous do not',
    async () => {
      for (const name of ['authorDraft', 'authorPrivate']) {
        expect((await get('author', `/events/${ids[name]}`)).status, name).to.equal(200);
        expect((await get('editor', `/events/${ids[name]}`)).status, name).to.equal(200);
        for (const who of ['contributor', 'subscriber', 'anonymous'] as const) {
          expectError(await get(who, `/events/${ids[name]}`), 403, 'event-not-accessible');
          expect((await get(who, `/events/${ids[name]}/history`)).status, `${who} history`).to.be.oneOf([401, 403]);
        }
      }
      expect((await get('author', `/events/${ids.authorDraft}/history`)).status).to.equal(200);
    },
  );

  it(
    'context=edit unlocks a protected event for its author and editors only; contributors ' +
      'unlock their own while unpublished',
    async () => {
      expect(bodyOf(await get('author', `/events/${ids.authorProtected}?context=edit`)).description).to.contain(
        'LEAKMARK-pw-author-description',
      );
      expect((await get('editor', `/events/${ids.authorProtected}?context=edit`)).status).to.equal(200);
      for (const who of ['contributor', 'subscriber', 'anonymous'] as const) {
        expectError(await get(who, `/events/${ids.authorProtected}?context=edit`), 403, 'event-password-protected');
      }
      expect(bodyOf(await get('contributor', `/events/${ids.contributorDraft}?context=edit`)).status).to.equal('draft');
      expectError(await get('author', `/events/${ids.contributorDraft}?context=edit`), 403, 'event-not-accessible');
    },
  );

  it('a protected event of its author is blanked in lists unless unlocked, even for that author', async () => {
    const entry = async (query: string) =>
      (bodyOf(await get('author', `/events?include=${ids.authorProtected}${query}`)).events as JsonObject[])[0]
        ?.description;
    expect(await entry('')).to.equal('');
    expect(await entry('&context=edit')).to.contain('LEAKMARK-pw-author-description');
    expect(await entry(`&password=${fixturePassword}`)).to.contain('LEAKMARK-pw-author-description');
  });

  it(
    "the author's draft venue is embedded for its author and editors; others see the admin's " + 'event without it',
    async () => {
      for (const who of ['author', 'editor', 'admin'] as const) {
        expect(bodyOf(await get(who, `/events/${ids.adminHost}`)).venue, who).to.include({ id: ids.authorVenue });
      }
      for (const who of ['contributor', 'subscriber', 'anonymous'] as const) {
        const res = await get(who, `/events/${ids.adminHost}`);
        expect(bodyOf(res).venue, who).to.deep.equal([]);
        expect(res.text).to.not.match(/leakmark/i);
      }
    },
  );
});
