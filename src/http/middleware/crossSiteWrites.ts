// Koa middleware: refuses writes a browser sends on behalf of another site (cross-site request forgery).
import type { Context, Next } from 'koa';
import type { CorsOrigins } from '../../config/config.ts';
import { simpleError } from '../errors/wireError.ts';

/** Methods that change something; the others are answered the same whoever sends them. */
const unsafeMethods: ReadonlySet<string> = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Whether a write may go ahead as the request's `Origin` and `Sec-Fetch-Site` describe it. A browser that holds Basic
 * credentials for the service sends them with any site's form or `fetch`, and a form post needs no CORS permission, so
 * CORS alone does not stop it. Browsers name the page's origin in `Origin` on every cross-origin write (and
 * `Sec-Fetch-Site` tells how it relates to the service); clients that are not browsers (curl, servers) send neither
 * and pass. `same-site` counts as foreign too: another origin on the same site is still another application.
 */
export function crossSiteRefused(
  method: string,
  origin: string | undefined,
  fetchSite: string | undefined,
  own: readonly string[],
  allowed: CorsOrigins,
): boolean {
  if (!unsafeMethods.has(method)) return false;
  if (origin !== undefined && origin !== '') {
    // `null`: a sandboxed page, a `data:` document or a redirect across origins; none of them is an allowed origin.
    return !(own.includes(origin) || allowed === '*' || allowed.includes(origin));
  }
  return fetchSite === 'cross-site' || fetchSite === 'same-site';
}

/** The origin of an absolute URL, or undefined if it has none. */
function originOf(url: string): string | undefined {
  try {
    const parsed = new URL(url);
    return parsed.origin === 'null' ? undefined : parsed.origin;
  } catch {
    return undefined;
  }
}

/**
 * 403 `rest_cross_site_request` for a write from a page of another origin, unless `CAL_CORS_ORIGINS` lists it (or is
 * `*`). The service's own origins are its public URL's and the one the request was addressed to (`Host`, which a
 * browser sets to the service's name whatever page sends it).
 */
export function crossSiteWrites(publicUrl: string, allowed: CorsOrigins) {
  const publicOrigin = originOf(publicUrl);
  return async (ctx: Context, next: Next): Promise<void> => {
    // Paths outside the API are no routes at all (404); the web pages answer GET and HEAD only. Reads pass at once.
    if (ctx.state.outsideApi || !unsafeMethods.has(ctx.method)) return next();
    const own = [`${ctx.protocol}://${ctx.host}`, ...(publicOrigin ? [publicOrigin] : [])];
    const origin = ctx.get('origin');
    const fetchSite = ctx.get('sec-fetch-site').toLowerCase();
    if (
      crossSiteRefused(
        ctx.method,
        origin === '' ? undefined : origin,
        fetchSite === '' ? undefined : fetchSite,
        own,
        allowed,
      )
    ) {
      throw simpleError(403, 'rest_cross_site_request');
    }
    await next();
  };
}
