// Specifies the import of calendar files (docs/api.md §21.2) on the real service: files shaped like the exports of
// Google Calendar (folded in the middle of a UTF-8 character, as RFC 5545 §3.1 warns simple writers do), Outlook,
// Apple Calendar and Thunderbird become events, venues, organizers and categories, read
// back through GET /events; a second import changes nothing; a newer version updates its event.
import { expect } from 'chai';
import { startTestService, type TestService } from '../../support/testService.ts';
import { icsFixture, importIcs, type ImportReport } from '../../support/icsImport.ts';
import { API } from '../events/support/eventsApi.ts';
import { StoreUnavailable, type EventStore, type NewEvent } from '../../../src/events/eventStore.ts';

type Listed = Record<string, unknown> & {
  venue: { venue?: string; address?: string } | [];
  organizer: { organizer: string; email: string }[];
  categories: { name: string }[];
};

async function imported(svc: TestService, name: string): Promise<ImportReport> {
  const res = await importIcs(svc, icsFixture(name));
  expect(res.status, res.text).to.equal(200);
  return res.body as ImportReport;
}

async function eventOf(svc: TestService, report: ImportReport, uid: string): Promise<Listed> {
  const entry = report.events.find((event) => event.uid === uid);
  expect(entry, uid).to.not.equal(undefined);
  const res = await svc.admin('GET', `${API}/events/${entry?.id}`);
  expect(res.status).to.equal(200);
  return res.body as Listed;
}

describe('POST events.ics imports calendar files (docs/api.md §21.2)', function () {
  this.timeout(20_000);
  let svc: TestService;
  beforeEach(async () => {
    svc = await startTestService({ CAL_TIMEZONE: 'Europe/Madrid' });
  });
  afterEach(() => svc.close());

  it('imports a Google Calendar export: zones, all-day, UTC, escaped texts, venue, organizer, a series', async () => {
    const report = await imported(svc, 'google.ics');
    expect(report).to.include({ created: 4, updated: 0, unchanged: 0, skipped: 0 });
    const jazz = await eventOf(svc, report, '7kukuqrfedlm2f9t0vr42f4vd1@google.com');
    expect(jazz).to.include({
      title: 'Nit de jazz al Palau',
      start_date: '2027-03-05 20:00:00',
      timezone: 'Europe/Madrid',
    });
    expect(jazz.utc_start_date).to.equal('2027-03-05 19:00:00');
    expect(jazz.description).to.contain('Concert de jazz amb el trio de la Mar, obert a tothom; entrada lliure.');
    expect(jazz.description).to.contain('Segona línia amb accents: àéíòú ç·l.');
    expect(jazz.venue).to.include({
      venue: 'Palau de la Música Catalana',
      address: 'C/ del Palau de la Música 4-6, 08003 Barcelona, Espanya',
    });
    const fair = await eventOf(svc, report, '0a1b2c3d4e5f@google.com');
    expect(fair).to.include({ title: 'Fira d’hivern', all_day: true });
    expect([String(fair.start_date).slice(0, 10), String(fair.end_date).slice(0, 10)]).to.deep.equal([
      '2027-03-10',
      '2027-03-11',
    ]);
    const talk = await eventOf(svc, report, 'utc-talk-0001@google.com');
    expect(talk).to.include({ utc_start_date: '2027-03-20 18:00:00', utc_end_date: '2027-03-20 19:30:00' });
    expect(talk).to.include({ timezone: 'Europe/Madrid', start_date: '2027-03-20 19:00:00' });
    expect(talk.organizer.map((o) => [o.organizer, o.email])).to.deep.equal([['Anna Puig', 'anna.puig@example.org']]);
  });

  it('imports an Outlook export: Windows zone names, categories, a series, X- properties, alarms ignored', async () => {
    const report = await imported(svc, 'outlook.ics');
    expect(report).to.include({ created: 2, skipped: 0 });
    const meeting = await eventOf(svc, report, '040000008200E00074C5B7101A82E00800000000A0B1C2D3E4F5@example.com');
    expect(meeting).to.include({ title: 'Reunión del comité', timezone: 'Europe/Berlin' });
    expect(meeting.utc_start_date).to.equal('2027-05-12 08:00:00');
    expect(meeting.description).to.contain('Orden del día: presupuesto, calendario; varios');
    const visit = await eventOf(svc, report, 'outlook-paris-0002@example.com');
    // "Romance Standard Time" is Paris, Brussels, Copenhagen, Madrid: the site zone is one of them, so it is kept.
    expect(visit).to.include({ timezone: 'Europe/Madrid', start_date: '2027-06-02 14:00:00' });
    expect(visit.categories.map((c) => c.name).sort()).to.deep.equal(['Culture', 'Visites']);
  });

  it('imports an Apple Calendar export: a multi-line venue address, a floating time in the site zone', async () => {
    const report = await imported(svc, 'apple.ics');
    expect(report).to.include({ created: 2, skipped: 0 });
    const fireworks = await eventOf(svc, report, '5B1C7E2A-9C3D-4E5F-8A6B-7C8D9E0F1A2B');
    expect(fireworks).to.include({ timezone: 'America/New_York', start_date: '2027-07-04 20:30:00' });
    expect(fireworks.venue).to.include({
      venue: 'Riverside Park',
      address: 'W 72nd St &amp; Riverside Dr, New York, NY 10023, United States',
    });
    const run = await eventOf(svc, report, 'apple-floating-0001');
    expect(run).to.include({ timezone: 'Europe/Madrid', start_date: '2027-07-10 09:00:00' });
  });

  it('imports a Thunderbird export: mozilla.org zone names, a custom VTIMEZONE, folded lines, DURATION', async () => {
    const report = await imported(svc, 'thunderbird.ics');
    expect(report).to.include({ created: 2, skipped: 0 });
    const meetup = await eventOf(svc, report, '8d2f1c3e-1111-4a2b-9c3d-123456789abc');
    expect(meetup.title).to.equal(
      'Stammtisch – Gespräch über Straßenbahnlinien, Busse; und Fahrräder in der Innenstadt',
    );
    expect(meetup).to.include({ timezone: 'Europe/Berlin', start_date: '2027-09-15 19:00:00' });
    expect(meetup.categories.map((c) => c.name).sort()).to.deep.equal(['Stadtplanung', 'Verkehr']);
    const concert = await eventOf(svc, report, 'tb-custom-zone-0002');
    // "Eigene Zeitzone" has Central European rules: the site zone gives the same offsets, so it is chosen.
    expect(concert).to.include({ timezone: 'Europe/Madrid', start_date: '2027-11-20 20:00:00' });
    expect(concert.end_date).to.equal('2027-11-20 22:00:00');
  });
});

