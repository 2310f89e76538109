// Reads the events of a period from the API, page by page (50 a page, the API's most), several pages at a time,
// handing each page over as it arrives so that the calendar shows the first events while the rest load.
import type { WireEvent } from '../../src/web/common/eventText.ts';

export interface Period {
  /** First day shown, `YYYY-MM-DD`. */
  readonly start: string;
  /** The day after the last one shown. */
  readonly end: string;
}

export type LoadFailure = 'bad-filter' | 'failed';

export class LoadError extends Error {
  constructor(readonly failure: LoadFailure) {
    super(failure);
  }
}

const perPage = 50;
const parallelPages = 4;

const dayBefore = (day: string): string =>
  new Date(Date.parse(`${day}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);

/**
 * Events overlapping the period, in two listings, both compared exactly (the API's whole-day widening off) with each
 * event's own local dates, as the API compares them: those starting in the period (the API finds them by its start
 * index, page after page), and those that started before it and end inside or after it (few, but the API looks
 * through every earlier start to find them, so that listing is made once rather than with every page).
 */
export function periodListings(period: Period): Record<string, string>[] {
  const before = `${dayBefore(period.start)} 23:59:59`;
  return [
    { starts_after: before, starts_before: `${period.end} 00:00:00`, strict_dates: '1' },
    { starts_before: `${period.start} 00:00:00`, ends_after: before, strict_dates: '1' },
  ];
}

/** Hands over each page as it arrives with the number of events found so far; resolves with the total when all came. */
export async function loadEvents(
  apiRoot: string,
  period: Period,
  filters: Record<string, string>,
  signal: AbortSignal,
  onPage: (events: readonly WireEvent[], total: number) => void,
): Promise<number> {
  const totals: number[] = [];
  const listings = periodListings(period).map(async (listing, index) => {
    const base = { ...listing, ...filters, per_page: String(perPage) };
    const fetchPage = async (page: number) => {
      const query = new URLSearchParams({ ...base, page: String(page) });
      const response = await fetch(`${apiRoot}/events?${query}`, { signal, headers: { accept: 'application/json' } });
      if (response.status === 400) throw new LoadError('bad-filter');
      if (!response.ok) throw new LoadError('failed');
      return (await response.json()) as { events: WireEvent[]; total: number; total_pages: number };
    };
    const first = await fetchPage(1);
    totals[index] = first.total;
    const found = () => totals.reduce((sum, total) => sum + total, 0);
    onPage(first.events, found());
    let next = 2;
    const worker = async () => {
      while (next <= first.total_pages) {
        const page = await fetchPage(next++);
        onPage(page.events, found());
      }
    };
    await Promise.all(Array.from({ length: parallelPages }, worker));
  });
  await Promise.all(listings);
  return totals.reduce((sum, total) => sum + total, 0);
}

export interface Choice {
  readonly value: string;
  readonly label: string;
  /** Nesting depth of a category, for indentation. */
  readonly depth: number;
}

/** Every item of a list route (terms with no events included), for the filter choices. */
export async function loadChoices(
  apiRoot: string,
  collection: 'categories' | 'tags' | 'venues' | 'organizers',
  signal: AbortSignal,
): Promise<Choice[]> {
  const items: Record<string, unknown>[] = [];
  for (let page = 1; ; page++) {
    const query = new URLSearchParams({
      per_page: String(perPage),
      page: String(page),
      ...(collection === 'categories' || collection === 'tags' ? { hide_empty: 'false' } : {}),
    });
    const response = await fetch(`${apiRoot}/${collection}?${query}`, {
      signal,
      headers: { accept: 'application/json' },
    });
    if (!response.ok) break;
    const body = (await response.json()) as Record<string, unknown>;
    items.push(...(body[collection] as Record<string, unknown>[]));
    if (page >= (body.total_pages as number)) break;
  }
  if (collection === 'venues' || collection === 'organizers') {
    const nameKey = collection === 'venues' ? 'venue' : 'organizer';
    return items
      .filter((item) => typeof item[nameKey] === 'string')
      .map((item) => ({ value: String(item.id), label: item[nameKey] as string, depth: 0 }))
      .sort((a, b) => a.label.localeCompare(b.label));
  }
  return treeOrder(items as unknown as { id: number; name: string; slug: string; parent?: number }[]);
}

/** Categories under their parents, each level by name; tags (no parents) by name. */
function treeOrder(terms: { id: number; name: string; slug: string; parent?: number }[]): Choice[] {
  const ids = new Set(terms.map((term) => term.id));
  const children = new Map<number, typeof terms>();
  for (const term of terms) {
    const parent = term.parent && ids.has(term.parent) ? term.parent : 0;
    children.set(parent, [...(children.get(parent) ?? []), term]);
  }
  const out: Choice[] = [];
  const visit = (parent: number, depth: number) => {
    for (const term of (children.get(parent) ?? []).sort((a, b) => a.name.localeCompare(b.name))) {
      out.push({ value: term.slug, label: term.name, depth });
      visit(term.id, depth + 1);
    }
  };
  visit(0, 0);
  return out;
}
