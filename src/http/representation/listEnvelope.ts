// List envelopes, paging links and headers of docs/api.md §5.1–5.3.
import type { Context } from 'koa';

/** Form encoding of §5.3: every byte but `A–Z a–z 0–9 - _ .` as upper-case %XX, space as `+`. */
export function formEncode(value: string): string {
  return encodeURIComponent(value)
    .replace(/[!'()*~]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)
    .replace(/%20/g, '+');
}

export interface PageLinks {
  readonly restUrl: string;
  readonly next?: string;
  readonly previous?: string;
}

/**
 * `rest_url` writes the pairs verbatim; next/previous drop `page`, form-encode the rest and append the new page
 * (the previous link from page 2 gets no `page` pair).
 */
export function pageLinks(
  collectionUrl: string,
  pairs: readonly (readonly [string, string])[],
  page: number,
  totalPages: number,
): PageLinks {
  const restUrl = `${collectionUrl}?${pairs.map(([n, v]) => `${n}=${v}`).join('&')}`;
  const rest = pairs.filter(([n]) => n !== 'page').map(([n, v]) => `${n}=${formEncode(v)}`);
  const link = (target: number) => {
    const all = target > 1 ? [...rest, `page=${target}`] : rest;
    return all.length > 0 ? `${collectionUrl}?${all.join('&')}` : collectionUrl;
  };
  return {
    restUrl,
    ...(page < totalPages ? { next: link(page + 1) } : {}),
    ...(page > 1 ? { previous: link(page - 1) } : {}),
  };
}

/** The keys after the items of an event, venue or organizer list: `rest_url`, the page links, the counts. */
export function envelopeKeys(links: PageLinks, total: number, totalPages: number): Record<string, unknown> {
  return {
    rest_url: links.restUrl,
    ...(links.next ? { next_rest_url: links.next } : {}),
    ...(links.previous ? { previous_rest_url: links.previous } : {}),
    total,
    total_pages: totalPages,
  };
}

export const totalPagesOf = (total: number, perPage: number): number => (total === 0 ? 0 : Math.ceil(total / perPage));

/** `X-Cal-Total`, `X-Cal-TotalPages` and the RFC 8288 `Link` header (next first). */
export function setListHeaders(ctx: Context, total: number, totalPages: number, links: PageLinks): void {
  ctx.set('X-Cal-Total', String(total));
  ctx.set('X-Cal-TotalPages', String(totalPages));
  const link = [
    ...(links.next ? [`<${links.next}>; rel="next"`] : []),
    ...(links.previous ? [`<${links.previous}>; rel="prev"`] : []),
  ];
  if (link.length > 0) ctx.set('Link', link.join(', '));
}

/** `per_page` above this is clamped without error, and the clamped value is used everywhere (docs/api.md §5.2). */
export const maxPerPage = 50;

/** The effective `page` (default 1) and `per_page` (default 10, clamped) of validated list arguments. */
export function pagingOf(values: Readonly<Record<string, unknown>>): { page: number; perPage: number } {
  const page = (values.page as number | undefined) ?? 1;
  return { page, perPage: Math.min((values.per_page as number | undefined) ?? 10, maxPerPage) };
}

/** A list route's typed query with its paging, read from checked parameters (docs/api.md §5). */
export interface ListRequest<Q> {
  readonly query: Q;
  readonly page: number;
  readonly perPage: number;
}
