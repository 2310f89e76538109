// What the calendar shows, kept in the page address so that a view can be shared: view, date and filters as query
// parameters (`?view=week&date=2026-03-23&category=music`), defaults left out.
export type ViewName = 'month' | 'week' | 'list';
export const viewNames: readonly ViewName[] = ['month', 'week', 'list'];

export interface Filters {
  readonly search: string;
  /** A category slug or id (the API accepts both, docs/api.md §6). */
  readonly category: string;
  readonly tag: string;
  /** Venue and organizer ids. */
  readonly venue: string;
  readonly organizer: string;
}

export interface PageState extends Filters {
  readonly view: ViewName;
  /** A day inside the period shown, `YYYY-MM-DD`. */
  readonly date: string;
}

export const noFilters: Filters = { search: '', category: '', tag: '', venue: '', organizer: '' };
const filterNames = Object.keys(noFilters) as (keyof Filters)[];

const isDay = (text: string | null): text is string =>
  text !== null && /^\d{4}-\d{2}-\d{2}$/.test(text) && !Number.isNaN(Date.parse(text));

/** Without a view in the address: the month, or the list on a phone-sized screen, where a month grid is too narrow. */
export const defaultView = (): ViewName =>
  typeof matchMedia === 'function' && matchMedia('(max-width: 40rem)').matches ? 'list' : 'month';

export function readState(search: string, today: string): PageState {
  const query = new URLSearchParams(search);
  const view = query.get('view');
  const date = query.get('date');
  const filters = Object.fromEntries(
    filterNames.map((name) => [name, (query.get(name) ?? '').trim()]),
  ) as unknown as Filters;
  return {
    ...filters,
    view: viewNames.includes(view as ViewName) ? (view as ViewName) : defaultView(),
    date: isDay(date) ? date : today,
  };
}

/** The query of a state: only what differs from the default view of today. */
export function stateQuery(state: PageState, today: string): string {
  const query = new URLSearchParams();
  if (state.view !== defaultView()) query.set('view', state.view);
  if (state.date !== today) query.set('date', state.date);
  for (const name of filterNames) if (state[name] !== '') query.set(name, state[name]);
  const text = query.toString();
  return text === '' ? '' : `?${text}`;
}

export const hasFilters = (filters: Filters): boolean => filterNames.some((name) => filters[name] !== '');

/** `GET /events` (and `events.ics`) parameters of the filters; a page's fixed term filter is added by the caller. */
export function filterParams(filters: Filters): Record<string, string> {
  const params: Record<string, string> = {};
  if (filters.search) params.search = filters.search;
  if (filters.category) params.categories = filters.category;
  if (filters.tag) params.tags = filters.tag;
  if (filters.venue) params.venue = filters.venue;
  if (filters.organizer) params.organizer = filters.organizer;
  return params;
}

/** Today in the site's zone, `YYYY-MM-DD`, and now as a wall-clock time there (the calendar shows wall-clock times). */
export function siteNow(timeZone: string, now = new Date()): { today: string; wallClock: string } {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', {
      timeZone: toIntlZone(timeZone),
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(now)
      .map((part) => [part.type, part.value]),
  );
  const today = `${parts.year}-${parts.month}-${parts.day}`;
  return { today, wallClock: `${today}T${parts.hour}:${parts.minute}:${parts.second}` };
}

/** `UTC±h` site zones (docs/api.md §1.1) in the form Intl knows: `Etc/GMT∓h`. */
function toIntlZone(zone: string): string {
  const match = /^UTC([+-])(\d{1,2})$/.exec(zone);
  if (!match) return zone;
  return `Etc/GMT${match[1] === '+' ? '-' : '+'}${Number(match[2])}`;
}
