// Specifies the exact shapes the wire contract gives hidden content: blanked items (§12), refusals (§9, §3.2), the
// service's decisions on embedded non-published items and on event-linked list filters, and term counts (§4.5).
import { expect } from 'chai';
import { startRoleService, type RoleTestService, type Who } from '../support/roleService.ts';
import { expectError } from '../http/events/support/eventsApi.ts';
import {
  API,
  bodyOf,
  buildLeakFixtures,
  fixturePassword,
  type JsonObject,
  type LeakFixtures,
} from './support/leakFixtures.ts';

const outsiders: readonly Who[] = ['anonymous', 'subscriber', 'author', 'contributor'];
const emptyCost = { currency_symbol: '', currency_position: '', currency_code: '', values: [] };

describe('shapes of hidden content', function () {
  this.timeout(120_000);
  let t: RoleTestService;
  let f: LeakFixtures;
  const get = (who: Who, path: string) => t.by(who, 'GET', `${API}${path}`);
  const listed = async (who: Who, path: string, key = 'events') => bodyOf(await get(who, path))[key] as JsonObject[];

  before(async () => {
    t = await startRoleService();
    f = await buildLeakFixtures(t);
  });
  after(async () => t.close());

  it(
    'a protected event is listed blanked in place (§12): id, title, dates, slug, URLs, status, ' + 'author stay',
    async () => {
      const open = bodyOf(await t.admin('GET', `${API}/events/${f.protectedEvent}?password=${fixturePassword}`));
      for (const who of outsiders) {
        const [event] = (await listed(who, '/events?per_page=50')).filter((e) => e.id === f.protectedEvent);
        const { json_ld: _ld, ...unlocked } = open;
        expect(event, who).to.deep.equal({
          ...unlocked,
          description: '',
          excerpt: '',
          cost: '',
          cost_details: emptyCost,
          website: '',
          image: false,
          all_day: null,
          show_map: null,
          show_map_link: null,
          hide_from_listings: null,
          sticky: null,
          featured: null,
          categories: [],
          tags: [],
          venue: [],
          organizer: [],
          custom_fields: [],
        });
        expect(event?.title).to.equal('Protected gala');
      }
    },
  );

  it(
    'a search leaves protected events out for every caller who cannot unlock them, even for ' +
      'words of the title (§6)',
    async () => {
      for (const who of outsiders) {
        expect(
          (await listed(who, '/events?search=Protected gala')).map((e) => e.id),
          who,
        ).to.deep.equal([]);
      }
      expect((await listed('admin', '/events?search=Protected gala')).map((e) => e.id)).to.deep.equal([]);
      const [found] = await listed('anonymous', `/events?search=Protected gala&password=${fixturePassword}`);
      expect(found).to.include({ id: f.protectedEvent, description: '<p>LEAKMARK-pw-event-description</p>' });
    },
  );

  it('single reads refuse each hidden event with its own code (§9)', async () => {
    const refusals: [number, string][] = [
      [f.protectedEvent, 'event-password-protected'],
      [f.draftEvent, 'event-not-accessible'],
      [f.privateEvent, 'event-not-accessible'],
      [f.pendingEvent, 'event-not-accessible'],
      [f.futureEvent, 'event-not-accessible'],
      [f.trashedEvent, 'event-no-longer-available'],
    ];
    for (const who of outsiders) {
      for (const [id, code] of refusals)
        expectError(await get(who, `/events/${id}?context=edit&password=wrong`), 403, code);
    }
    expect((await get('anonymous', `/events/${f.protectedEvent}?password=${fixturePassword}`)).status).to.equal(200);
  });

  it(
    'non-published venues and organizers are refused standalone; protected ones are answered ' +
      'blanked, never refused',
    async () => {
      for (const who of outsiders) {
        expectError(await get(who, `/venues/${f.draftVenue}`), 403, 'venue-not-accessible');
        expectError(await get(who, `/organizers/${f.draftOrganizer}`), 403, 'organizer-not-accessible');
        const venue = bodyOf(await get(who, `/venues/${f.protectedVenue}`));
        expect(venue).to.include({ description: '', address: '', city: '', zip: '', show_map: null });
        expect(venue.venue).to.deep.equal([]);
        expect(venue.json_ld).to.include({ description: '', address: '' });
        expect(bodyOf(await get(who, `/organizers/${f.protectedOrganizer}`))).to.include({
          description: '',
          email: '',
        });
      }
    },
  );

  it(
    'decision: a published event leaves out linked venues and organizers the caller could not ' +
      'read standalone, json_ld included',
    async () => {
      for (const who of outsiders) {
        const event = bodyOf(await get(who, `/events/${f.hostOfDrafts}`));
        expect(event.venue, who).to.deep.equal([]);
        expect(event.organizer, who).to.deep.equal([]);
        expect(event.json_ld).to.not.have.any.keys('location', 'organizer');
        const [inList] = await listed(who, `/events?include=${f.hostOfDrafts}`);
        expect([inList?.venue, inList?.organizer], who).to.deep.equal([[], []]);
      }
      const seenByAdmin = bodyOf(await t.admin('GET', `${API}/events/${f.hostOfDrafts}`));
      expect((seenByAdmin.venue as JsonObject).id).to.equal(f.draftVenue);
      expect((seenByAdmin.json_ld as JsonObject).location).to.include({ name: 'LEAKMARK-np-draft-venue-name' });
    },
  );

  it(
    'a protected venue or organizer embedded in a readable event is blanked in json_ld too, ' +
      'unless the password is sent',
    async () => {
      const event = bodyOf(await get('anonymous', `/events/${f.hostOfProtected}`));
      const jsonLd = event.json_ld as JsonObject;
      expect(jsonLd.location).to.include({ name: 'Protected venue', description: '', address: '' });
      expect(jsonLd.organizer).to.include({ name: 'Protected organizer', description: '', email: '' });
      expect((event.venue as JsonObject).city).to.equal('');
      const unlocked = bodyOf(await get('anonymous', `/events/${f.hostOfProtected}?password=${fixturePassword}`));
      expect(((unlocked.json_ld as JsonObject).location as JsonObject).description).to.contain(
        'LEAKMARK-pw-venue-description',
      );
      expect((unlocked.venue as JsonObject).city).to.equal('LEAKMARK-pw-venue-city');
    },
  );

  it('decision: event-linked list filters match nothing for an event whose links the caller may not see', async () => {
    const linkedTo = async (who: Who, plural: string, event: number, extra = '') =>
      (bodyOf(await get(who, `/${plural}?event=${event}&hide_empty=false${extra}`))[plural] as JsonObject[]).map(
        (item) => item.id,
      );
    for (const who of ['anonymous', 'subscriber'] as const) {
      for (const hidden of [f.draftEvent, f.privateEvent, f.pendingEvent, f.futureEvent, f.trashedEvent]) {
        expect(await linkedTo(who, 'categories', hidden), `${who} ${hidden}`).to.deep.equal([]);
        expect(await linkedTo(who, 'tags', hidden), `${who} ${hidden}`).to.deep.equal([]);
      }
    }
    for (const who of outsiders) {
      expect(await linkedTo(who, 'categories', f.protectedEvent)).to.deep.equal([]);
      expect(await linkedTo(who, 'categories', f.protectedEvent, `&password=${fixturePassword}`)).to.deep.equal([
        f.category,
      ]);
      expect(await linkedTo(who, 'categories', f.publicEvent)).to.deep.equal([f.category]);
      expect(await linkedTo(who, 'venues', f.hostOfProtected)).to.deep.equal([f.protectedVenue]);
    }
    expect(await linkedTo('author', 'categories', f.draftEvent), 'authors list every status (§3.2)').to.deep.equal([
      f.category,
    ]);
    expect(await linkedTo('admin', 'tags', f.draftEvent)).to.deep.equal([f.tag]);
  });

  it('term counts count published events only, in term lists, single terms and embedded terms (§4.5)', async () => {
    for (const who of ['anonymous', 'admin'] as const) {
      expect(bodyOf(await get(who, `/categories/${f.category}`)).count).to.equal(f.publishedWithTerms);
      expect(bodyOf(await get(who, `/tags/${f.tag}`)).count).to.equal(f.publishedWithTerms);
      const [event] = await listed(who, `/events?include=${f.publicEvent}`);
      expect((event?.categories as JsonObject[])[0]?.count).to.equal(f.publishedWithTerms);
    }
  });

  it(
    'history is refused to everyone who may not edit the item; term history to those who may ' + 'not manage terms',
    async () => {
      const refusedStatus = (who: Who) => (who === 'anonymous' ? 401 : 403);
      for (const who of outsiders) {
        for (const path of [
          `/events/${f.publicEvent}`,
          `/events/${f.draftEvent}`,
          `/events/${f.protectedEvent}`,
          `/events/${f.trashedEvent}`,
          `/venues/${f.protectedVenue}`,
          `/venues/${f.draftVenue}`,
          `/organizers/${f.draftOrganizer}`,
          `/tags/${f.tag}`,
        ]) {
          expectError(await get(who, `${path}/history`), refusedStatus(who), 'rest_forbidden');
        }
        // Categories are managed by authors too (§3.2), so their history is theirs to read.
        expect((await get(who, `/categories/${f.category}/history`)).status).to.equal(
          who === 'author' ? 200 : refusedStatus(who),
        );
      }
    },
  );

  it(
    'the change feed and the read-model digest are refused to every outsider (and the digest to ' + 'editors)',
    async () => {
      for (const who of outsiders) {
        expectError(await get(who, '/changes?from=start'), who === 'anonymous' ? 401 : 403, 'rest_forbidden');
        expectError(await get(who, '/read-model/digest'), who === 'anonymous' ? 401 : 403, 'rest_forbidden');
      }
      expectError(await get('editor', '/read-model/digest?detail=true'), 403, 'rest_forbidden');
    },
  );

  it('/doc and /doc/events describe the API and hold no data at all', async () => {
    for (const path of ['/doc', '/doc/events']) {
      const text = (await get('anonymous', path)).text;
      for (const datum of [
        'Open concert',
        'Protected gala',
        'Protected venue',
        'Leak probe category',
        'leak probe tag',
      ]) {
        expect(text, `${path} holds ${datum}`).to.not.contain(datum);
      }
    }
  });
});
