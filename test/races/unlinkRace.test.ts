// Specifies the unlink cascade under concurrent linking writes (docs/api.md §11): trashing a venue or organizer, or
// deleting a category or tag, while events linking it are created and updated at the same moment, leaves no event
// linking it, in the store's facts or in the read model; and an event linked through another service instance just
// before, which this instance's read model has not seen yet, is unlinked too.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import { eventStreamId } from '../../src/events/catalogue/calendarEvents.ts';
import { loadEvent } from '../../src/commands/events/eventCommands.ts';
import { openLmdbEventStore } from '../../src/events/embedded/lmdbEventStore.ts';
import type { EventStore } from '../../src/events/eventStore.ts';
import { startTestService, type TestService } from '../support/testService.ts';
import { adminRequest, killHard, startServiceProcess, type ServiceProcess } from '../support/serviceProcess.ts';
import { API, allAtOnce, bodyOf, created } from './support/raceApi.ts';

type Body = Record<string, unknown>;
type Links = { venues: number[]; organizers: number[]; categories: number[]; tags: number[] };

const day = (i: number) => `2026-12-${String((i % 28) + 1).padStart(2, '0')}`;

/** Every event of the store with the links its own stream's facts hold. */
async function linksInStore(store: EventStore): Promise<Map<number, Links>> {
  const ids = new Set<number>();
  for (const event of await store.readAll())
    if (event.type === 'EventScheduled') ids.add((event.data as { id: number }).id);
  const links = new Map<number, Links>();
  for (const id of ids) {
    const { state } = await loadEvent(store, id);
    if (state.exists)
      links.set(id, {
        venues: state.facts.venues,
        organizers: state.facts.organizers,
        categories: state.facts.categories,
        tags: state.facts.tags,
      });
  }
  return links;
}

/**
 * A racing write either went through (the cascade then unlinks it) or, when a removal's request overtook it on the
 * way in (the writes' bodies are read before their links are checked; a DELETE has none), was refused for linking
 * an item that is gone: 400 naming only link parameters. Anything else fails.
 */
function expectWrittenOrRefusedLate(res: { status: number; text: string; body: unknown }): void {
  if (res.status !== 400) return void expect(res.status, res.text).to.be.oneOf([200, 201]);
  const { code, data } = res.body as { code: string; data: { params: Record<string, string> } };
  expect(code, res.text).to.equal('rest_invalid_param');
  expect(Object.keys(data.params), res.text).to.satisfy((names: string[]) =>
    names.every((name) => ['venue', 'organizer', 'categories', 'tags'].includes(name)),
  );
}

