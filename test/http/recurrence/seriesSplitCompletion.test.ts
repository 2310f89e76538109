// A split (docs/api.md §20.3 `recurrence_scope=following`) that a store failure stopped between its appends is
// completed without the client: the series horizon process manager, at start and every round, creates the missing
// new series from what the cut recorded (docs/recurrence.md). At every append position and fault, the result equals
// an uninterrupted split; running the process manager again, or at once with the client's retry, writes nothing more.
// The real lmdb store runs behind the fault-injecting wrapper.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import { slugify } from '../../../src/domain/slug.ts';
import { FaultPlan, faultyAppends, type Fault } from '../../support/faults.ts';
import { startTestService, type TestService } from '../../support/testService.ts';
import { seriesTestTime, seriesWindow } from '../../support/recurringSeries.ts';
import { API, bodyOf, createEvent, eventsOf, type JsonObject } from '../events/support/eventsApi.ts';

/** What a split leaves, with the title made neutral; `suffixed` drops the `-2` a claim of unknown outcome causes. */
interface SplitShape {
  readonly old: JsonObject;
  readonly kept: JsonObject[];
  readonly started: JsonObject;
  readonly moved: JsonObject[];
}

describe('Recurring series: the process manager completes a split a store failure interrupted', function () {
  this.timeout(180000);
  let t: TestService;
  /** The plan of the write under test; the setup writes run with none. */
  let plan = new FaultPlan();
  const planHolder = { run: (...args: Parameters<FaultPlan['run']>) => plan.run(...args) } as unknown as FaultPlan;
  const faulty = { wrapStore: (store: Parameters<typeof faultyAppends>[0]) => faultyAppends(store, planHolder) };
  before(async () => {
    t = await startTestService({}, undefined, faulty);
  });
  after(async () => t.close());
  beforeEach(() => t.setNow(seriesTestTime));

  const listed = async (on: TestService, query: string): Promise<JsonObject[]> => {
    const res = await on.admin('GET', `${API}/events?per_page=100&${seriesWindow}&${query}`);
    expect(res.status, res.text).to.equal(200);
    return eventsOf(res);
  };
  const keeper = (on: TestService = t) => {
    const horizon = on.service.seriesHorizon;
    if (!horizon) throw new Error('no series horizon process manager');
    return horizon;
  };
  const head = () => t.service.store.headPosition();
  const projected = async (on: TestService) =>
    expect(await on.service.projections.waitFor(await on.service.store.headPosition(), 15000)).to.equal(true);
  /** The `EventSeriesSplit` recorded on the old series, if any. */
  const recordedCut = async (on: TestService, old: JsonObject) => {
    const cut = (await on.service.store.readStream(`event-${String(old.id)}`)).find(
      (e) => e.type === 'EventSeriesSplit',
    );
    return cut?.data as { newSeries: number } | undefined;
  };
  const newSeriesEvents = async (on: TestService, newSeries: number) =>
    (await on.service.store.readStream(`event-${String(newSeries)}`)).map((e) => e.type);

  /** Five weekly dates; the first occurrence an exception the old series keeps; the split at the second one. */
  const seriesToSplit = async (on: TestService, title: string) => {
    const old = await createEvent(on, {
      title,
      timezone: 'Europe/Madrid',
      start_date: '2026-12-01 19:00:00',
      end_date: '2026-12-01 21:00:00',
      recurrence: ['RRULE:FREQ=WEEKLY;COUNT=5'],
    });
    const [kept, at] = (await listed(on, `post_parent=${String(old.id)}`)) as [JsonObject, JsonObject];
    const excepted = await on.admin('PATCH', `${API}/events/${String(kept.id)}`, {
      body: { title: `${title} special` },
    });
    expect(excepted.status, excepted.text).to.equal(200);
    return { old, kept, at };
  };
  const split = (on: TestService, at: JsonObject, title: string) =>
    on.admin('PATCH', `${API}/events/${String(at.id)}?recurrence_scope=following`, {
      body: { title: `${title} later`, start_date: '2026-12-15 20:00:00', end_date: '2026-12-15 22:00:00' },
    });

  const shapeOf = async (on: TestService, old: JsonObject, title: string, suffixed = false): Promise<SplitShape> => {
    const cut = await recordedCut(on, old);
    if (!cut) throw new Error('no split recorded');
    const neutral = (item: JsonObject): JsonObject => {
      const { title: itemTitle, slug, start_date, end_date, status, recurrence, original_start_date } = item;
      const plainSlug = suffixed ? String(slug).replace(/(\d{4}-\d{2}-\d{2})-\d+$/, '$1') : String(slug);
      const fields = { itemTitle, slug: plainSlug, start_date, end_date, status, recurrence, original_start_date };
      return JSON.parse(JSON.stringify(fields).replaceAll(title, 'T').replaceAll(slugify(title), 't')) as JsonObject;
    };
    const oldNow = bodyOf(await on.admin('GET', `${API}/events/${String(old.id)}`));
    const started = bodyOf(await on.admin('GET', `${API}/events/${String(cut.newSeries)}`));
    const moved = await listed(on, `post_parent=${String(cut.newSeries)}`);
    expect(moved.map((o) => o.recurring_event_id)).to.deep.equal(moved.map(() => cut.newSeries));
    // Nothing doubled: the series items, the kept occurrence and the moved ones are all the events of the title.
    const kept = await listed(on, `post_parent=${String(old.id)}`);
    const all = await listed(on, `search=${encodeURIComponent(title)}`);
    const expected = [old.id, cut.newSeries, ...kept.map((o) => o.id), ...moved.map((o) => o.id)];
    expect(all.map((e) => e.id).sort()).to.deep.equal(expected.sort());
    return { old: neutral(oldNow), kept: kept.map(neutral), started: neutral(started), moved: moved.map(neutral) };
  };

  let reference: SplitShape;
  let appends = 0;
  it('an uninterrupted split, for comparison: the old series keeps its exception, the new has two more', async () => {
    const title = 'Reference choir';
    const { old, kept, at } = await seriesToSplit(t, title);
    plan = new FaultPlan();
    expect((await split(t, at, title)).status).to.equal(200);
    appends = plan.calls;
    expect(appends).to.be.greaterThan(2);
    await projected(t);
    reference = await shapeOf(t, old, title);
    expect((await listed(t, `post_parent=${String(old.id)}`)).map((o) => o.id)).to.deep.equal([kept.id]);
    expect(reference.kept.map((o) => o.itemTitle)).to.deep.equal(['T special']);
    expect(reference.started).to.include({ itemTitle: 'T later', slug: 't-2026-12-15' });
    expect(reference.moved.map((o) => o.slug)).to.deep.equal(['t-2026-12-22', 't-2026-12-29']);
    expect(await keeper().completeSplits()).to.deep.equal({ completed: 0, failed: 0 });
  });

  for (const fault of ['fail', 'commit-then-fail'] as Fault[]) {
    it(`${fault} at each append: the process manager completes the split as if uninterrupted, once`, async () => {
      for (let call = 1; call <= appends; call++) {
        const title = `Choir ${fault === 'fail' ? 'refused' : 'unanswered'} c${String(call)}z`;
        const suffixed = fault === 'commit-then-fail';
        const { old, kept, at } = await seriesToSplit(t, title);
        plan = FaultPlan.at(call, fault);
        const first = await split(t, at, title);
        plan = new FaultPlan();
        const cut = await recordedCut(t, old);
        const missing = cut !== undefined && (await newSeriesEvents(t, cut.newSeries)).length === 0;
        const because = `${fault} at append ${String(call)}: ${first.text}`;
        expect(await keeper().completeSplits(), because).to.deep.equal({ completed: missing ? 1 : 0, failed: 0 });
        await projected(t);
        if (cut) {
          expect(await shapeOf(t, old, title, suffixed), because).to.deep.equal(reference);
          expect((await listed(t, `post_parent=${String(old.id)}`)).map((o) => o.id)).to.deep.equal([kept.id]);
        } else {
          // A failure before the cut leaves the series as it was: nothing for the process manager to complete.
          expect(first.status, because).to.not.equal(200);
          expect(await listed(t, `post_parent=${String(old.id)}`), because).to.have.length(4);
        }
        // Again, then the client's retry: nothing more is written once the split is whole.
        const before = await head();
        expect(await keeper().completeSplits(), because).to.deep.equal({ completed: 0, failed: 0 });
        const retried = await split(t, at, title);
        expect(retried.status, `${because} / retry: ${retried.text}`).to.equal(200);
        if (cut) {
          expect(bodyOf(retried).id, because).to.equal(cut.newSeries);
          expect(await head(), because).to.equal(before);
        }
        await projected(t);
        expect(await shapeOf(t, old, title, suffixed), because).to.deep.equal(reference);
      }
    });
  }

  it('the client retrying while two rounds run: one new series, nothing doubled (repeated)', async () => {
    for (let race = 1; race <= 6; race++) {
      const title = `Raced choir r${String(race)}z`;
      const { old, at } = await seriesToSplit(t, title);
      // The first slug given back fails: the cut is recorded, the new series is not written.
      plan = FaultPlan.at(1, 'fail', /slug-/);
      expect((await split(t, at, title)).status).to.not.equal(200);
      plan = new FaultPlan();
      const cut = await recordedCut(t, old);
      if (!cut) throw new Error('no split recorded');
      expect(await newSeriesEvents(t, cut.newSeries)).to.deep.equal([]);
      const [retried, one, two] = await Promise.all([
        split(t, at, title),
        keeper().completeSplits(),
        keeper().completeSplits(),
      ]);
      expect(retried.status, retried.text).to.equal(200);
      expect(bodyOf(retried).id).to.equal(cut.newSeries);
      expect(one.completed + two.completed).to.be.at.most(1);
      expect(one.failed + two.failed).to.equal(0);
      expect(await newSeriesEvents(t, cut.newSeries)).to.deep.equal(['EventScheduled', 'EventRecurrenceSet']);
      await projected(t);
      expect(await shapeOf(t, old, title)).to.deep.equal(reference);
    }
  });

  it('the next start completes a split that a failure interrupted before a stop', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'cal-split-'));
    try {
      const title = 'Restarted choir';
      const stopped = await startTestService({}, dir, faulty, seriesTestTime);
      const { old, at } = await seriesToSplit(stopped, title);
      plan = FaultPlan.at(1, 'fail', /slug-/);
      expect((await split(stopped, at, title)).status).to.not.equal(200);
      plan = new FaultPlan();
      await stopped.close();
      const started = await startTestService({}, dir, {}, seriesTestTime);
      try {
        // The round the start ran: stop waits for it.
        await keeper(started).stop();
        const cut = await recordedCut(started, old);
        if (!cut) throw new Error('no split recorded');
        expect(await newSeriesEvents(started, cut.newSeries)).to.deep.equal(['EventScheduled', 'EventRecurrenceSet']);
        await projected(started);
        expect(await shapeOf(started, old, title)).to.deep.equal(reference);
      } finally {
        await started.close();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