const single = (uid: string, summary: string, version: string): string =>
  [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Test//Import//EN',
    'BEGIN:VEVENT',
    `UID:${uid}`,
    'DTSTAMP:20270101T000000Z',
    'DTSTART;TZID=Europe/Madrid:20270605T180000',
    'DTEND;TZID=Europe/Madrid:20270605T200000',
    `SUMMARY:${summary}`,
    version,
    'END:VEVENT',
    'END:VCALENDAR',
    '',
  ].join('\r\n');

describe('POST events.ics is idempotent by UID, SEQUENCE and LAST-MODIFIED (docs/api.md §21.2)', function () {
  this.timeout(20_000);
  let svc: TestService;
  before(async () => {
    svc = await startTestService({ CAL_TIMEZONE: 'Europe/Madrid' });
  });
  after(() => svc.close());

  const countEvents = async () =>
    Number(
      (await svc.admin('GET', `${API}/events?status=any&start_date=2027-01-01&end_date=2027-12-31`)).headers.get(
        'x-wp-total',
      ),
    );

  it('changes nothing when the same file comes again, and keeps the UID and source in the metadata', async () => {
    const first = (await importIcs(svc, icsFixture('google.ics'))).body as ImportReport;
    const before = await countEvents();
    const again = await importIcs(svc, icsFixture('google.ics'));
    expect(again.status).to.equal(200);
    expect(again.body).to.include({ created: 0, updated: 0, unchanged: 4, skipped: 0 });
    expect((again.body as ImportReport).events.map((e) => e.id).sort()).to.deep.equal(
      first.events.map((e) => e.id).sort(),
    );
    expect(await countEvents()).to.equal(before);
    const id = first.events.find((e) => e.uid === 'utc-talk-0001@google.com')?.id;
    const [recorded] = await svc.service.store.readStream(`event-${id}`);
    expect(recorded?.metadata.importedFrom).to.deep.equal({ uid: 'utc-talk-0001@google.com', source: 'upload' });
  });

  it('updates the event of a UID when SEQUENCE grows, or LAST-MODIFIED moves on at the same SEQUENCE', async () => {
    const created = (await importIcs(svc, single('versioned@test', 'First', 'SEQUENCE:1'))).body as ImportReport;
    const id = created.events[0]?.id;
    const older = await importIcs(svc, single('versioned@test', 'Older', 'SEQUENCE:0'));
    expect(older.body).to.include({ unchanged: 1, updated: 0 });
    const newer = await importIcs(svc, single('versioned@test', 'Second', 'SEQUENCE:2'));
    expect(newer.body).to.include({ updated: 1 });
    expect((await svc.admin('GET', `${API}/events/${id}`)).body).to.include({ title: 'Second' });
    const touched = single('versioned@test', 'Third', 'SEQUENCE:2\r\nLAST-MODIFIED:20270301T000000Z');
    expect((await importIcs(svc, touched)).body).to.include({ updated: 1 });
    expect((await importIcs(svc, touched)).body).to.include({ unchanged: 1 });
    expect((await svc.admin('GET', `${API}/events/${id}`)).body).to.include({ title: 'Third' });
  });

  it('links an existing venue with the same name and address, and an existing category of the same name', async () => {
    const venue = await svc.admin('POST', `${API}/venues`, {
      body: { venue: 'Sala Apolo', address: 'Nou de la Rambla 113' },
    });
    const category = await svc.admin('POST', `${API}/categories`, { body: { name: 'Concerts' } });
    const file = single('linked@test', 'Linked', 'LOCATION:Sala Apolo\\, Nou de la Rambla 113\r\nCATEGORIES:Concerts');
    const report = (await importIcs(svc, file)).body as ImportReport;
    const event = (await svc.admin('GET', `${API}/events/${report.events[0]?.id}`)).body as Listed;
    expect((event.venue as { id: number }).id).to.equal((venue.body as { id: number }).id);
    expect(event.categories.map((c) => (c as unknown as { id: number }).id)).to.deep.equal([
      (category.body as { id: number }).id,
    ]);
  });
});

