// Specifies events linked to venues, organizers, categories and tags: embedded
// representations, inline creation, cascades when a linked item changes or goes,
// term counts, and the event list filters by link (docs/api.md §4, §6, §10, §11).
import { expect } from 'chai';
import { startTestService, type TestService } from '../../support/testService.ts';
import { API, bodyOf, capture, eventsOf, idsOf, type Json } from '../events/support/eventsApi.ts';
import { asJson, created, decodedEmails, replayCaptures, withOurIds, type CaptureIds } from './support/linkFixtures.ts';

const dates = { start_date: '2026-11-26 10:00:00', end_date: '2026-11-26 12:00:00' };

describe('Events linked to venues, organizers and terms', () => {
  let t: TestService;
  let ids: CaptureIds;
  before(async () => {
    t = await startTestService();
    ids = await replayCaptures(t);
  });
  after(async () => t.close());

  it('embeds the venue, organizer and terms exactly as capture 13 shows them (json_ld included)', async () => {
    const res = await t.request('GET', `${API}/events/${ids.event}`);
    const expected = withOurIds(capture('13').response.body as Json, ids);
    expect(decodedEmails(asJson(res))).to.deep.equal(decodedEmails(expected));
    expect(JSON.stringify(Object.keys(asJson(res)))).to.equal(JSON.stringify(Object.keys(capture('13').response.body)));
  });

  it('answers the create with the embedded items too, without json_ld (capture 10)', async () => {
    const body = {
      ...capture('10').request.body,
      title: 'Full Event again',
      venue: ids.venue,
      organizer: [ids.organizer],
      categories: [ids.category],
      tags: [ids.tag],
    };
    const event = await created(await t.admin('POST', `${API}/events`, { body }));
    expect((event.venue as { venue: string }).venue).to.equal('Main Hall');
    expect(event.venue).to.not.have.property('json_ld');
    expect((event.categories as { count: number }[])[0]?.count).to.equal(2);
  });

  it('keeps term counts to published events of the term language', async () => {
    const category = asJson(await t.request('GET', `${API}/categories/${ids.category}`));
    const draft = await created(
      await t.admin('POST', `${API}/events`, {
        body: { title: 'Draft', ...dates, status: 'draft', categories: [ids.category] },
      }),
    );
    expect(asJson(await t.request('GET', `${API}/categories/${ids.category}`)).count).to.equal(category.count);
    await t.admin('PATCH', `${API}/events/${String(draft.id)}`, { body: { status: 'publish' } });
    expect(asJson(await t.request('GET', `${API}/categories/${ids.category}`)).count).to.equal(
      (category.count as number) + 1,
    );
  });

  it('creates terms named in an event write, and reuses them by slug or name', async () => {
    const first = await created(
      await t.admin('POST', `${API}/events`, {
        body: { title: 'Named terms', ...dates, categories: 'Concerts, Jazz', tags: ['late night'] },
      }),
    );
    const names = (first.categories as { name: string; id: number }[]).map((c) => c.name);
    expect(names).to.deep.equal(['Concerts', 'Jazz']);
    const again = await created(
      await t.admin('POST', `${API}/events`, {
        body: { title: 'Named again', ...dates, categories: ['concerts'], tags: 'Late Night' },
      }),
    );
    expect((again.categories as { id: number }[])[0]?.id).to.equal((first.categories as { id: number }[])[0]?.id);
    expect((again.tags as { id: number }[])[0]?.id).to.equal((first.tags as { id: number }[])[0]?.id);
  });

  it('creates an inline venue and organizers in list order, reusing an identical existing venue', async () => {
    const venue = {
      venue: 'Main Hall',
      address: '1 Main St',
      city: 'Springfield',
      country: 'United States',
      state: 'IL',
      zip: '62701',
      phone: '555-0100',
    };
    const event = await created(
      await t.admin('POST', `${API}/events`, {
        body: { title: 'Inline', ...dates, venue, organizer: [{ organizer: 'New Org' }, { id: ids.organizer }] },
      }),
    );
    expect((event.venue as { id: number }).id).to.equal(ids.venue);
    expect((event.organizer as { organizer: string }[]).map((o) => o.organizer)).to.deep.equal([
      'New Org',
      'Acme Events',
    ]);
  });

  it('refuses references to missing or trashed venues and organizers, and malformed inline objects', async () => {
    for (const body of [{ venue: 99999 }, { organizer: [{ id: 99999 }] }, { venue: { city: 'No name' } }]) {
      const res = await t.admin('POST', `${API}/events`, { body: { title: 'Bad link', ...dates, ...body } });
      expect(res.status, res.text).to.equal(400);
    }
  });

  it('shows a renamed venue in every event that links it once the rename has answered', async () => {
    const venue = await created(await t.admin('POST', `${API}/venues`, { body: { venue: 'Old Name' } }));
    const a = await created(
      await t.admin('POST', `${API}/events`, { body: { title: 'A', ...dates, venue: venue.id } }),
    );
    const b = await created(
      await t.admin('POST', `${API}/events`, { body: { title: 'B', ...dates, venue: venue.id } }),
    );
    expect(
      (await t.admin('PATCH', `${API}/venues/${String(venue.id)}`, { body: { venue: 'New Name' } })).status,
    ).to.equal(200);
    for (const id of [a.id, b.id]) {
      const event = bodyOf(await t.request('GET', `${API}/events/${String(id)}`));
      expect((event.venue as { venue: string }).venue).to.equal('New Name');
    }
  });

  it('unlinks a trashed venue or organizer from its events, and removes a deleted term from them', async () => {
    const venue = await created(await t.admin('POST', `${API}/venues`, { body: { venue: 'Doomed Hall' } }));
    const organizer = await created(await t.admin('POST', `${API}/organizers`, { body: { organizer: 'Doomed Org' } }));
    const tag = await created(await t.admin('POST', `${API}/tags`, { body: { name: 'doomed' } }));
    const event = await created(
      await t.admin('POST', `${API}/events`, {
        body: { title: 'Loses links', ...dates, venue: venue.id, organizer: [organizer.id], tags: [tag.id] },
      }),
    );
    await t.admin('DELETE', `${API}/venues/${String(venue.id)}`);
    await t.admin('DELETE', `${API}/organizers/${String(organizer.id)}`);
    await t.admin('DELETE', `${API}/tags/${String(tag.id)}`);
    const after = bodyOf(await t.request('GET', `${API}/events/${String(event.id)}`));
    expect(after).to.deep.include({ venue: [], organizer: [], tags: [] });
  });

  it(
    'filters events by category (children included), tag, venue and organizer, ids or slugs, OR ' + 'within a filter',
    async () => {
      const parent = await created(await t.admin('POST', `${API}/categories`, { body: { name: 'Arts' } }));
      const child = await created(
        await t.admin('POST', `${API}/categories`, { body: { name: 'Painting', parent: parent.id } }),
      );
      const inChild = await created(
        await t.admin('POST', `${API}/events`, { body: { title: 'In child', ...dates, categories: [child.id] } }),
      );
      const inParent = await created(
        await t.admin('POST', `${API}/events`, { body: { title: 'In parent', ...dates, categories: [parent.id] } }),
      );
      const byParent = await t.request('GET', `${API}/events?categories=arts`);
      expect(idsOf(byParent)).to.have.members([inChild.id as number, inParent.id as number]);
      expect(bodyOf(byParent).rest_url).to.include('&categories=arts');
      expect(idsOf(await t.request('GET', `${API}/events?categories=${String(child.id)}`))).to.deep.equal([inChild.id]);
      expect(eventsOf(await t.request('GET', `${API}/events?venue=${String(ids.venue)}`)).length).to.be.greaterThan(0);
      expect(
        eventsOf(await t.request('GET', `${API}/events?organizer=${String(ids.organizer)}&tags=beginner`)).length,
      ).to.be.greaterThan(0);
      for (const bad of ['categories=nope', 'tags=99999', 'venue=99999', `organizer=${String(ids.venue)}`]) {
        expect((await t.request('GET', `${API}/events?${bad}`)).status, bad).to.equal(400);
      }
    },
  );

  it('lists the venues and organizers of an event, those with events, and those with upcoming events', async () => {
    const venues = await t.request('GET', `${API}/venues?event=${String(ids.event)}`);
    expect((bodyOf(venues).venues as { id: number }[]).map((v) => v.id)).to.deep.equal([ids.venue]);
    const lonely = await created(await t.admin('POST', `${API}/venues`, { body: { venue: 'Lonely Hall' } }));
    const withEvents = (
      bodyOf(await t.request('GET', `${API}/venues?has_events=1&per_page=50`)).venues as { id: number }[]
    ).map((v) => v.id);
    expect(withEvents).to.include(ids.venue).and.not.include(lonely.id);
    const withoutEvents = (
      bodyOf(await t.request('GET', `${API}/venues?has_events=0&per_page=50`)).venues as { id: number }[]
    ).map((v) => v.id);
    expect(withoutEvents).to.include(lonely.id).and.not.include(ids.venue);
    const upcoming = (
      bodyOf(await t.request('GET', `${API}/organizers?only_with_upcoming=yes`)).organizers as { id: number }[]
    ).map((o) => o.id);
    expect(upcoming).to.include(ids.organizer);
    expect((await t.request('GET', `${API}/venues?event=99999`)).status).to.equal(400);
  });

  it('lists the terms of an event through post and its alias event', async () => {
    const categories = bodyOf(await t.request('GET', `${API}/categories?post=${String(ids.event)}`)).categories as {
      id: number;
    }[];
    expect(categories.map((c) => c.id)).to.deep.equal([ids.category]);
    const tags = bodyOf(await t.request('GET', `${API}/tags?event=${String(ids.event)}`)).tags as { id: number }[];
    expect(tags.map((c) => c.id)).to.deep.equal([ids.tag]);
  });
});
