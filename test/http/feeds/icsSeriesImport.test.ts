// Specifies the import of recurring entries (docs/api.md §21.2) on the real service: RRULE/RDATE/EXDATE become the
// series' `recurrence` on its own wall clock, RECURRENCE-ID overrides become exceptions (a moved occurrence) or
// cancellations, counted under the series' UID; the same file again changes nothing, a higher SEQUENCE updates.
import { expect } from 'chai';
import { startTestService, type TestService } from '../../support/testService.ts';
import { icsFixture, importIcs, weeklyWithOverrides, type ImportReport } from '../../support/icsImport.ts';
import { API } from '../events/support/eventsApi.ts';

type Listed = { id: number; title: string; start_date: string; recurrence?: string[] };

const meetingUid = '040000008200E00074C5B7101A82E00800000000A0B1C2D3E4F5@example.com';

const idOf = (report: ImportReport, uid: string): number => {
  const id = report.events.find((event) => event.uid === uid)?.id;
  expect(id, uid).to.be.a('number');
  return id as number;
};

async function occurrences(svc: TestService, series: number): Promise<Listed[]> {
  const res = await svc.admin('GET', `${API}/events?post_parent=${series}&start_date=2027-01-01&end_date=2027-12-31`);
  expect(res.status).to.equal(200);
  return (res.body as { events: Listed[] }).events;
}

describe('POST events.ics imports recurring entries (docs/api.md §21.2)', function () {
  this.timeout(30_000);
  let svc: TestService;
  beforeEach(async () => {
    svc = await startTestService({ CAL_TIMEZONE: 'Europe/Madrid' });
  });
  afterEach(() => svc.close());

  it('imports a Google series with its EXDATE list: the excluded Thursdays are not listed', async () => {
    const { status, body } = await importIcs<ImportReport>(svc, icsFixture('google.ics'));
    expect(status).to.equal(200);
    const id = idOf(body, 'weekly-club@google.com');
    const series = (await svc.admin('GET', `${API}/events/${id}`)).body as Listed;
    expect(series.recurrence).to.deep.equal([
      'RRULE:FREQ=WEEKLY;COUNT=4;BYDAY=TH',
      'EXDATE;TZID=Europe/Madrid:20270408T190000,20270415T190000',
    ]);
    expect((await occurrences(svc, id)).map((o) => o.start_date)).to.deep.equal(['2027-04-22 19:00:00']);
  });

  it('imports an Outlook series: its override moves one occurrence, the cancelled one is absent', async () => {
    const { body } = await importIcs<ImportReport>(svc, icsFixture('outlook.ics'));
    expect(body).to.include({ created: 2, skipped: 0 });
    expect(body.events.filter((event) => event.uid === meetingUid)).to.have.length(1);
    const listed = await occurrences(svc, idOf(body, meetingUid));
    expect(listed.map((o) => [o.start_date, o.title])).to.deep.equal([
      ['2027-05-20 10:00:00', 'Reunión (movida)'],
      ['2027-06-02 10:00:00', 'Reunión del comité'],
    ]);
  });

  it('reads RECURRENCE-ID in UTC or a zone on the series wall clock; the same file again changes nothing', async () => {
    const first = await importIcs<ImportReport>(svc, weeklyWithOverrides(0, 'Taller (dimarts)'));
    expect(first.body).to.include({ created: 1, skipped: 0 });
    const id = idOf(first.body, 'weekly@test');
    const expected = [
      ['2027-01-12 19:00:00', 'Taller (dimarts)'],
      ['2027-01-25 18:00:00', 'Taller'],
    ];
    expect((await occurrences(svc, id)).map((o) => [o.start_date, o.title])).to.deep.equal(expected);
    const revision = (await svc.service.store.readStream(`event-${id}`)).length;
    expect((await importIcs<ImportReport>(svc, weeklyWithOverrides(0, 'Taller (dimarts)'))).body).to.include({
      unchanged: 1,
      updated: 0,
    });
    expect((await svc.service.store.readStream(`event-${id}`)).length).to.equal(revision);
  });

  it('updates the series and its exceptions when SEQUENCE grows', async () => {
    const id = idOf(
      (await importIcs<ImportReport>(svc, weeklyWithOverrides(0, 'Taller (dimarts)'))).body,
      'weekly@test',
    );
    const again = await importIcs<ImportReport>(svc, weeklyWithOverrides(1, 'Taller (canviat)'));
    expect(again.body).to.include({ updated: 1, skipped: 0 });
    const listed = await occurrences(svc, id);
    expect(listed.map((o) => [o.start_date, o.title])).to.deep.equal([
      ['2027-01-12 19:00:00', 'Taller (canviat)'],
      ['2027-01-25 18:00:00', 'Taller'],
    ]);
  });

  it('skips an override whose start is no occurrence of its series, and one without its series', async () => {
    const file = weeklyWithOverrides(0, 'Taller').replace(
      'RECURRENCE-ID:20270111T170000Z',
      'RECURRENCE-ID:20270111T160000Z',
    );
    const { body } = await importIcs<ImportReport>(svc, file);
    expect(body.skipped_components).to.deep.equal([
      { uid: 'weekly@test', reason: 'RECURRENCE-ID 2027-01-11 16:00:00 is no occurrence of its series' },
    ]);
    const orphan = weeklyWithOverrides(0, 'Taller').replace('RRULE:FREQ=WEEKLY;COUNT=4', 'X-NO-RULE:1');
    expect((await importIcs<ImportReport>(svc, orphan)).body.skipped_components.map((s) => s.reason)).to.deep.equal([
      'RECURRENCE-ID without its series',
      'RECURRENCE-ID without its series',
    ]);
  });

  it('skips a series whose rule the service refuses, with the recurrence reason code', async () => {
    const file = weeklyWithOverrides(0, 'Taller').replace(
      'RRULE:FREQ=WEEKLY;COUNT=4',
      'RRULE:FREQ=WEEKLY;UNTIL=20260101T000000Z',
    );
    const { status, body } = await importIcs<ImportReport>(svc, file);
    expect(status).to.equal(200);
    expect(body).to.include({ created: 0, skipped: 1 });
    expect(body.skipped_components).to.deep.equal([
      { uid: 'weekly@test', reason: 'its event was refused (invalid recurrence: recurrence-until-before-start)' },
    ]);
  });
});
