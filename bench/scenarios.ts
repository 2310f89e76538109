// The HTTP scenarios of the benchmark (issue 7): what each requests, as whom, and at which concurrency levels.
import { benchAdminAuth } from './serviceProcess.ts';
import type { RequestPlan } from './requestPlans.ts';
import { categoryIdAt, type SeedLayout } from './seedShape.ts';
import { searchWord } from './seedLanguages.ts';

export const apiRoot = '/cal/events/v1';

export interface Scenario {
  readonly key: string;
  readonly label: string;
  readonly plan: RequestPlan;
  readonly connectionLevels: readonly number[];
  readonly headers: Readonly<Record<string, string>>;
  /** Writes go last: they change what the reads would see. */
  readonly writes: boolean;
  /** Lists must find items, or the seed is broken and the figures would measure empty answers. */
  readonly list: boolean;
  /** The status that counts as an answer when it is not a 2xx: 304 for a conditional GET that still matches. */
  readonly expectedStatus?: number;
  /** Rounds at least this long: an answer that takes most of a second needs longer rounds than quick mode's. */
  readonly minRoundSeconds?: number;
}

const readLevels = [1, 16, 64] as const;
const anonymous = {};
const admin = { authorization: benchAdminAuth };

const day = (date: Date) => date.toISOString().slice(0, 10);
const monthsLater = (date: Date, months: number) =>
  new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + months, date.getUTCDate()));

function read(key: string, label: string, path: string, list: boolean): Scenario {
  return {
    key,
    label,
    plan: { kind: 'fixed', method: 'GET', path: `${apiRoot}${path}` },
    connectionLevels: readLevels,
    headers: anonymous,
    writes: false,
    list,
  };
}

/**
 * The calendar feed of the seed's current year: about 33,000 events in full mode, so it holds CAL_ICAL_MAX_EVENTS
 * (5,000), the nearest in time, rendered whole at each request (about 1,300 in quick mode); then the same feed
 * revalidated by a calendar application (`If-None-Match: *` matches whatever the feed's ETag is), answered 304
 * without reading or rendering it.
 */
function feedScenarios(year: number): Scenario[] {
  const path = `/events.ics?start_date=${year}-01-01&end_date=${year}-12-31`;
  // One render takes the process most of a second (a megabyte of text): more connections only queue behind it.
  const feed = read('feedEvents', 'GET /events.ics (up to 5,000 events)', path, false);
  return [
    { ...feed, connectionLevels: [1], minRoundSeconds: 5 },
    {
      ...feed,
      key: 'feedNotModified',
      label: 'GET /events.ics, If-None-Match (304)',
      headers: { 'if-none-match': '*' },
      expectedStatus: 304,
    },
  ];
}

/**
 * `now` is the seed's clock: the date filters fall inside the seeded three years. Every filtered scenario targets
 * English items (index 0 of a kind is an English group root), since requests without a language segment list English.
 */
export function scenariosFor(layout: SeedLayout, now: Date): Scenario[] {
  const year = now.getUTCFullYear();
  const eventsPath = `${apiRoot}/events/`;
  return [
    read('listDefault', 'GET /events (default window)', '/events', true),
    read(
      'listCategoryDates',
      'GET /events?categories=<top>&start_date&end_date',
      `/events?categories=${categoryIdAt(0)}&start_date=${day(now)}&end_date=${day(monthsLater(now, 6))}`,
      true,
    ),
    // Past the single events (two years ahead): the long series and the short ones that start there.
    read(
      'listSeriesWindow',
      'GET /events, a window of series occurrences',
      `/events?start_date=${day(monthsLater(now, 25))}&end_date=${day(monthsLater(now, 31))}&per_page=50`,
      true,
    ),
    read('listVenue', 'GET /events?venue=<id>', `/events?venue=${layout.firstVenue}`, true),
    read('listSearch', `GET /events?search=${searchWord} (~1% of titles)`, `/events?search=${searchWord}`, true),
    read(
      'listPage50',
      'GET /events wide range, page 50',
      `/events?start_date=${year - 2}-01-01&end_date=${year + 3}-12-31&per_page=10&page=50`,
      true,
    ),
    {
      key: 'getEvent',
      label: 'GET /events/{id} (distinct ids)',
      plan: {
        kind: 'readEvents',
        method: 'GET',
        prefix: eventsPath,
        firstId: layout.firstEvent,
        count: layout.publishedEvents,
        start: 0,
      },
      connectionLevels: readLevels,
      headers: anonymous,
      writes: false,
      list: false,
    },
    ...feedScenarios(year),
    read('listVenues', 'GET /venues', '/venues', true),
    read('listCategories', 'GET /categories', '/categories', true),
    {
      key: 'createEvent',
      label: 'POST /events (durable)',
      plan: {
        kind: 'createEvents',
        method: 'POST',
        path: `${apiRoot}/events`,
        runTag: String(now.getTime()),
        links: {
          venue: layout.firstVenue,
          organizer: layout.firstOrganizer,
          category: categoryIdAt(0),
          tag: layout.firstTag,
        },
        month: `${year + 1}-03`,
      },
      connectionLevels: [64],
      headers: admin,
      writes: true,
      list: false,
    },
    {
      key: 'updateEvent',
      label: 'PATCH /events/{id} (distinct ids, no If-Match)',
      plan: {
        kind: 'updateEvents',
        method: 'PATCH',
        prefix: eventsPath,
        firstId: layout.firstEvent,
        count: layout.publishedEvents,
        start: 0,
      },
      connectionLevels: [16, 64],
      headers: admin,
      writes: true,
      list: false,
    },
  ];
}
