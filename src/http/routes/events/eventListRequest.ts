// Turns validated GET /events parameters into the typed EventListQuery
// and the ordered `rest_url` pairs (docs/api.md §5.3, §6).
import { defaultListWindow, endOfDay, startOfDay, type ListWindows } from '../../../domain/localDateTime.ts';
import { readDateTimeInput } from '../../../domain/dateTimeInput.ts';
import type { ZoneClock } from '../../../domain/timeZone.ts';
import { dateReason, reason } from '../../../commands/errors.ts';
import type { EventListQuery } from '../../../projections/events/eventListQuery.ts';
import { readStatusFilter } from '../statusFilter.ts';
import type { Checked } from '../../endpoint.ts';
import type { ReadStore } from '../../../projections/readStore.ts';
import type { TermCollection } from '../../../projections/terms/termCollection.ts';
import { pagingOf, type ListRequest } from '../../representation/listEnvelope.ts';
import { asksForBlankedContent } from '../../../projections/events/matchesEventQuery.ts';
import type { EventCollection } from '../../../projections/readStore.ts';
import { listLocks } from '../../auth/listLocks.ts';
import type { Scope } from '../../requestScope.ts';

export interface EventListRequest extends ListRequest<EventListQuery> {
  /** `rest_url` pairs in the fixed order of §5.3, values verbatim. */
  readonly pairs: readonly (readonly [string, string])[];
  /** `post_parent` named an event without occurrences (or none within `include`): the list is empty. */
  readonly alwaysEmpty: boolean;
}

const pairOrder = [
  'page',
  'per_page',
  'start_date',
  'end_date',
  'search',
  'geoloc',
  'geoloc_lat',
  'geoloc_lng',
  'status',
  'post_parent',
  'include',
  'starts_before',
  'starts_after',
  'ends_before',
  'ends_after',
  'ticketed',
  'venue',
  'organizer',
  'featured',
  'categories',
  'tags',
  'strict_dates',
] as const;

const relativeFilters = ['starts_before', 'starts_after', 'ends_before', 'ends_after'] as const;

export interface ListContext {
  readonly now: Date;
  readonly siteZone: string;
  readonly extendedAddOn: boolean;
  readonly readStore: ReadStore;
  readonly listWindows: ListWindows;
  readonly zones: ZoneClock;
}

/** Adds context-dependent failures to `checked.validation`; the caller throws them before using the result. */
export async function readEventListRequest(checked: Checked, ctx: ListContext): Promise<EventListRequest> {
  const { args, scope, validation } = checked;
  const v = args.values;
  const pairs = new Map<string, string>();
  const { page, perPage } = pagingOf(v);
  pairs.set('page', String(page)).set('per_page', String(perPage));
  const dates = readDateFilters(checked, ctx, pairs);
  let searchTerms: string[] | undefined;
  if (typeof v.search === 'string') {
    searchTerms = searchTermsOf(v.search);
    pairs.set('search', v.search);
  }
  const geo = ctx.extendedAddOn ? readGeoFilters(checked, pairs) : refuseGeoFilters(checked);
  if (v.ticketed === true) validation.invalid('ticketed', reason('event-tickets-not-active'));
  const { statuses, shown } = readStatusFilter(checked);
  pairs.set('status', shown);
  let alwaysEmpty = false;
  let include = v.include as number[] | undefined;
  if (include) pairs.set('include', include.join(','));
  if (typeof v.post_parent === 'number') {
    const parent = await ctx.readStore.events.get(v.post_parent);
    if (!parent) validation.invalid('post_parent', reason('unknown-event'));
    // A series' children are its occurrences (docs/api.md §20.2): the ids it planned, within `include` if sent.
    const children = parent?.occurrences?.map((occurrence) => occurrence.id) ?? [];
    include = include ? include.filter((id) => children.includes(id)) : children;
    alwaysEmpty = include.length === 0;
    pairs.set('post_parent', String(v.post_parent));
  }
  if (v.ticketed === false) pairs.set('ticketed', '0');
  const links = await readLinkFilters(checked, ctx.readStore, pairs);
  if (typeof v.featured === 'boolean') pairs.set('featured', v.featured ? '1' : '0');
  if (args.sent.strict_dates !== undefined) pairs.set('strict_dates', v.strict_dates === true ? '1' : '0');

  const query: EventListQuery = {
    language: scope.language,
    statuses,
    ...dates,
    ...(searchTerms ? { searchTerms } : {}),
    ...(typeof v.featured === 'boolean' ? { featured: v.featured } : {}),
    ...(include ? { ids: include } : {}),
    ...links,
    ...geo,
    offset: (page - 1) * perPage,
    limit: perPage,
  };
  return {
    query,
    page,
    perPage,
    pairs: pairOrder.filter((n) => pairs.has(n)).map((n) => [n, pairs.get(n) as string]),
    alwaysEmpty,
  };
}

