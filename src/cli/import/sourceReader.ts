// Reads a whole calendar from a server speaking this interface (docs/api.md §22): the index first, then venues,
// organizers, categories, tags and events of every language, page by page following `next_rest_url`.
import { SourceUnreachable, type SourceAnswer, type SourceHttp } from './sourceHttp.ts';
import { importKinds, isLocked, type ImportKind, type SourceCalendar, type SourceItem } from './sourceItems.ts';

export interface ReadOptions {
  /** With credentials every status they may read, and protected items opened with `context=edit`. */
  readonly signedIn: boolean;
  /** Called once per page or item read, for the progress display. */
  readonly onRead?: (kind: ImportKind, count: number, total: number | undefined) => void;
}

export const plural: Record<ImportKind, string> = {
  venue: 'venues',
  organizer: 'organizers',
  category: 'categories',
  tag: 'tags',
  event: 'events',
};
/** Every status but `trash`: trashed items are not copied (docs/migration.md). */
const readableStatuses = 'publish,future,draft,pending,private';
/** Far enough apart for every event: the date parser reads years 0000–9999 (docs/api.md §1.3). */
const wholeTime = 'start_date=0001-01-01&end_date=9999-12-31';
const otherLanguages = ['ca', 'es'] as const;
/** Ids below the highest one seen that no list showed are looked up one by one, up to this many. */
const maxProbes = 5000;

function firstPageUrl(root: string, kind: ImportKind, signedIn: boolean, language?: string): string {
  const query = ['per_page=50'];
  if (kind === 'event') query.push(wholeTime);
  if (kind === 'category' || kind === 'tag') query.push('hide_empty=0', 'orderby=id');
  else if (signedIn) query.push(`status=${readableStatuses}`);
  if (language) query.push(`i18n_language=${language}`);
  return `${root}/${plural[kind]}?${query.join('&')}`;
}

/** The index must answer: this tells a wrong address or an unreachable source from a failed item. */
export async function discoverSource(http: SourceHttp, root: string): Promise<void> {
  const answer = await http.get(root);
  const body = answer.body as { routes?: unknown } | null;
  if (answer.status !== 200 || typeof body !== 'object' || body === null || typeof body.routes !== 'object')
    throw new SourceUnreachable(`${root} is not the root of an API speaking this interface (HTTP ${answer.status})`);
}

/**
 * The source writes its addresses with its public origin, which need not be reachable from where the import runs (a
 * proxy in front, another network): the path and query are followed on the origin `--from` named.
 */
export function onOriginOf(from: string, address: string): string {
  const next = new URL(address);
  return new URL(`${next.pathname}${next.search}`, new URL(from).origin).href;
}

async function readPages(http: SourceHttp, url: string, kind: ImportKind, options: ReadOptions) {
  const items: Record<string, unknown>[] = [];
  for (let next: string | undefined = url; next !== undefined;) {
    const answer = await http.get(next);
    const body = (answer.body ?? {}) as Record<string, unknown>;
    if (answer.status !== 200 || !Array.isArray(body[plural[kind]]))
      throw new SourceUnreachable(`${next}: HTTP ${answer.status} ${JSON.stringify(body).slice(0, 200)}`);
    items.push(...(body[plural[kind]] as Record<string, unknown>[]));
    options.onRead?.(kind, items.length, typeof body.total === 'number' ? body.total : undefined);
    next = typeof body.next_rest_url === 'string' ? onOriginOf(url, body.next_rest_url) : undefined;
  }
  return items;
}

/** An item the source answered with: HTTP 200 and a JSON object with an id. */
export const isItem = (answer: SourceAnswer): answer is { status: 200; body: Record<string, unknown> } =>
  answer.status === 200 &&
  typeof answer.body === 'object' &&
  answer.body !== null &&
  typeof (answer.body as { id?: unknown }).id === 'number';

/** One kind in every language the source has (a source without languages answers once). */
async function readKind(http: SourceHttp, root: string, kind: ImportKind, options: ReadOptions) {
  const first = await readPages(http, firstPageUrl(root, kind, options.signedIn), kind, options);
  const byId = new Map(first.map((body) => [body.id as number, body]));
  if (!first.some((body) => typeof body.language === 'string')) return byId;
  for (const language of otherLanguages)
    for (const body of await readPages(http, firstPageUrl(root, kind, options.signedIn, language), kind, options))
      byId.set(body.id as number, body);
  return byId;
}

