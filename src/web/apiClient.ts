// The pages read everything through the API itself, in process (no socket): the same routes, read rules, blanking and
// languages as any client gets, so a page can never show what the API would not.
import type { RequestListener } from 'node:http';
import type { Context } from 'koa';
import inject from 'light-my-request';
import { isPageLanguage, type PageLanguage } from './common/pageWords.ts';

export interface ApiAnswer {
  readonly status: number;
  readonly body: unknown;
  readonly headers: Readonly<Record<string, string | string[] | number | undefined>>;
}

export interface ApiCall {
  readonly query?: Readonly<Record<string, string | number | undefined>>;
  /** The language segment to call with; none: the API's default (English, addresses without a segment). */
  readonly language?: PageLanguage | undefined;
}

/** One page request's view of the API: its credentials and client address go with every call. */
export type PageApi = (path: string, call?: ApiCall) => Promise<ApiAnswer>;

export const apiRootPath = (language: PageLanguage | undefined): string =>
  `${language ? `/${language}` : ''}/cal/events/v1`;

/**
 * `dispatch` is the API's request handler. The caller's `Authorization` and forwarding headers are passed on and its
 * socket address kept, so that the API's failed-login limit and `CAL_TRUST_PROXY` see the real client.
 */
export function pageApiFor(dispatch: RequestListener, ctx: Context): PageApi {
  const headers: Record<string, string> = { accept: 'application/json' };
  for (const name of ['authorization', 'x-forwarded-for', 'x-request-id', 'x-correlation-id']) {
    const value = ctx.get(name);
    if (value !== '') headers[name] = value;
  }
  const remoteAddress = ctx.req.socket.remoteAddress ?? '127.0.0.1';
  return async (path, { query = {}, language } = {}) => {
    const search = new URLSearchParams();
    for (const [name, value] of Object.entries(query)) if (value !== undefined) search.set(name, String(value));
    const url = `${apiRootPath(language)}${path}${search.size > 0 ? `?${search}` : ''}`;
    const response = await inject(dispatch, { method: 'GET', url, headers, remoteAddress });
    return { status: response.statusCode, body: parse(response.body), headers: response.headers };
  };
}

function parse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** The language a page address selects (`/es/...`), if any. */
export const segmentLanguage = (segment: string | undefined): PageLanguage | undefined =>
  isPageLanguage(segment) ? segment : undefined;

/**
 * An address the API wrote (`{base}/event/x/`) as a path on this origin, so links work however the page was reached.
 */
export const onThisOrigin = (url: string, publicBase: string): string =>
  url.startsWith(`${publicBase}/`) ? url.slice(publicBase.length) : url;
