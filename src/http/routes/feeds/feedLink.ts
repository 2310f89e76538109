// The `rel="alternate"` link from an events list to the calendar feed of the same filters (docs/api.md §21.1).
import type { Context } from 'koa';

/** Not filters: paging (a feed has none), and what unlocks content, which a header must not repeat. */
const notFilters = new Set(['page', 'per_page', 'password', 'context']);

/**
 * Adds the feed of the filters the request sent to the response's `Link`. The filters as sent, not as resolved: a
 * subscription to the feed must keep its default window moving with the days, as the list's own does. Set per
 * request after the page is answered, so list pages shared as bytes (sharedPages.ts) keep their own headers right.
 */
export function linkEventFeed(ctx: Context, apiRoot: string): void {
  const filters = new URLSearchParams(
    [...new URLSearchParams(ctx.querystring)].filter(([name]) => !notFilters.has(name)),
  );
  const query = filters.toString();
  const alternate = `<${apiRoot}/events.ics${query === '' ? '' : `?${query}`}>; rel="alternate"; type="text/calendar"`;
  const existing = ctx.response.get('Link') as string | undefined;
  ctx.set('Link', existing ? `${existing}, ${alternate}` : alternate);
}
