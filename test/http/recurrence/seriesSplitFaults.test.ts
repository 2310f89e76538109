// A split (docs/api.md §20.3 `recurrence_scope=following`) converges under store failures: at every append it makes,
// a refused append or one that commits and then loses its answer leaves either nothing changed or a split that the
// same write sent again completes; no occurrence is lost or doubled. The real lmdb store runs behind the wrapper.
import { expect } from 'chai';
import { FaultPlan, faultyAppends, type Fault } from '../../support/faults.ts';
import { startTestService, type TestService } from '../../support/testService.ts';
import { seriesTestTime, seriesWindow } from '../../support/recurringSeries.ts';
import { API, bodyOf, createEvent, eventsOf, type JsonObject } from '../events/support/eventsApi.ts';

describe('Recurring series: a split converges after a store failure at any of its appends', function () {
  this.timeout(120000);
  let t: TestService;
  /** The plan of the write under test; the setup writes run with none. */
  let plan = new FaultPlan();
  const planHolder = { run: (...args: Parameters<FaultPlan['run']>) => plan.run(...args) } as unknown as FaultPlan;
  before(async () => {
    t = await startTestService({}, undefined, { wrapStore: (store) => faultyAppends(store, planHolder) });
  });
  after(async () => t.close());
  beforeEach(() => t.setNow(seriesTestTime));

  const listed = async (query: string): Promise<JsonObject[]> => {
    const res = await t.admin('GET', `${API}/events?per_page=100&${seriesWindow}&${query}`);
    expect(res.status, res.text).to.equal(200);
    return eventsOf(res);
  };
  const split = (occurrence: unknown, title = 'Late choir') =>
    t.admin('PATCH', `${API}/events/${String(occurrence)}?recurrence_scope=following`, {
      body: { title, start_date: '2026-12-08 20:00:00', end_date: '2026-12-08 22:00:00' },
    });
  const newSeriesOf = async (title: string): Promise<{ old: JsonObject; at: JsonObject }> => {
    const old = await createEvent(t, {
      title,
      timezone: 'Europe/Madrid',
      start_date: '2026-12-01 19:00:00',
      end_date: '2026-12-01 21:00:00',
      recurrence: ['RRULE:FREQ=WEEKLY;COUNT=4'],
    });
    const [at] = (await listed(`post_parent=${String(old.id)}`)).filter((o) => o.start_date === '2026-12-08 19:00:00');
    return { old, at: at as JsonObject };
  };

  /** The whole split, as a split that met no failure leaves it. */
  /**
   * `suffixed`: after a claim whose outcome was unknown, the slug stays taken (as for any create, so that two items
   * never share one) and the retry's slug may carry a `-2`.
   */
  const expectWholeSplit = async (old: JsonObject, started: JsonObject, title: string, suffixed: boolean) => {
    const slug = title.toLowerCase().replaceAll(' ', '-');
    const slugOf = (item: JsonObject) =>
      suffixed ? String(item.slug).replace(/(\d{4}-\d{2}-\d{2})-\d+$/, '$1') : item.slug;
    expect(bodyOf(await t.admin('GET', `${API}/events/${String(old.id)}`)).recurrence).to.deep.equal([
      'RRULE:FREQ=WEEKLY;UNTIL=20261208T185959',
    ]);
    expect(await listed(`post_parent=${String(old.id)}`)).to.deep.equal([]);
    expect(started).to.include({ title: `${title} later`, start_date: '2026-12-08 20:00:00' });
    expect(slugOf(started)).to.equal(`${slug}-2026-12-08`);
    const moved = await listed(`post_parent=${String(started.id)}`);
    expect(moved.map((o) => [o.start_date, slugOf(o)])).to.deep.equal([
      ['2026-12-15 20:00:00', `${slug}-2026-12-15`],
      ['2026-12-22 20:00:00', `${slug}-2026-12-22`],
    ]);
    // Nothing doubled: the old series item, the new one and its two occurrences are all the listed events.
    const all = await listed(`search=${encodeURIComponent(title)}`);
    expect(all.map((e) => e.id).sort()).to.deep.equal([old.id, started.id, ...moved.map((o) => o.id)].sort());
  };

  it('a split that meets no failure makes this many appends', async () => {
    const { at } = await newSeriesOf('Counted split');
    plan = new FaultPlan();
    expect((await split(at.id)).status).to.equal(200);
    expect(plan.calls).to.be.greaterThan(2);
    appends = plan.calls;
  });

  let appends = 0;
  for (const fault of ['fail', 'commit-then-fail'] as Fault[]) {
    it(`${fault} at each append: nothing changed, or the same write sent again completes the split`, async () => {
      for (let call = 1; call <= appends; call++) {
        const title = `Split ${fault} c${String(call)}z`;
        const { old, at } = await newSeriesOf(title);
        plan = FaultPlan.at(call, fault);
        const first = await split(at.id, `${title} later`);
        plan = new FaultPlan();
        const answered = first.status === 200 ? first : await split(at.id, `${title} later`);
        expect(answered.status, `${fault} at append ${String(call)}: ${answered.text}`).to.equal(200);
        await expectWholeSplit(old, bodyOf(answered), title, fault === 'commit-then-fail');
      }
    });
  }
});
