// Specifies the round trip (docs/api.md §21.1, §21.2): a feed of one service imported into an empty one gives a feed
// with the same events: dates, zones, texts, venues, organizers and categories; series with the same rules, EXDATEs
// and exceptions (RECURRENCE-ID). Both feeds are read by node-ical, a parser independent of both ical.js (which the
// import uses) and ical-generator (which the export uses).
import { expect } from 'chai';
import * as ical from 'node-ical';
import type { TestService } from '../../support/testService.ts';
import { exportImportExport, useRoundTripServices } from '../../support/icsRoundTrip.ts';
import { API, createEvent, eventsOf } from '../events/support/eventsApi.ts';
import { feedInstances } from './support/feedInstances.ts';

const window = 'start_date=2027-01-01&end_date=2027-12-31&status=publish';

/** What a calendar application sees of an event, without what is the service's own (UID, SEQUENCE, URL, stamps). */
interface Seen {
  summary: string;
  start: string;
  end: string;
  zone: string | undefined;
  allDay: boolean;
  description: string;
  location: string;
  organizer: string;
  categories: string[];
}

/** What events and series alike show of one VEVENT: its title, times and zone, and its text. */
const seenTimesAndText = (event: ical.VEvent): Omit<Seen, 'location' | 'organizer' | 'categories'> => ({
  summary: String(event.summary),
  start: event.start.toISOString(),
  end: event.end?.toISOString() ?? '',
  zone: (event.start as { tz?: string }).tz,
  allDay: event.datetype === 'date',
  description: String(event.description ?? ''),
});

function seen(feed: string): Seen[] {
  const parsed = ical.sync.parseICS(feed);
  return Object.values(parsed)
    .filter((entry): entry is ical.VEvent => entry?.type === 'VEVENT')
    .map((event) => {
      const organizer = event.organizer as { params?: { CN?: string }; val?: string } | undefined;
      return {
        ...seenTimesAndText(event),
        location: String(event.location ?? ''),
        organizer: organizer ? `${organizer.params?.CN ?? ''} <${organizer.val ?? ''}>` : '',
        categories: [...((event.categories as string[] | undefined) ?? [])].sort(),
      };
    })
    .sort((a, b) => a.summary.localeCompare(b.summary));
}

describe('export, import into an empty service, export: the same events (docs/api.md §21.2)', function () {
  this.timeout(30_000);
  let source: TestService;
  let target: TestService;
  useRoundTripServices((services) => ({ source, target } = services));

  const create = async (kind: string, body: Record<string, unknown>): Promise<number> => {
    const res = await source.admin('POST', `${API}/${kind}`, { body: { status: 'publish', ...body } });
    expect(res.status, res.text).to.equal(201);
    return (res.body as { id: number }).id;
  };

  it('keeps dates, zones, texts, venues, organizers and categories', async () => {
    const venue = await create('venues', { venue: 'Sala Apolo', address: 'Nou de la Rambla 113', city: 'Barcelona' });
    const ada = await create('organizers', { organizer: 'Ada Events', email: 'ada@example.com' });
    const noMail = await create('organizers', { organizer: 'Barri Gòtic Association' });
    const jazz = await create('categories', { name: 'Jazz' });
    const talks = await create('categories', { name: 'Talks, debates; more' });
    await create('events', {
      title: 'Jazz & blues night, with a title long enough to be folded — àccents included',
      description: 'Live music, drinks; and more.\n\nSecond paragraph: ç·l ñ ü.',
      start_date: '2027-03-05 20:00:00',
      end_date: '2027-03-05 23:00:00',
      timezone: 'Europe/Madrid',
      venue,
      organizer: [ada],
      categories: [jazz, talks],
    });
    await create('events', { title: 'Winter fair', start_date: '2027-03-10', end_date: '2027-03-11', all_day: true });
    await create('events', {
      title: 'New York talk',
      start_date: '2027-11-07 01:30:00',
      end_date: '2027-11-07 03:00:00',
      timezone: 'America/New_York',
      organizer: [noMail],
      categories: [talks],
    });
    const { exported, imported, again } = await exportImportExport({ source, target }, window);
    expect(exported.text).to.contain('mailto:no-email@organizer.invalid');
    expect(imported.status, imported.text).to.equal(200);
    expect(imported.body).to.include({ created: 3, skipped: 0 });
    expect(seen(again.text)).to.deep.equal(seen(exported.text));
    expect(seen(again.text).map((event) => event.zone)).to.deep.equal(['Europe/Madrid', 'America/New_York', undefined]);

    const organizers = await target.admin('GET', `${API}/organizers`);
    expect(
      (organizers.body as { organizers: { organizer: string; email: string }[] }).organizers
        .map((o) => [o.organizer, o.email ?? ''])
        .sort(),
    ).to.deep.equal([
      ['Ada Events', 'ada@example.com'],
      ['Barri Gòtic Association', ''],
    ]);
  });
});