type DateFilters = Pick<
  EventListQuery,
  'startFrom' | 'endUntil' | 'startsBefore' | 'startsAfter' | 'endsBefore' | 'endsAfter'
>;

/**
 * The date window and the relative date filters (docs/api.md §6): without `strict_dates` dates widen to whole days;
 * without any date the default window applies, unless a relative filter or `include` is sent.
 */
function readDateFilters({ args, validation }: Checked, ctx: ListContext, pairs: Map<string, string>): DateFilters {
  const v = args.values;
  const strict = v.strict_dates === true;
  const date = (name: string, widen: (d: string) => string): string | undefined => {
    const raw = v[name];
    if (typeof raw !== 'string') return undefined;
    const parsed = readDateTimeInput(raw, ctx.siteZone, ctx.now, ctx.zones);
    if (!parsed.ok) return void validation.invalid(name, dateReason(parsed.problem));
    return strict ? parsed.local : widen(parsed.local);
  };
  const relative = Object.fromEntries(relativeFilters.map((name) => [name, date(name, endOfDay)]));
  const usesRelative = relativeFilters.some((name) => args.sent[name] !== undefined);
  const window = defaultListWindow(ctx.now, ctx.siteZone, ctx.listWindows);
  let startFrom = date('start_date', startOfDay);
  let endUntil = date('end_date', endOfDay);
  if (!usesRelative) {
    startFrom ??= strict ? window.start : startOfDay(window.start);
    endUntil ??= strict ? window.end : endOfDay(window.end);
  }
  if (v.include) startFrom = endUntil = undefined;
  if (startFrom !== undefined) pairs.set('start_date', startFrom);
  if (endUntil !== undefined) pairs.set('end_date', endUntil);
  for (const name of relativeFilters) if (relative[name] !== undefined) pairs.set(name, relative[name]);
  return {
    ...(startFrom !== undefined ? { startFrom } : {}),
    ...(endUntil !== undefined ? { endUntil } : {}),
    ...(relative.starts_before !== undefined ? { startsBefore: relative.starts_before } : {}),
    ...(relative.starts_after !== undefined ? { startsAfter: relative.starts_after } : {}),
    ...(relative.ends_before !== undefined ? { endsBefore: relative.ends_before } : {}),
    ...(relative.ends_after !== undefined ? { endsAfter: relative.ends_after } : {}),
  };
}

type LinkFilters = Partial<Record<'venues' | 'organizers' | 'categories' | 'tags', number[]>>;

/** `venue` and `organizer` ids must name items; term entries resolve to ids, categories with those below (§6). */
async function readLinkFilters(
  { args, scope, validation }: Checked,
  readStore: ReadStore,
  pairs: Map<string, string>,
): Promise<LinkFilters> {
  const v = args.values;
  const links: LinkFilters = {};
  for (const [name, field, exists] of [
    ['venue', 'venues', async (id: number) => (await readStore.venues.get(id)) !== undefined],
    ['organizer', 'organizers', async (id: number) => (await readStore.organizers.get(id)) !== undefined],
  ] as const) {
    const ids = v[name] as number[] | undefined;
    if (ids === undefined) continue;
    if ((await Promise.all(ids.map((id) => exists(id)))).includes(false))
      validation.invalid(name, reason(`unknown-${name}`));
    links[field] = ids;
    pairs.set(name, ids.join(','));
  }
  for (const [name, collection, withDescendants] of [
    ['categories', readStore.categories, true],
    ['tags', readStore.tags, false],
  ] as const) {
    const refs = v[name] as (number | string)[] | undefined;
    if (refs === undefined) continue;
    const ids = await termIdsOf(collection, scope.language, refs, withDescendants);
    if (ids === undefined) validation.invalid(name, reason(name === 'categories' ? 'unknown-category' : 'unknown-tag'));
    else links[name] = ids;
    pairs.set(name, refs.join(','));
  }
  return links;
}

