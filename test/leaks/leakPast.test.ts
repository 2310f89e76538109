// Specifies that `as_of` reads reveal no past state of something not readable now, and no past a password now guards:
// the item itself and the venues an event embeds as they were then (README "Reading an item as it was").
import { expect } from 'chai';
import { startRoleService, type RoleTestService, type Who } from '../support/roleService.ts';
import { expectError } from '../http/events/support/eventsApi.ts';
import {
  API,
  bodyOf,
  buildLeakFixtures,
  fixturePassword,
  times,
  type JsonObject,
  type LeakFixtures,
} from './support/leakFixtures.ts';

const outsiders: readonly Who[] = ['anonymous', 'subscriber', 'author', 'contributor'];

describe('as_of reads of hidden content', function () {
  this.timeout(120_000);
  let t: RoleTestService;
  let f: LeakFixtures;
  /** Both forms of `as_of` naming the moment before the changes: an instant, and the global position of that time. */
  let pastPoints: string[];
  const get = (who: Who, path: string) => t.by(who, 'GET', `${API}${path}`);

  before(async () => {
    t = await startRoleService();
    f = await buildLeakFixtures(t);
    const history = bodyOf(await t.admin('GET', `${API}/events/${f.hostOfLaterDraftVenue}/history`))
      .history as JsonObject[];
    pastPoints = [encodeURIComponent(times.asOfFirst), history[0]?.position as string];
  });
  after(async () => t.close());

  it('an event readable then but not now is refused with the code its current state gives', async () => {
    for (const who of outsiders) {
      for (const point of pastPoints) {
        expectError(await get(who, `/events/${f.laterDraftEvent}?as_of=${point}`), 403, 'event-not-accessible');
        expectError(
          await get(who, `/events/${f.laterTrashedEvent}?as_of=${point}&context=edit`),
          403,
          'event-no-longer-available',
        );
        expectError(await get(who, `/events/${f.laterProtectedEvent}?as_of=${point}`), 403, 'event-password-protected');
      }
    }
    const unlocked = bodyOf(
      await get('anonymous', `/events/${f.laterProtectedEvent}?as_of=${pastPoints[0]}&password=${fixturePassword}`),
    );
    expect(unlocked.description).to.contain('LEAKMARK-pw-later-protected-event-description');
    expect(
      (await t.admin('GET', `${API}/events/${f.laterTrashedEvent}?as_of=${pastPoints[0]}`)).status,
      'editors restore from it',
    ).to.equal(200);
  });

  it(
    'a past draft of an event published since stays hidden; its present is public and carries ' +
      'nothing of the draft',
    async () => {
      for (const who of outsiders) {
        for (const point of pastPoints)
          expectError(await get(who, `/events/${f.earlierDraftEvent}?as_of=${point}`), 403, 'event-not-accessible');
        const now = bodyOf(await get(who, `/events/${f.earlierDraftEvent}`));
        expect(now).to.include({ title: 'Published at last', slug: 'published-at-last' });
      }
      expect(
        bodyOf(await t.admin('GET', `${API}/events/${f.earlierDraftEvent}?as_of=${pastPoints[0]}`)).title,
      ).to.equal('LEAKMARK-np-earlier-draft-event-title');
    },
  );

  it('a venue protected since is answered blanked as it was; one unpublished since is refused', async () => {
    for (const who of outsiders) {
      for (const point of pastPoints) {
        const venue = bodyOf(await get(who, `/venues/${f.laterProtectedVenue}?as_of=${point}`));
        expect(venue).to.include({ description: '', address: '', city: '', zip: '' });
        expectError(await get(who, `/venues/${f.laterDraftVenue}?as_of=${point}`), 403, 'venue-not-accessible');
      }
    }
  });

  it(
    'an event read as it was embeds a venue protected since blanked, in venue and json_ld, ' +
      'unless the password is sent',
    async () => {
      for (const who of outsiders) {
        const event = bodyOf(await get(who, `/events/${f.hostOfLaterProtectedVenue}?as_of=${pastPoints[0]}`));
        expect(event.venue).to.include({ id: f.laterProtectedVenue, description: '', city: '' });
        expect((event.json_ld as JsonObject).location).to.include({ description: '', address: '' });
      }
      const unlocked = bodyOf(
        await get(
          'anonymous',
          `/events/${f.hostOfLaterProtectedVenue}?as_of=${pastPoints[0]}&password=${fixturePassword}`,
        ),
      );
      expect((unlocked.venue as JsonObject).city).to.equal('LEAKMARK-pw-later-protected-venue-city');
    },
  );

  it('an event read as it was leaves out a venue unpublished since, for those who may not read it now', async () => {
    for (const who of outsiders) {
      for (const point of pastPoints) {
        const event = bodyOf(await get(who, `/events/${f.hostOfLaterDraftVenue}?as_of=${point}`));
        expect(event.venue, who).to.deep.equal([]);
        expect(event.json_ld).to.not.have.property('location');
      }
    }
    const seenByAdmin = bodyOf(await t.admin('GET', `${API}/events/${f.hostOfLaterDraftVenue}?as_of=${pastPoints[0]}`));
    expect(seenByAdmin.venue).to.include({
      id: f.laterDraftVenue,
      status: 'publish',
      city: 'LEAKMARK-np-later-draft-venue-city',
    });
  });
});
