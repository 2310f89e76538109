// Specifies that the import of a series' RECURRENCE-ID overrides (docs/api.md §21.2) compares an override's dates with
// its occurrence's own (the original start, as long as the series' first occurrence), not with the series' first
// dates: an override that keeps its occurrence as it is writes nothing, one that changes only its text writes only
// that, one that moves it writes its dates; timed and all-day series alike.
import { expect } from 'chai';
import { startTestService, type TestService } from '../../support/testService.ts';
import { importIcs, type ImportReport } from '../../support/icsImport.ts';
import { API } from '../events/support/eventsApi.ts';

type Listed = { id: number; start_date: string; end_date: string; title: string };
type Stored = { readonly type: string; readonly data: unknown };
type OccurrenceChange = { occurrence: number; changes: Record<string, unknown> };

/** One series (`first` lines) and its overrides, each under the same UID. */
const calendar = (uid: string, first: readonly string[], overrides: readonly (readonly string[])[]): string =>
  [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//test//EN',
    ...[first, ...overrides].flatMap((lines) => ['BEGIN:VEVENT', `UID:${uid}`, 'SEQUENCE:0', ...lines, 'END:VEVENT']),
    'END:VCALENDAR',
    '',
  ].join('\r\n');

const timed = calendar(
  'timed@test',
  [
    'RRULE:FREQ=WEEKLY;COUNT=4',
    'DTSTART;TZID=Europe/Madrid:20270104T180000',
    'DTEND;TZID=Europe/Madrid:20270104T200000',
    'SUMMARY:Taller',
  ],
  [
    // As it is: an application writes the override of an occurrence it left unchanged with its own dates.
    [
      'RECURRENCE-ID;TZID=Europe/Madrid:20270111T180000',
      'DTSTART;TZID=Europe/Madrid:20270111T180000',
      'DTEND;TZID=Europe/Madrid:20270111T200000',
      'SUMMARY:Taller',
    ],
    // Only its title changed.
    [
      'RECURRENCE-ID:20270118T170000Z',
      'DTSTART;TZID=Europe/Madrid:20270118T180000',
      'DTEND;TZID=Europe/Madrid:20270118T200000',
      'SUMMARY:Taller (sala gran)',
    ],
    // An hour longer.
    [
      'RECURRENCE-ID;TZID=Europe/Madrid:20270125T180000',
      'DTSTART;TZID=Europe/Madrid:20270125T180000',
      'DTEND;TZID=Europe/Madrid:20270125T210000',
      'SUMMARY:Taller',
    ],
  ],
);

const allDay = calendar(
  'all-day@test',
  ['RRULE:FREQ=WEEKLY;COUNT=3', 'DTSTART;VALUE=DATE:20270104', 'DTEND;VALUE=DATE:20270105', 'SUMMARY:Fira'],
  [
    ['RECURRENCE-ID;VALUE=DATE:20270111', 'DTSTART;VALUE=DATE:20270111', 'DTEND;VALUE=DATE:20270112', 'SUMMARY:Fira'],
    ['RECURRENCE-ID;VALUE=DATE:20270118', 'DTSTART;VALUE=DATE:20270118', 'DTEND;VALUE=DATE:20270120', 'SUMMARY:Fira'],
  ],
);

describe('POST events.ics compares an override with its own occurrence (docs/api.md §21.2, §20.3)', function () {
  this.timeout(30_000);
  let svc: TestService;
  before(async () => {
    svc = await startTestService({ CAL_TIMEZONE: 'Europe/Madrid' });
  });
  after(() => svc.close());

  async function imported(file: string, uid: string): Promise<{ listed: Listed[]; changes: OccurrenceChange[] }> {
    const { status, body } = await importIcs<ImportReport>(svc, file);
    expect(status).to.equal(200);
    expect(body).to.include({ created: 1, skipped: 0 });
    const id = body.events.find((event) => event.uid === uid)?.id as number;
    const res = await svc.admin('GET', `${API}/events?post_parent=${id}&start_date=2027-01-01&end_date=2027-02-28`);
    const stream = (await svc.service.store.readStream(`event-${id}`)) as readonly Stored[];
    const changes = stream.filter((e) => e.type === 'EventOccurrenceChanged').map((e) => e.data as OccurrenceChange);
    return { listed: (res.body as { events: Listed[] }).events, changes };
  }

  it('writes nothing for an unchanged occurrence, the title of a renamed one, the dates of a longer one', async () => {
    const { listed, changes } = await imported(timed, 'timed@test');
    expect(listed.map((o) => [o.start_date, o.end_date, o.title])).to.deep.equal([
      ['2027-01-11 18:00:00', '2027-01-11 20:00:00', 'Taller'],
      ['2027-01-18 18:00:00', '2027-01-18 20:00:00', 'Taller (sala gran)'],
      ['2027-01-25 18:00:00', '2027-01-25 21:00:00', 'Taller'],
    ]);
    const [renamed, longer] = listed.slice(1).map((o) => o.id);
    expect(changes.map((change) => change.occurrence)).to.deep.equal([renamed, longer]);
    expect(Object.keys(changes[0]?.changes ?? {})).to.deep.equal(['title']);
    expect(changes[1]?.changes).to.include({ end: '2027-01-25 21:00:00' });
    expect(changes[1]?.changes).not.to.have.property('title');
  });

  it('compares all-day overrides by day: the same day writes nothing, a second day is written', async () => {
    const { listed, changes } = await imported(allDay, 'all-day@test');
    expect(listed.map((o) => [o.start_date.slice(0, 10), o.end_date.slice(0, 10)])).to.deep.equal([
      ['2027-01-11', '2027-01-11'],
      ['2027-01-18', '2027-01-19'],
    ]);
    expect(changes.map((change) => change.occurrence)).to.deep.equal([listed[1]?.id]);
  });
});
