// Koa middleware: the headers every API response carries (docs/api.md §1.5), CORS as configured.
import type { Context, Next } from 'koa';
import type { CorsOrigins } from '../../config/config.ts';

const allowedMethods = 'OPTIONS, GET, POST, PUT, PATCH, DELETE';

/**
 * The origin-specific CORS headers for a request's `Origin`. Off by default, unlike the reference, which reflects any
 * origin with credentials allowed: that lets every web page read what a signed-in browser may read.
 */
export function corsHeadersFor(origin: string, allowed: CorsOrigins): Record<string, string> {
  const listed = allowed !== '*';
  if (listed && allowed.length === 0) return {};
  // A listed policy answers differently per origin, also when none is sent: caches must keep the answers apart.
  const vary: Record<string, string> = listed || origin !== '' ? { Vary: 'Origin' } : {};
  if (origin === '' || (listed && !allowed.includes(origin))) return vary;
  return {
    'Access-Control-Allow-Origin': origin,
    'Access-Control-Allow-Methods': allowedMethods,
    'Access-Control-Allow-Credentials': 'true',
    ...vary,
  };
}

/** Set on every API response, in this order, before the CORS headers. */
export const apiHeaders = {
  'Access-Control-Allow-Headers': 'Authorization, Content-Disposition, Content-MD5, Content-Type',
  // ETag too, so that browser code can send If-None-Match and If-Match (deliberate: the reference exposes three);
  // X-Cal-Truncated, so that it can tell a calendar feed cut at CAL_ICAL_MAX_EVENTS (docs/api.md §21.1).
  'Access-Control-Expose-Headers': 'X-Cal-Total, X-Cal-TotalPages, Link, ETag, X-Cal-Truncated',
} as const;

/** The type of every answer that names none in `ctx.state.contentType`. */
export const jsonType = 'application/json; charset=UTF-8';

/** `X-Content-Type-Options` and `Referrer-Policy` are set by the outermost middleware, for every response. */
export function commonHeaders(allowedOrigins: CorsOrigins) {
  return async (ctx: Context, next: Next): Promise<void> => {
    ctx.set(apiHeaders);
    ctx.set(corsHeadersFor(ctx.get('origin'), allowedOrigins));
    try {
      await next();
    } finally {
      // Every answer is JSON but those that name another type in `ctx.state.contentType` (the calendar feeds).
      ctx.type = (ctx.state.contentType as string | undefined) ?? jsonType;
      if (ctx.state.caller?.kind === 'user')
        ctx.set('Cache-Control', 'no-cache, must-revalidate, max-age=0, no-store, private');
    }
  };
}