/** A protected item opened by an editor's `context=edit`, or the reason it stays unreadable. */
async function openLocked(http: SourceHttp, root: string, item: SourceItem, signedIn: boolean) {
  if (!signedIn) return { ...item, unreadable: 'password-protected: sign in as an editor to read it' };
  const answer = await http.get(`${root}/${plural[item.kind]}/${item.id}?context=edit`);
  if (!isItem(answer) || isLocked(item.kind, answer.body))
    return { ...item, unreadable: `password-protected: the source answered HTTP ${answer.status} to context=edit` };
  return { ...item, body: answer.body as Record<string, unknown>, locked: true };
}

/**
 * Ids probed past the highest one seen: probing stops once this many ids in a row answered no event. Gaps come from
 * ids the source gave to other things (image records, deleted items, and on the reference implementation revisions
 * and pages), so a hidden event more than this many ids past the last item found is missed (docs/migration.md).
 */
export const probeAhead = 200;

/** A copyable event read by id: trashed ones are not copied. */
const probedEvent = (answer: SourceAnswer) => isItem(answer) && answer.body.status !== 'trash';

async function probeIds(http: SourceHttp, root: string, ids: readonly number[], signedIn: boolean) {
  const suffix = signedIn ? '?context=edit' : '';
  const answers = await Promise.all(ids.map((id) => http.get(`${root}/events/${id}${suffix}`)));
  return answers.filter(probedEvent).map((answer) => answer.body as Record<string, unknown>);
}

/**
 * Events hidden from listings are in no list: the ids below the highest post id seen that no list showed are read
 * one by one (venues, organizers, events and images share one id sequence, docs/api.md §1.4), then the ids above it,
 * window by window, until `probeAhead` ids in a row held no event.
 */
async function hiddenEvents(http: SourceHttp, root: string, seen: Set<number>, signedIn: boolean) {
  const highest = Math.max(0, ...seen);
  const gaps: number[] = [];
  for (let id = 1; id < highest && gaps.length < maxProbes; id++) if (!seen.has(id)) gaps.push(id);
  const found = await probeIds(http, root, gaps, signedIn);
  let lastHit = highest;
  for (let next = highest + 1; next <= lastHit + probeAhead;) {
    const window = Array.from({ length: lastHit + probeAhead - next + 1 }, (_, index) => next + index);
    const hits = await probeIds(http, root, window, signedIn);
    found.push(...hits);
    next = lastHit + probeAhead + 1;
    lastHit = Math.max(lastHit, ...hits.map((body) => body.id as number));
  }
  return found;
}

function postIdsSeen(calendar: Map<ImportKind, Map<number, Record<string, unknown>>>): Set<number> {
  const seen = new Set<number>();
  for (const kind of ['venue', 'organizer', 'event'] as const)
    for (const [id, body] of calendar.get(kind) ?? []) {
      seen.add(id);
      const image = body.image as { id?: unknown } | false | undefined;
      if (image && typeof image.id === 'number') seen.add(image.id);
    }
  return seen;
}

export async function readSourceCalendar(
  http: SourceHttp,
  root: string,
  options: ReadOptions,
): Promise<SourceCalendar> {
  const read = await Promise.all(importKinds.map((kind) => readKind(http, root, kind, options)));
  const byKind = new Map(importKinds.map((kind, index) => [kind, read[index] as Map<number, Record<string, unknown>>]));
  const events = byKind.get('event') as Map<number, Record<string, unknown>>;
  for (const body of await hiddenEvents(http, root, postIdsSeen(byKind), options.signedIn))
    events.set(body.id as number, body);
  const calendar: Record<ImportKind, SourceItem[]> = { venue: [], organizer: [], category: [], tag: [], event: [] };
  for (const kind of importKinds) {
    const items = [...(byKind.get(kind) ?? new Map<number, Record<string, unknown>>())].map(
      ([id, body]): SourceItem => ({ kind, id, body }),
    );
    calendar[kind] = await Promise.all(
      items.map((item) => (isLocked(kind, item.body) ? openLocked(http, root, item, options.signedIn) : item)),
    );
  }
  return calendar;
}
