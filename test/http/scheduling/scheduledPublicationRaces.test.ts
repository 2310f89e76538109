// Specifies that scheduled publication happens exactly once (docs/api.md §20.6): with two service instances on one
// data directory, both schedulers racing for the same items (repeated rounds), and when the append fails at the first
// attempt (a wrapper around the real store refuses it), after which a later round publishes it, still once.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import { StoreUnavailable, type EventStore } from '../../../src/events/eventStore.ts';
import { startTestService, type TestService } from '../../support/testService.ts';
import { API, bodyOf } from '../events/support/eventsApi.ts';
import { publicationEvents, publishedWithin, statusOf } from './support/schedulingApi.ts';

const when = { start_date: '2026-12-01 10:00:00', end_date: '2026-12-01 11:00:00' };

/** A future event due one minute after `now`. */
async function createDue(t: TestService, now: Date, title: string): Promise<number> {
  const date = new Date(now.getTime() + 60_000).toISOString().slice(0, 19).replace('T', ' ');
  const res = await t.admin('POST', `${API}/events`, { body: { title, ...when, status: 'publish', date } });
  expect(bodyOf(res).status).to.equal('future');
  return bodyOf(res).id as number;
}

describe('scheduled publication: exactly once', function () {
  this.timeout(120_000);

  describe('two instances on one data directory', () => {
    let dataDir: string;
    let a: TestService;
    let b: TestService;
    before(async () => {
      dataDir = mkdtempSync(join(tmpdir(), 'cal-scheduled-two-'));
      a = await startTestService({}, dataDir);
      b = await startTestService({}, dataDir);
    });
    after(async () => {
      await b.close();
      await a.close();
      rmSync(dataDir, { recursive: true, force: true });
    });

    for (let round = 1; round <= 5; round++) {
      it(`appends one publication per item when both schedulers race for it (round ${String(round)})`, async () => {
        const start = new Date(Date.UTC(2026, 10, 22, 11, round * 5));
        a.setNow(start);
        b.setNow(start);
        const ids = [
          await createDue(a, start, `Race ${String(round)} a`),
          await createDue(b, start, `Race ${String(round)} b`),
          await createDue(a, start, `Race ${String(round)} c`),
        ];
        // Both read models must know the items before the race: each instance applies the other's commits.
        for (const t of [a, b])
          for (const id of ids)
            await waitUntil(async () => (await t.service.readStore.events.get(id))?.status === 'future');
        const due = new Date(start.getTime() + 61_000);
        a.setNow(due);
        b.setNow(due);
        // Explicit rounds on both at once, beside the timers of both: four schedulers' attempts on the same items.
        const reports = await Promise.all([a.service.scheduler?.runRound(), b.service.scheduler?.runRound()]);
        for (const report of reports) expect(report?.failed).to.equal(0);
        for (const id of ids) {
          await publishedWithin(a, 'event', id);
          await publishedWithin(b, 'event', id);
          expect(await publicationEvents(a, 'event', id), `event ${String(id)}`).to.have.length(1);
        }
      });
    }
  });

  describe('an append that fails at the first attempt', () => {
    let t: TestService;
    let refused = 0;
    /** The real store, refusing the scheduler's first append as an unreachable store would. */
    const failingFirstSchedulerAppend = (store: EventStore): EventStore => {
      const wrapped = Object.create(store) as EventStore;
      const refuseFirst = async <T>(actor: unknown, append: () => Promise<T>): Promise<T> => {
        if (actor === 'scheduler' && refused === 0) {
          refused++;
          throw new StoreUnavailable('injected: the first scheduled append fails');
        }
        return append();
      };
      wrapped.append = (streamId, events, expected, options) =>
        refuseFirst(events[0]?.metadata.actor, () => store.append(streamId, events, expected, options));
      wrapped.appendToStreams = (appends, options) =>
        refuseFirst(appends.at(-1)?.events[0]?.metadata.actor, () => store.appendToStreams(appends, options));
      return wrapped;
    };
    before(async () => (t = await startTestService({}, undefined, { wrapStore: failingFirstSchedulerAppend })));
    after(async () => t.close());

    it('is retried by a later round and publishes the item once', async () => {
      const now = new Date('2026-11-22T11:00:00Z');
      t.setNow(now);
      const id = await createDue(t, now, 'Flaky');
      t.setNow(new Date(now.getTime() + 61_000));
      await publishedWithin(t, 'event', id);
      expect(refused, 'the first attempt was refused').to.equal(1);
      expect(await publicationEvents(t, 'event', id)).to.have.length(1);
      expect(await statusOf(t, 'event', id)).to.equal('publish');
    });
  });
});

async function waitUntil(condition: () => Promise<boolean>, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    expect(Date.now(), 'waited too long').to.be.below(deadline);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