describe('the unlink cascade under concurrent linking writes', function () {
  this.timeout(180_000);

  describe('in one service', () => {
    let t: TestService;
    const linked: Partial<Links> & { eventIds?: number[] } = {};
    let createdByRace = 0;
    before(async () => {
      t = await startTestService();
      const venue = (await created(t, 'venues', { venue: 'Doomed hall', city: 'Race City' })).id as number;
      const organizer = (await created(t, 'organizers', { organizer: 'Doomed org', phone: '1' })).id as number;
      const category = (await created(t, 'categories', { name: 'Doomed category' })).id as number;
      const tag = (await created(t, 'tags', { name: 'Doomed tag' })).id as number;
      Object.assign(linked, { venues: [venue], organizers: [organizer], categories: [category], tags: [tag] });
      const links = { venue, organizer: [organizer], categories: [category], tags: [tag] };
      const body = (i: number): Body => ({
        title: `Linked ${i}`,
        start_date: `${day(i)} 18:00:00`,
        end_date: `${day(i)} 19:00:00`,
        ...links,
      });
      const existing: number[] = [];
      for (let i = 0; i < 30; i++) existing.push((await created(t, 'events', body(i))).id as number);
      const unlinked: number[] = [];
      for (let i = 0; i < 30; i++)
        unlinked.push(
          (await created(t, 'events', { ...body(100 + i), venue: 0, organizer: [], categories: [], tags: [] }))
            .id as number,
        );

      // Creates and re-linking updates in flight while the four items go: each one checked while they were still
      // there may commit before, during or after the removal's scan.
      const writes = Promise.all([
        allAtOnce(40, (i) => t.admin('POST', `${API}/events`, { body: body(200 + i) })),
        allAtOnce(30, (i) =>
          t.admin('PATCH', `${API}/events/${unlinked[i]}`, { body: { title: `Relinked ${i}`, ...links } }),
        ),
        allAtOnce(30, (i) =>
          t.admin('PATCH', `${API}/events/${existing[i]}`, { body: { title: `Renamed ${i}`, ...links } }),
        ),
      ]);
      const removals = Promise.all([
        t.admin('DELETE', `${API}/venues/${venue}`),
        t.admin('DELETE', `${API}/organizers/${organizer}`),
        t.admin('DELETE', `${API}/categories/${category}`),
        t.admin('DELETE', `${API}/tags/${tag}`),
      ]);
      for (const res of await removals) expect(res.status, res.text).to.equal(200);
      const [creates, ...updates] = await writes;
      for (const res of [...creates, ...updates.flat()]) expectWrittenOrRefusedLate(res);
      createdByRace = creates.filter((res) => res.status === 201).length;
    });
    after(async () => t.close());

    it("leaves no event linking them in its stream's facts", async () => {
      const links = await linksInStore(t.service.store);
      const stillLinked = [...links].filter(
        ([, l]) =>
          l.venues.includes(linked.venues?.[0] as number) ||
          l.organizers.includes(linked.organizers?.[0] as number) ||
          l.categories.includes(linked.categories?.[0] as number) ||
          l.tags.includes(linked.tags?.[0] as number),
      );
      expect(
        stillLinked.map(([id]) => id),
        'events still linking a removed item',
      ).to.deep.equal([]);
      expect(links.size).to.equal(60 + createdByRace);
    });

    it('shows no event with them, in the read model nor in any single read', async () => {
      const ids = [...(await linksInStore(t.service.store)).keys()];
      for (const id of ids) {
        const event = bodyOf(await t.admin('GET', `${API}/events/${id}`));
        expect(event.venue, `event ${id}`).to.deep.equal([]);
        expect(event.organizer, `event ${id}`).to.deep.equal([]);
        expect(event.categories, `event ${id}`).to.deep.equal([]);
        expect(event.tags, `event ${id}`).to.deep.equal([]);
      }
      for (const [field, id] of [
        ['venues', linked.venues?.[0]],
        ['organizers', linked.organizers?.[0]],
      ] as const) {
        expect(await t.service.readStore.events.linking(field, id as number), field).to.deep.equal([]);
      }
    });

    it("records each unlink as a change of the event's own stream", async () => {
      const venue = linked.venues?.[0] as number;
      for (const [id] of await linksInStore(t.service.store)) {
        const stream = await t.service.store.readStream(eventStreamId(id));
        const everLinked = stream.some((e) => JSON.stringify(e.data).includes(`"venues":[${venue}]`));
        if (!everLinked) continue;
        const last = stream.filter((e) => JSON.stringify(e.data).includes('"venues":')).at(-1);
        expect(last?.type, `event ${id}`).to.equal('EventDetailsChanged');
        expect((last?.data as { changes: { venues: number[] } }).changes.venues, `event ${id}`).to.deep.equal([]);
      }
    });
  });

  describe('across two service instances on one data directory', () => {
    let root: string;
    let instances: ServiceProcess[] = [];
    before(() => {
      root = mkdtempSync(join(tmpdir(), 'cal-unlink-race-'));
    });
    after(async () => {
      for (const instance of instances) await killHard(instance);
      rmSync(root, { recursive: true, force: true });
    });

    it(
      "unlinks an event the other instance linked just before, which this one's read model has " + 'not seen yet',
      async () => {
        const dataDir = join(root, 'data');
        // A long poll interval would hide nothing here: the embedded store polls every 100 ms, the trash follows at
        // once.
        const [a, b] = [await startServiceProcess(dataDir), await startServiceProcess(dataDir)] as [
          ServiceProcess,
          ServiceProcess,
        ];
        instances = [a, b];
        const venue = await adminRequest(a.url, 'POST', '/venues', { venue: 'Shared hall' });
        expect(venue?.status).to.equal(201);
        const venueId = (venue?.body as { id: number }).id;
        // B must know the venue before it may link it.
        for (let tries = 0; (await adminRequest(b.url, 'GET', `/venues/${venueId}`))?.status !== 200; tries++) {
          expect(tries).to.be.below(200);
          await new Promise((resolve) => setTimeout(resolve, 25));
        }
        const events: number[] = [];
        for (let round = 0; round < 5; round++) {
          const linking = await adminRequest(b.url, 'POST', '/events', {
            title: `Via B ${round}`,
            start_date: `${day(round)} 10:00`,
            end_date: `${day(round)} 11:00`,
            venue: venueId,
          });
          expect(linking?.status).to.equal(201);
          events.push((linking?.body as { id: number }).id);
        }
        const trashed = await adminRequest(a.url, 'DELETE', `/venues/${venueId}`);
        expect(trashed?.status).to.equal(200);
        await killHard(a);
        await killHard(b);
        instances = [];

        const store = await openLmdbEventStore(join(dataDir, 'events'));
        try {
          for (const id of events) {
            const { state } = await loadEvent(store, id);
            expect(state.exists && state.facts.venues, `event ${id}`).to.deep.equal([]);
          }
        } finally {
          await store.close();
        }
      },
    );
  });
});
