// The series horizon process manager (docs/api.md §20.1, docs/architecture.md §8): as the injected clock moves,
// open-ended series get their later occurrences planned, once, with the ids planned before kept.
import { expect } from 'chai';
import { startTestService, type TestService } from '../../support/testService.ts';
import { API, createEvent, eventsOf } from '../events/support/eventsApi.ts';

const window = 'start_date=2026-01-01 00:00:00&end_date=2029-12-31 23:59:59';

describe('Recurring series: the horizon moves with the clock (docs/api.md §20.1)', () => {
  let t: TestService;
  before(async function () {
    this.timeout(20000);
    t = await startTestService({ CAL_RECURRENCE_HORIZON_MONTHS: '2' });
  });
  after(async () => t.close());
  beforeEach(() => t.setNow(new Date('2026-11-22T10:52:29Z')));

  const starts = async (id: unknown) => {
    const res = await t.admin('GET', `${API}/events?post_parent=${String(id)}&per_page=50&${window}`);
    return eventsOf(res).map((o) => `${String(o.id)} ${String(o.start_date)}`);
  };
  const seriesEvents = async (id: unknown) =>
    (await t.service.store.readStream(`event-${String(id)}`)).filter((e) => e.type === 'EventRecurrenceSet').length;
  const keeper = () => {
    const horizon = t.service.seriesHorizon;
    if (!horizon) throw new Error('no series horizon process manager');
    return horizon;
  };

  it('plans the later occurrences of an open-ended series, keeping the ids planned before', async () => {
    const series = await createEvent(t, {
      title: 'Open weekly',
      timezone: 'Australia/Sydney',
      start_date: '2026-12-01 19:00:00',
      end_date: '2026-12-01 20:00:00',
      recurrence: ['RRULE:FREQ=WEEKLY'],
    });
    const planned = await starts(series.id);
    expect(planned.at(-1)).to.match(/ 2027-01-19 19:00:00$/);
    t.setNow(new Date('2027-02-22T10:52:29Z'));
    expect(await keeper().runRound()).to.deep.equal({ extended: 1, unchanged: 0, failed: 0 });
    const extended = await starts(series.id);
    expect(extended.slice(0, planned.length)).to.deep.equal(planned);
    expect(extended.at(-1)).to.match(/ 2027-04-20 19:00:00$/);
    expect(await keeper().runRound()).to.deep.equal({ extended: 0, unchanged: 1, failed: 0 });
    await keeper().runRound();
  });

  it('extends once when rounds run at the same time (repeated)', async () => {
    const series = await createEvent(t, {
      title: 'Open daily',
      start_date: '2026-12-01 09:00:00',
      end_date: '2026-12-01 10:00:00',
      recurrence: 'RRULE:FREQ=DAILY;INTERVAL=3',
    });
    for (const [round, month] of ['2027-01-22', '2027-02-22', '2027-03-22'].entries()) {
      t.setNow(new Date(`${month}T10:00:00Z`));
      const reports = await Promise.all([keeper().runRound(), keeper().runRound(), keeper().runRound()]);
      for (const report of reports) expect(report.failed).to.equal(0);
      // One more plan on the series' stream per round, however many rounds ran at once.
      expect(await seriesEvents(series.id)).to.equal(round + 2);
      const listed = await starts(series.id);
      expect(new Set(listed.map((line) => line.split(' ')[1])).size).to.equal(listed.length);
    }
  });

  it('leaves series with COUNT or UNTIL alone', async () => {
    const counted = await createEvent(t, {
      title: 'Counted',
      start_date: '2026-12-01 09:00:00',
      end_date: '2026-12-01 10:00:00',
      recurrence: 'RRULE:FREQ=WEEKLY;COUNT=20',
    });
    const before = await starts(counted.id);
    t.setNow(new Date('2027-06-22T10:00:00Z'));
    await keeper().runRound();
    expect(await starts(counted.id)).to.deep.equal(before);
  });
});
