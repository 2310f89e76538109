// Specifies that the import of a series' RECURRENCE-ID overrides (docs/api.md §21.2) reads their venue, organizer and
// categories: one that names other ones than its series makes them the occurrence's own (an exception, §20.3), one
// that names the same ones or none keeps the series', and the feed gives the exception's venue back.
import { expect } from 'chai';
import { startTestService, type TestService } from '../../support/testService.ts';
import { importIcs, type ImportReport } from '../../support/icsImport.ts';
import { API } from '../events/support/eventsApi.ts';

type Occurrence = {
  id: number;
  start_date: string;
  title: string;
  venue: { venue?: string } | [];
  organizer: { organizer: string }[];
  categories: { name: string }[];
};

const apolo = 'LOCATION:Sala Apolo\\, Nou de la Rambla 113';
const club = 'ORGANIZER;CN=Club de Jazz:mailto:club@example.org';

/** Four Mondays at Sala Apolo; the overrides of the 11th, 18th and 25th January as `overrides` gives their lines. */
const weekly = (overrides: Record<string, readonly string[]>): string =>
  [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//test//EN',
    ...[
      ['RRULE:FREQ=WEEKLY;COUNT=4', 'DTSTART;TZID=Europe/Madrid:20270104T180000', 'SUMMARY:Taller', apolo, club],
      ...Object.entries(overrides).map(([day, lines]) => [
        `RECURRENCE-ID;TZID=Europe/Madrid:202701${day}T180000`,
        `DTSTART;TZID=Europe/Madrid:202701${day}T180000`,
        ...lines,
      ]),
    ].flatMap((lines) => [
      'BEGIN:VEVENT',
      'UID:linked-weekly@test',
      'SEQUENCE:0',
      'CATEGORIES:Tallers',
      ...lines,
      'END:VEVENT',
    ]),
    'END:VCALENDAR',
    '',
  ].join('\r\n');

const file = weekly({
  '11': ['SUMMARY:Taller', 'LOCATION:Razzmatazz\\, Pamplona 88', club, 'CATEGORIES:Concerts'],
  '18': ['SUMMARY:Taller', apolo, club],
  '25': ['SUMMARY:Taller (sense lloc)'],
});

describe('POST events.ics reads the links of RECURRENCE-ID overrides (docs/api.md §21.2, §20.3)', function () {
  this.timeout(30_000);
  let svc: TestService;
  before(async () => {
    svc = await startTestService({ CAL_TIMEZONE: 'Europe/Madrid' });
  });
  after(() => svc.close());

  const seen = (occurrence: Occurrence) => [
    occurrence.start_date.slice(0, 10),
    occurrence.title,
    Array.isArray(occurrence.venue) ? '' : occurrence.venue.venue,
    occurrence.organizer.map((organizer) => organizer.organizer).join(),
    occurrence.categories.map((category) => category.name).join(),
  ];

  it('makes the venue and categories an override names the occurrence own; the others keep the series', async () => {
    const imported = await importIcs<ImportReport>(svc, file);
    expect(imported.status, imported.text).to.equal(200);
    expect(imported.body).to.include({ created: 1, skipped: 0 });
    const id = imported.body.events[0]?.id;
    const listed = await svc.admin('GET', `${API}/events?post_parent=${id}&start_date=2027-01-01&end_date=2027-12-31`);
    expect((listed.body as { events: Occurrence[] }).events.map(seen)).to.deep.equal([
      ['2027-01-11', 'Taller', 'Razzmatazz', 'Club de Jazz', 'Concerts,Tallers'],
      ['2027-01-18', 'Taller', 'Sala Apolo', 'Club de Jazz', 'Tallers'],
      ['2027-01-25', 'Taller (sense lloc)', 'Sala Apolo', 'Club de Jazz', 'Tallers'],
    ]);
    const changed = (await svc.service.store.readStream(`event-${id}`)).filter(
      (event) => event.type === 'EventOccurrenceChanged',
    );
    const linkKeys = (event: (typeof changed)[number]) =>
      Object.keys((event.data as { changes: object }).changes).filter((key) =>
        /venues|organizers|categories/.test(key),
      );
    // The 18th's override keeps its occurrence as it is (dates, title, links): nothing is written for it.
    expect(changed.map(linkKeys)).to.deep.equal([['categories', 'venues'], []]);
    const venues = (await svc.admin('GET', `${API}/venues`)).body as { venues: { venue: string }[] };
    expect(venues.venues.map((venue) => venue.venue).sort()).to.deep.equal(['Razzmatazz', 'Sala Apolo']);

    const feed = (await svc.admin('GET', `${API}/events/${id}.ics`)).text.replace(/\r\n /g, '');
    const override = feed
      .split('BEGIN:VEVENT')
      .find((entry) => entry.includes('RECURRENCE-ID;TZID=Europe/Madrid:20270111'));
    expect(override).to.match(/\r\nLOCATION:Razzmatazz\\nPamplona 88\r\n/);

    const again = await importIcs<ImportReport>(svc, file);
    expect(again.body).to.include({ unchanged: 1, created: 0, updated: 0 });
  });
});
