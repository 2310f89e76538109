// Specifies that embedded copies converge: a venue and an organizer renamed again and again while events linking them
// are created and updated at the same time; afterwards every event shows their final names, everywhere.
import { expect } from 'chai';
import { startTestService, type TestService } from '../support/testService.ts';
import { createMemoryReadStore } from '../../src/projections/memory/memoryReadStore.ts';
import { replayInto } from '../../src/projections/replay.ts';
import { digestReadStore } from '../../src/projections/digest/readModelDigest.ts';
import { API, allAtOnce, bodyOf, created, eventually } from './support/raceApi.ts';
import { testMemos, testProjections } from '../support/memos.ts';

const renames = 30;
const preexisting = 20;
const createdDuring = 20;

type Body = Record<string, unknown>;

const day = (i: number) => `2026-12-${String((i % 28) + 1).padStart(2, '0')}`;
const eventBody = (i: number, venue: number, organizer: number): Body => ({
  title: `Linked ${i}`,
  start_date: `${day(i)} 18:00:00`,
  end_date: `${day(i)} 19:00:00`,
  venue,
  organizer: [organizer],
});

/** The venue and organizer names an event shows, in its own keys and in its `json_ld` (single GET). */
function linkedNames(event: Body): {
  venue: unknown;
  organizer: unknown;
  location?: unknown;
  jsonLdOrganizer?: unknown;
} {
  const venue = event.venue as Body;
  const [organizer] = event.organizer as Body[];
  const jsonLd = event.json_ld as Body | undefined;
  return {
    venue: venue.venue,
    organizer: organizer?.organizer,
    ...(jsonLd ? { location: (jsonLd.location as Body).name, jsonLdOrganizer: (jsonLd.organizer as Body).name } : {}),
  };
}

describe('linked items renamed while events linking them are written', function () {
  this.timeout(180_000);
  let t: TestService;
  let venueId: number;
  let organizerId: number;
  let eventIds: number[];
  let finalVenue: string;
  let finalOrganizer: string;

  before(async () => {
    t = await startTestService();
    venueId = (await created(t, 'venues', { venue: 'Hall v0', city: 'Race City' })).id as number;
    organizerId = (await created(t, 'organizers', { organizer: 'Org v0', phone: '1' })).id as number;
    const existing: number[] = [];
    for (let i = 0; i < preexisting; i++)
      existing.push((await created(t, 'events', eventBody(i, venueId, organizerId))).id as number);

    // Renames run as two chains (each awaits its previous rename) while all event writes are in flight at once, so
    // event projections keep interleaving with the renames' refresh of embedded copies.
    const renameChain = async (plural: 'venues' | 'organizers', key: string, prefix: string) => {
      for (let r = 1; r <= renames; r++) {
        const res = await t.admin('PATCH', `${API}/${plural}/${plural === 'venues' ? venueId : organizerId}`, {
          body: { [key]: `${prefix} v${r}` },
        });
        expect(res.status, res.text).to.equal(200);
      }
    };
    const writes = Promise.all([
      allAtOnce(createdDuring, (i) =>
        t.admin('POST', `${API}/events`, { body: eventBody(preexisting + i, venueId, organizerId) }),
      ),
      // Updates re-link the same venue and organizer (as a client sending the whole form would) and change the title.
      allAtOnce(preexisting, (i) =>
        t.admin('PATCH', `${API}/events/${existing[i]}`, {
          body: { title: `Linked ${i} (updated)`, venue: venueId, organizer: [organizerId] },
        }),
      ),
      renameChain('venues', 'venue', 'Hall'),
      renameChain('organizers', 'organizer', 'Org'),
    ]);
    const [createdResponses, updatedResponses] = await writes;
    for (const res of [...createdResponses, ...updatedResponses]) expect(res.status, res.text).to.be.oneOf([200, 201]);
    eventIds = [...existing, ...createdResponses.map((res) => bodyOf(res).id as number)];
    finalVenue = bodyOf(await t.admin('GET', `${API}/venues/${venueId}`)).venue as string;
    finalOrganizer = bodyOf(await t.admin('GET', `${API}/organizers/${organizerId}`)).organizer as string;
  });
  after(async () => t.close());

  it('the venue and the organizer end with the last rename of their chains', () => {
    expect(finalVenue).to.equal(`Hall v${renames}`);
    expect(finalOrganizer).to.equal(`Org v${renames}`);
  });

  it('every event read by id shows the final names in venue, organizer and json_ld', async () => {
    const expected = {
      venue: finalVenue,
      organizer: finalOrganizer,
      location: finalVenue,
      jsonLdOrganizer: finalOrganizer,
    };
    const reads = await eventually(
      () => allAtOnce(eventIds.length, (i) => t.request('GET', `${API}/events/${eventIds[i]}`)),
      (responses) => responses.every((res) => JSON.stringify(linkedNames(bodyOf(res))) === JSON.stringify(expected)),
    );
    reads.forEach((res, i) => expect(linkedNames(bodyOf(res)), `event ${eventIds[i]}`).to.deep.equal(expected));
  });

  it('every event in the lists filtered by the venue and by the organizer shows the final names', async () => {
    for (const filter of [`venue=${venueId}`, `organizer=${organizerId}`]) {
      const list = bodyOf(await t.request('GET', `${API}/events?${filter}&per_page=50`));
      const events = list.events as Body[];
      expect(events.map((event) => event.id).sort((a, b) => (a as number) - (b as number))).to.deep.equal(
        [...eventIds].sort((a, b) => a - b),
      );
      for (const event of events)
        expect(linkedNames(event), `event ${event.id as number}`).to.deep.equal({
          venue: finalVenue,
          organizer: finalOrganizer,
        });
    }
  });

  it('every event document of the read model embeds the final venue and organizer', async () => {
    for (const id of eventIds) {
      const doc = await t.service.readStore.events.get(id);
      expect(
        doc?.embedded.venues.map((venue) => venue.name),
        `event ${id}`,
      ).to.deep.equal([finalVenue]);
      expect(
        doc?.embedded.organizers.map((organizer) => organizer.name),
        `event ${id}`,
      ).to.deep.equal([finalOrganizer]);
    }
  });

  it(
    'the live read model equals a replay of the store from the start (no interleaving left a ' + 'stale copy)',
    async () => {
      const replayed = createMemoryReadStore(testMemos);
      await replayInto(t.service.store, replayed, { handlers: testProjections });
      expect(await digestReadStore(t.service.readStore, { detail: true })).to.deep.equal(
        await digestReadStore(replayed, { detail: true }),
      );
    },
  );
});
