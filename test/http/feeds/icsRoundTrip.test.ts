// Specifies the round trip of single events (docs/api.md §21.2): a feed of one service imported into an empty one
// gives a feed with the same events: dates, zones, texts, venues, organizers and categories. Both feeds are read by
// node-ical, a parser independent of both ical.js (which the import uses) and ical-generator (which the export uses).
import { expect } from 'chai';
import * as ical from 'node-ical';
import { startTestService, type TestService } from '../../support/testService.ts';
import { API } from '../events/support/eventsApi.ts';

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

function seen(feed: string): Seen[] {
  const parsed = ical.sync.parseICS(feed);
  return Object.values(parsed)
    .filter((entry): entry is ical.VEvent => entry?.type === 'VEVENT')
    .map((event) => {
      const organizer = event.organizer as { params?: { CN?: string }; val?: string } | undefined;
      return {
        summary: String(event.summary),
        start: event.start.toISOString(),
        end: event.end?.toISOString() ?? '',
        zone: (event.start as { tz?: string }).tz,
        allDay: event.datetype === 'date',
        description: String(event.description ?? ''),
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
  before(async () => {
    source = await startTestService({ CAL_TIMEZONE: 'Europe/Madrid' });
    target = await startTestService({ CAL_TIMEZONE: 'Europe/Madrid' });
  });
  after(async () => {
    await source.close();
    await target.close();
  });

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
    const exported = await source.request('GET', `${API}/events.ics?${window}`);
    expect(exported.text).to.contain('mailto:no-email@organizer.invalid');
    const imported = await target.admin('POST', `${API}/events.ics`, {
      rawBody: exported.text,
      contentType: 'text/calendar',
    });
    expect(imported.status, imported.text).to.equal(200);
    expect(imported.body).to.include({ created: 3, skipped: 0 });
    const again = await target.request('GET', `${API}/events.ics?${window}`);
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
