// Specifies scheduled publication (docs/api.md §20.6) on the real service (lmdb store, memory read model): a `future`
// event, venue or organizer becomes `publish` once its date passes, by one event with actor `scheduler`, in history,
// on the change feed, in lists and counts; not when it was re-dated, unpublished or trashed meanwhile; and on start
// for what fell due while the service was down. The clock is the service's injected one.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import { startTestService, type TestService } from '../../support/testService.ts';
import { waitFor } from '../../support/sseClient.ts';
import { API, bodyOf, idsOf, type JsonObject } from '../events/support/eventsApi.ts';
import { changeOf, openFeed } from '../changes/support/changesApi.ts';
import { publicationEvents, publishedWithin, statusOf, type PostKind } from './support/schedulingApi.ts';

const dueAt = '2026-11-22 11:00:00';
const afterDue = new Date('2026-11-22T11:00:01Z');
const when = { start_date: '2026-12-01 10:00:00', end_date: '2026-12-01 11:00:00' };

async function createFuture(t: TestService, kind: PostKind, name: string, extra: JsonObject = {}): Promise<number> {
  const body: JsonObject =
    kind === 'event'
      ? { title: name, ...when, status: 'publish', date: dueAt, ...extra }
      : { [kind]: name, status: 'publish', date: dueAt, ...extra };
  const res = await t.admin('POST', `${API}/${kind}s`, { body });
  expect(res.status, JSON.stringify(res.body)).to.equal(201);
  expect(bodyOf(res).status, 'a publish dated in the future is stored as future').to.equal('future');
  return bodyOf(res).id as number;
}