describe('POST events.ics of one file twice at once (docs/api.md §21.2)', function () {
  this.timeout(60_000);
  let svc: TestService;
  before(async () => {
    svc = await startTestService({ CAL_TIMEZONE: 'Europe/Madrid' });
  });
  after(() => svc.close());

  it('leaves one event per UID, whichever import records it first, again and again', async () => {
    for (let round = 0; round < 5; round += 1) {
      const file = single(`race-${round}@test`, `Race ${round}`, 'SEQUENCE:0');
      const [a, b] = await Promise.all([importIcs(svc, file), importIcs(svc, file)]);
      expect([a.status, b.status]).to.deep.equal([200, 200]);
      const ids = [a, b].map((res) => (res.body as ImportReport).events[0]?.id);
      expect(ids[0], `round ${round}`).to.equal(ids[1]);
      const listed = await svc.admin(
        'GET',
        `${API}/events?search=Race%20${round}&start_date=2027-06-01&end_date=2027-06-30`,
      );
      expect((listed.body as { events: { id: number }[] }).events.map((event) => event.id)).to.deep.equal([ids[0]]);
    }
  });
});

describe('POST events.ics when the store fails half-way (docs/api.md §21.2)', function () {
  this.timeout(20_000);
  let svc: TestService;
  let failing = true;
  /** The real store, refusing the first append of the second entry's event as an unreachable store would. */
  const failingSecondEvent = (store: EventStore): EventStore => {
    const wrapped = Object.create(store) as EventStore;
    const refuseSecond = async <T>(events: readonly NewEvent[], append: () => Promise<T>): Promise<T> => {
      const second = events.some((event) => event.type === 'EventScheduled' && isSecond(event.metadata.importedFrom));
      if (failing && second) {
        failing = false;
        throw new StoreUnavailable('injected: the second event cannot be written');
      }
      return append();
    };
    const isSecond = (from: unknown) => (from as { uid?: string } | undefined)?.uid === 'second@test';
    wrapped.append = (streamId, events, expected, options) =>
      refuseSecond(events, () => store.append(streamId, events, expected, options));
    wrapped.appendToStreams = (appends, options) =>
      refuseSecond(
        appends.flatMap((entry) => entry.events),
        () => store.appendToStreams(appends, options),
      );
    return wrapped;
  };
  before(async () => {
    svc = await startTestService({ CAL_TIMEZONE: 'Europe/Madrid' }, undefined, { wrapStore: failingSecondEvent });
  });
  after(() => svc.close());

  it('keeps the entries written before the failure, and the same file again completes the import', async () => {
    const file = [single('first@test', 'First', 'SEQUENCE:0'), single('second@test', 'Second', 'SEQUENCE:0')]
      .map((text) => text.split('\r\n').slice(3, -2).join('\r\n'))
      .join('\r\n');
    const calendar = `BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//Test//Import//EN\r\n${file}\r\nEND:VCALENDAR\r\n`;
    const failed = await importIcs(svc, calendar);
    expect(failed.status).to.equal(503);
    expect(failed.body).to.deep.include({ code: 'rest_store_unavailable' });
    const again = await importIcs(svc, calendar);
    expect(again.status, again.text).to.equal(200);
    expect(again.body).to.include({ created: 1, unchanged: 1 });
    const listed = await svc.admin('GET', `${API}/events?start_date=2027-06-01&end_date=2027-06-30`);
    expect((listed.body as { events: { title: string }[] }).events.map((event) => event.title).sort()).to.deep.equal([
      'First',
      'Second',
    ]);
  });
});