/**
 * The query with the `locks` of this request: when a condition reads what blanking hides, the protected events it
 * cannot unlock are judged by their blanked form (docs/api.md §6, §12).
 */
export async function withListLocks(
  query: EventListQuery,
  scope: Scope,
  events: EventCollection,
): Promise<EventListQuery> {
  // `featured=false` reads blanked content too: it must list a locked event, featured or not.
  if (!asksForBlankedContent(query) && query.featured === undefined) return query;
  // Without `featured`: a locked event counts as not featured, so `featured=false` must know of every protected one
  // the request unlocks, featured or not.
  const { featured: _judgedByLocks, ...open } = query;
  const candidates = async (limit: number) =>
    (await events.list({ ...open, onlyProtected: true, offset: 0, limit })).items;
  const locks = await listLocks(scope, candidates);
  return locks ? { ...query, locks } : query;
}

/** Radius of the `geoloc_lat`/`geoloc_lng` filter (docs/api.md §16). */
export const geolocMiles = 25;

const geoNames = ['geoloc', 'geoloc_lat', 'geoloc_lng'] as const;

function refuseGeoFilters({ args, validation }: Checked): Pick<EventListQuery, 'hasVenueCoordinates' | 'near'> {
  for (const name of geoNames)
    if (args.sent[name] !== undefined) validation.invalid(name, reason('extended-addon-required'));
  return {};
}

/**
 * With the add-on on (docs/api.md §16): `geoloc=true` keeps events with a located venue, `false` is no condition; the
 * two coordinates come together and in range, or the one sent (or out of range) is invalid.
 */
function readGeoFilters(
  { args, validation }: Checked,
  pairs: Map<string, string>,
): Pick<EventListQuery, 'hasVenueCoordinates' | 'near'> {
  const v = args.values;
  if (typeof v.geoloc === 'boolean') pairs.set('geoloc', v.geoloc ? '1' : '0');
  const lat = v.geoloc_lat as number | undefined;
  const lng = v.geoloc_lng as number | undefined;
  const sent = (name: string) => args.sent[name] !== undefined;
  if (sent('geoloc_lat') !== sent('geoloc_lng')) {
    validation.invalid(sent('geoloc_lat') ? 'geoloc_lat' : 'geoloc_lng', reason('needs-both-coordinates'));
  }
  if (lat !== undefined && Math.abs(lat) > 90) validation.invalid('geoloc_lat', reason('latitude-out-of-range'));
  if (lng !== undefined && Math.abs(lng) > 180) validation.invalid('geoloc_lng', reason('longitude-out-of-range'));
  const near = lat !== undefined && lng !== undefined ? { lat, lng, miles: geolocMiles } : undefined;
  if (near) pairs.set('geoloc_lat', String(near.lat)).set('geoloc_lng', String(near.lng));
  return { ...(v.geoloc === true ? { hasVenueCoordinates: true } : {}), ...(near ? { near } : {}) };
}

/**
 * Entries are ids, else slugs, else names in the request's language (docs/api.md §6); categories include every category
 * below them. Undefined when an entry names no term.
 */
async function termIdsOf(
  terms: TermCollection,
  language: string,
  refs: readonly (number | string)[],
  withDescendants: boolean,
): Promise<number[] | undefined> {
  const ids = new Set<number>();
  for (const ref of refs) {
    const term =
      typeof ref === 'number'
        ? await terms.get(ref)
        : ((await terms.bySlug(language, ref)) ?? (await terms.byName(language, ref)));
    if (!term) return undefined;
    ids.add(term.doc.id);
    if (withDescendants) for (const id of await terms.descendants(term.doc.id)) ids.add(id);
  }
  return [...ids];
}

/** Whitespace-separated terms; a double-quoted phrase is one term; all lower-cased. */
export function searchTermsOf(search: string): string[] {
  const terms: string[] = [];
  for (const match of search.matchAll(/"([^"]*)"|(\S+)/g)) {
    const term = (match[1] ?? match[2] ?? '').toLowerCase();
    if (term !== '') terms.push(term);
  }
  return terms;
}