describe('scheduled publication (docs/api.md §20.6)', function () {
  this.timeout(60_000);

  describe('when the date passes', () => {
    let t: TestService;
    const ids: Partial<Record<PostKind, number>> = {};
    let categoryId: number;
    before(async () => {
      t = await startTestService();
      categoryId = bodyOf(await t.admin('POST', `${API}/categories`, { body: { name: 'Launches' } })).id as number;
      ids.event = await createFuture(t, 'event', 'Launch', { categories: [categoryId] });
      ids.venue = await createFuture(t, 'venue', 'New hall');
      ids.organizer = await createFuture(t, 'organizer', 'New crew');
    });
    after(async () => t.close());

    it('stays future while the date has not come', async () => {
      await t.service.scheduler?.runRound();
      for (const kind of ['event', 'venue', 'organizer'] as const)
        expect(await statusOf(t, kind, ids[kind] as number), kind).to.equal('future');
      expect(idsOf(await t.request('GET', `${API}/events`))).to.deep.equal([]);
    });

    it(
      'publishes event, venue and organizer by the timer once the clock passes the date, each by ' +
        'one scheduler event',
      async () => {
        const feed = await openFeed(t);
        try {
          t.setNow(afterDue);
          for (const kind of ['event', 'venue', 'organizer'] as const) {
            await publishedWithin(t, kind, ids[kind] as number);
            const events = await publicationEvents(t, kind, ids[kind] as number);
            expect(
              events.map((e) => [e.metadata.actor, e.data]),
              kind,
            ).to.deep.equal([['scheduler', { id: ids[kind], changes: { status: 'publish' } }]]);
            expect(events[0]?.metadata.occurredAt).to.equal(afterDue.toISOString());
          }
          const fromScheduler = () => feed.messages.map(changeOf).filter((change) => change.actor === 'scheduler');
          await waitFor(() => fromScheduler().length === 3, 'the change feed to send the three publications');
          expect(fromScheduler().map((c) => [c.type, c.stream])).to.deep.equal([
            ['EventDetailsChanged', `event-${String(ids.event)}`],
            ['VenueDetailsChanged', `venue-${String(ids.venue)}`],
            ['OrganizerDetailsChanged', `organizer-${String(ids.organizer)}`],
          ]);
        } finally {
          feed.abort();
        }
      },
    );

    it('shows the scheduler in history', async () => {
      const res = await t.admin('GET', `${API}/events/${String(ids.event)}/history`);
      const entries = bodyOf(res).history as JsonObject[];
      const last = entries.at(-1) as JsonObject;
      expect([last.type, last.actor, last.changes]).to.deep.equal([
        'EventDetailsChanged',
        'scheduler',
        { status: { before: 'future', after: 'publish' } },
      ]);
    });

    it('lists the items to anonymous callers and counts the event in its category', async () => {
      expect(idsOf(await t.request('GET', `${API}/events`))).to.deep.equal([ids.event]);
      expect((bodyOf(await t.request('GET', `${API}/venues`)).venues as JsonObject[]).map((v) => v.id)).to.deep.equal([
        ids.venue,
      ]);
      expect(
        (bodyOf(await t.request('GET', `${API}/organizers`)).organizers as JsonObject[]).map((o) => o.id),
      ).to.deep.equal([ids.organizer]);
      expect(bodyOf(await t.request('GET', `${API}/categories/${String(categoryId)}`)).count).to.equal(1);
    });

    it('publishes nothing more on later rounds', async () => {
      expect(await t.service.scheduler?.runRound()).to.include({ published: 0, notDue: 0, failed: 0 });
      for (const kind of ['event', 'venue', 'organizer'] as const)
        expect(await publicationEvents(t, kind, ids[kind] as number)).to.have.length(1);
    });
  });

  describe('items that changed before their date', () => {
    let t: TestService;
    before(async () => (t = await startTestService()));
    after(async () => t.close());

    it(
      'leaves alone an event re-dated later, an unpublished event and a trashed venue, and ' +
        'publishes the re-dated one at its new date',
      async () => {
        const moved = await createFuture(t, 'event', 'Moved');
        const drafted = await createFuture(t, 'event', 'Drafted');
        const trashed = await createFuture(t, 'venue', 'Torn down');
        expect(
          (await t.admin('PATCH', `${API}/events/${String(moved)}`, { body: { date: '2026-11-22 12:00:00' } })).status,
        ).to.equal(200);
        expect(
          bodyOf(await t.admin('PATCH', `${API}/events/${String(drafted)}`, { body: { status: 'draft' } })).status,
        ).to.equal('draft');
        expect((await t.admin('DELETE', `${API}/venues/${String(trashed)}`)).status).to.equal(200);
        t.setNow(afterDue);
        const round = await t.service.scheduler?.runRound();
        expect(round).to.include({ published: 0, failed: 0 });
        expect(await statusOf(t, 'event', moved)).to.equal('future');
        expect(await statusOf(t, 'event', drafted)).to.equal('draft');
        expect(await statusOf(t, 'venue', trashed)).to.equal('trash');
        for (const [kind, id] of [
          ['event', moved],
          ['event', drafted],
          ['venue', trashed],
        ] as const) {
          expect(await publicationEvents(t, kind, id), `${kind} ${String(id)}`).to.deep.equal([]);
        }
        t.setNow(new Date('2026-11-22T12:00:00Z'));
        await publishedWithin(t, 'event', moved);
        expect(await publicationEvents(t, 'event', moved)).to.have.length(1);
      },
    );
  });

  describe('after downtime', () => {
    let dataDir: string;
    before(() => (dataDir = mkdtempSync(join(tmpdir(), 'cal-scheduled-downtime-'))));
    after(() => rmSync(dataDir, { recursive: true, force: true }));

    it('publishes on start what fell due while the service was down', async () => {
      const first = await startTestService({}, dataDir);
      const id = await createFuture(first, 'event', 'While away');
      await first.close();
      const second = await startTestService({ CAL_SCHEDULER: 'off' }, dataDir);
      second.setNow(afterDue);
      // Off: nothing publishes it, whatever the time.
      expect(second.service.scheduler).to.equal(undefined);
      expect(await statusOf(second, 'event', id)).to.equal('future');
      await second.close();
      // The test service starts at the capture time; a clock already past the date is the one the start must honour.
      const third = await startTestService({}, dataDir, {}, afterDue);
      try {
        await publishedWithin(third, 'event', id);
        expect(await publicationEvents(third, 'event', id)).to.have.length(1);
      } finally {
        await third.close();
      }
    });
  });
});
