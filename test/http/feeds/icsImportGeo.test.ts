// Specifies that the import of calendar files (docs/api.md §21.2) reads a venue's `GEO` into its coordinates when the
// extended add-on is on (§16), gives them back in the feed, and leaves them out when the add-on is off or the value
// is not two numbers within range.
import { expect } from 'chai';
import { startTestService, type TestService } from '../../support/testService.ts';
import { importIcs, type ImportReport } from '../../support/icsImport.ts';
import { API } from '../events/support/eventsApi.ts';

/** One event at a venue of its own, with `geo` as the GEO line (or none). */
const atVenue = (uid: string, venue: string, geo?: string): string =>
  [
    `UID:${uid}`,
    'DTSTAMP:20270101T000000Z',
    'DTSTART;TZID=Europe/Madrid:20270605T180000',
    'DTEND;TZID=Europe/Madrid:20270605T200000',
    `SUMMARY:At ${venue}`,
    `LOCATION:${venue}\\, Plaça de Catalunya 1`,
    ...(geo === undefined ? [] : [geo]),
  ].join('\r\n');

const calendarOf = (...events: string[]): string =>
  ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//Test//Geo//EN']
    .concat(
      events.map((event) => `BEGIN:VEVENT\r\n${event}\r\nEND:VEVENT`),
      ['END:VCALENDAR', ''],
    )
    .join('\r\n');

const file = calendarOf(
  atVenue('placed@test', 'Placed', 'GEO:41.3874;2.1686'),
  atVenue('beyond@test', 'Beyond', 'GEO:91;2.1686'),
  atVenue('half@test', 'Half', 'GEO:41.3874'),
  atVenue('unplaced@test', 'Unplaced'),
);

type Venue = { venue: string; geo_lat?: number; geo_lng?: number };

async function venuesOf(svc: TestService, report: ImportReport): Promise<Record<string, Venue>> {
  const venues: Record<string, Venue> = {};
  for (const { id } of report.events) {
    const event = (await svc.admin('GET', `${API}/events/${id}`)).body as { venue: Venue };
    venues[event.venue.venue] = event.venue;
  }
  return venues;
}

describe('POST events.ics reads GEO into the venue (docs/api.md §21.2, §16)', function () {
  this.timeout(20_000);
  let svc: TestService;
  afterEach(() => svc.close());

  it('stores the coordinates of a valid GEO with the extended add-on on, and the feed gives them back', async () => {
    svc = await startTestService({ CAL_TIMEZONE: 'Europe/Madrid', CAL_EXTENDED_ADDON: 'true' });
    const imported = await importIcs<ImportReport>(svc, file);
    expect(imported.status, imported.text).to.equal(200);
    expect(imported.body).to.include({ created: 4, skipped: 0 });
    const venues = await venuesOf(svc, imported.body);
    expect(venues.Placed).to.include({ geo_lat: 41.3874, geo_lng: 2.1686 });
    for (const name of ['Beyond', 'Half', 'Unplaced']) expect(venues[name], name).to.not.have.property('geo_lat');
    const placed = imported.body.events.find((event) => event.uid === 'placed@test')?.id;
    const feed = await svc.admin('GET', `${API}/events/${placed}.ics`);
    expect(feed.text).to.match(/\r\nGEO:41\.3874;2\.1686\r\n/);
  });

  it('leaves the coordinates out with the add-on off', async () => {
    svc = await startTestService({ CAL_TIMEZONE: 'Europe/Madrid' });
    const imported = await importIcs<ImportReport>(svc, file);
    expect(imported.body).to.include({ created: 4, skipped: 0 });
    const placed = imported.body.events.find((event) => event.uid === 'placed@test')?.id;
    const event = (await svc.admin('GET', `${API}/events/${placed}`)).body as { venue: { id: number } };
    const [registered] = await svc.service.store.readStream(`venue-${event.venue.id}`);
    expect(JSON.stringify(registered?.data)).to.not.include('41.3874');
  });
});