/** A series as a calendar application sees it: its rule, EXDATEs and exceptions by RECURRENCE-ID, no service ids. */
interface SeenSeries extends Omit<Seen, 'organizer' | 'categories' | 'location'> {
  rule: string;
  exdates: string[];
  exceptions: { recurrenceId: string; zone: string | undefined; seen: Omit<SeenSeries, 'exceptions'> }[];
}

function seenSeries(feed: string): SeenSeries[] {
  const one = (event: ical.VEvent): Omit<SeenSeries, 'exceptions'> => ({
    ...seenTimesAndText(event),
    rule: event.rrule?.toString() ?? '',
    exdates: Object.values(event.exdate ?? {})
      .map((date) => `${date.toISOString()} ${String((date as { tz?: string }).tz)}`)
      .filter((date, index, all) => all.indexOf(date) === index)
      .sort(),
  });
  return Object.values(ical.sync.parseICS(feed))
    .filter((entry): entry is ical.VEvent => entry?.type === 'VEVENT' && entry.recurrenceid === undefined)
    .map((event) => ({
      ...one(event),
      exceptions: Object.values(event.recurrences ?? {})
        .map((exception) => ({
          recurrenceId: new Date(exception.recurrenceid as Date).toISOString(),
          zone: (exception.recurrenceid as { tz?: string } | undefined)?.tz,
          seen: one(exception as ical.VEvent),
        }))
        .filter((exception, index, all) => all.findIndex((e) => e.recurrenceId === exception.recurrenceId) === index)
        .sort((a, b) => a.recurrenceId.localeCompare(b.recurrenceId)),
    }))
    .sort((a, b) => a.summary.localeCompare(b.summary));
}

describe('export, import into an empty service, export: the same series (docs/api.md §21.1, §21.2)', function () {
  this.timeout(60_000);
  let source: TestService;
  let target: TestService;
  useRoundTripServices((services) => ({ source, target } = services));

  const series = async (title: string, start: string, end: string, rule: string): Promise<number> =>
    (
      await createEvent(source, {
        title,
        description: `${title}: every time; bring, if you can, water.`,
        status: 'publish',
        timezone: 'Europe/Madrid',
        start_date: start,
        end_date: end,
        recurrence: [rule],
      })
    ).id as number;

  it('keeps rules across a change of time, EXDATEs, moved and retitled exceptions, second Tuesdays', async () => {
    // Madrid leaves winter time on 2027-03-28: the series keeps 19:00 on the wall clock on both sides.
    const choir = await series('Choir', '2027-03-16 19:00:00', '2027-03-16 21:00:00', 'RRULE:FREQ=WEEKLY;COUNT=5');
    await series('Book club', '2027-04-13 18:00:00', '2027-04-13 19:30:00', 'RRULE:FREQ=MONTHLY;BYDAY=2TU;COUNT=5');
    const listed = eventsOf(
      await source.admin('GET', `${API}/events?post_parent=${String(choir)}&per_page=50&${window}`),
    );
    // The series item is the first occurrence; the list names the four others.
    expect(listed).to.have.length(4);
    const moved = await source.admin('PATCH', `${API}/events/${String(listed[1]?.id)}`, {
      body: { title: 'Choir, in the garden', start_date: '2027-04-01 20:00:00', end_date: '2027-04-01 22:00:00' },
    });
    expect(moved.status, moved.text).to.equal(200);
    expect((await source.admin('DELETE', `${API}/events/${String(listed[2]?.id)}`)).status).to.equal(200);

    const { exported, imported, again } = await exportImportExport({ source, target }, window);
    expect(exported.text).to.contain('RECURRENCE-ID;TZID=Europe/Madrid:20270330T190000');
    expect(exported.text).to.contain('EXDATE;TZID=Europe/Madrid:20270406T190000');
    expect(imported.status, imported.text).to.equal(200);
    expect(imported.body).to.include({ created: 2, skipped: 0 });
    const before = seenSeries(exported.text);
    expect(before.map((entry) => [entry.summary, entry.exdates.length, entry.exceptions.length])).to.deep.equal([
      ['Book club', 0, 0],
      ['Choir', 1, 1],
    ]);
    expect(seenSeries(again.text)).to.deep.equal(before);
    // And node-ical's expansion of both feeds gives the same instances, the change of time included.
    expect(feedInstances(again.text)).to.deep.equal(feedInstances(exported.text)).and.to.have.length(9);
  });
});
