// Specifies an import of a series interrupted between the series and its overrides (docs/api.md §21.2): the store
// refuses the append of an override, the import answers the store failure, and importing the same file again
// completes the work (the overrides applied) instead of finding the series unchanged.
import { expect } from 'chai';
import { startTestService, type TestService } from '../../support/testService.ts';
import { FaultPlan, faultyAppends } from '../../support/faults.ts';
import { importIcs, weeklyWithOverrides } from '../../support/icsImport.ts';
import { API } from '../events/support/eventsApi.ts';

/** Four Mondays, the second moved to Tuesday and retitled, the third cancelled. */
const weekly = weeklyWithOverrides(1, 'Taller, moved');

const importWeekly = (svc: TestService) => importIcs<Record<string, unknown>>(svc, weekly);

describe('POST events.ics of a series whose override the store refuses (docs/api.md §21.2)', function () {
  this.timeout(30_000);
  let t: TestService;
  let plan: FaultPlan;
  before(async () => {
    // The series is created by a multi-stream append (its slug and its stream); an override is a single append.
    plan = FaultPlan.at(1, 'fail', /^append to event-\d+$/);
    t = await startTestService({ CAL_TIMEZONE: 'Europe/Madrid' }, undefined, {
      wrapStore: (store) => faultyAppends(store, plan),
    });
  });
  after(async () => t.close());

  it('completes the overrides when the same file is imported again', async () => {
    const failed = await importWeekly(t);
    expect(failed.status, JSON.stringify(failed.body)).to.equal(503);
    expect(plan.injected).to.deep.equal(['fail']);
    const again = await importWeekly(t);
    expect(again.status, JSON.stringify(again.body)).to.equal(200);
    expect(again.body).to.include({ created: 0, updated: 1, unchanged: 0 });
    const listed = await t.admin('GET', `${API}/events?search=taller&start_date=2027-01-01&end_date=2027-12-31`);
    expect(listed.status, listed.text).to.equal(200);
    const events = (listed.body as { events: { title: string; start_date: string }[] }).events;
    expect(events.map((event) => [event.title, event.start_date])).to.deep.equal([
      ['Taller', '2027-01-04 18:00:00'],
      ['Taller, moved', '2027-01-12 19:00:00'],
      ['Taller', '2027-01-25 18:00:00'],
    ]);
    // A third import finds the work done.
    expect((await importWeekly(t)).body).to.include({ created: 0, updated: 0, unchanged: 1 });
  });
});
