// One page request: its languages, its view of the API, the assets, and how a page is sent (HTML, security headers,
// revalidation by ETag).
import { createHash } from 'node:crypto';
import type { Context } from 'koa';
import { onThisOrigin, type PageApi } from '../apiClient.ts';
import type { WebAssets } from '../assets/webAssets.ts';
import type { SiteSettings } from '../../http/representation/site.ts';
import { pageLanguages, wordsFor, type PageLanguage, type Words } from '../common/pageWords.ts';

export interface PageRequest {
  readonly ctx: Context;
  /** The segment of the address (`/es/event/...`), if any. */
  readonly segment: PageLanguage | undefined;
  /** The language of the page's words: the segment's, else English. */
  readonly language: PageLanguage;
  readonly words: Words;
  readonly api: PageApi;
  readonly assets: WebAssets;
  readonly settings: SiteSettings;
  /** An address the API wrote, as a link on this origin. */
  readonly local: (url: string) => string;
}

export function pageRequest(
  ctx: Context,
  segment: PageLanguage | undefined,
  api: PageApi,
  assets: WebAssets,
  settings: SiteSettings,
): PageRequest {
  const language = segment ?? 'en';
  return {
    ctx,
    segment,
    language,
    words: wordsFor(language),
    api,
    assets,
    settings,
    local: (url) => onThisOrigin(url, settings.base),
  };
}

/**
 * Pages load only this origin's scripts and styles and talk only to it; images of events are wherever their editors
 * stored them (docs/api.md §10.1). Styles allow inline `style` attributes, which the calendar component sets.
 */
export const pageSecurityPolicy = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: https: http:",
  "connect-src 'self'",
  "font-src 'self' data:",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'self'",
].join('; ');

export function sendPage(ctx: Context, status: number, body: string, policy = pageSecurityPolicy): void {
  ctx.status = status;
  ctx.type = 'text/html; charset=utf-8';
  ctx.set('Content-Security-Policy', policy);
  // Signed-in callers may see drafts: their pages stay out of shared caches.
  ctx.set('Cache-Control', ctx.get('authorization') ? 'private, no-store' : 'no-cache');
  ctx.set('Vary', 'Authorization');
  if (status === 200) {
    ctx.etag = createHash('sha256').update(body).digest('base64url').slice(0, 27);
    if (ctx.fresh) {
      ctx.status = 304;
      return;
    }
  }
  ctx.body = body;
}

/** The same page in each language: the address with its segment replaced, query kept. */
export function languageLinksOf(ctx: Context, segment: PageLanguage | undefined): Record<PageLanguage, string> {
  const rest = segment ? ctx.path.slice(segment.length + 1) || '/' : ctx.path;
  const query = ctx.querystring ? `?${ctx.querystring}` : '';
  return Object.fromEntries(pageLanguages.map((language) => [language, `/${language}${rest}${query}`])) as Record<
    PageLanguage,
    string
  >;
}
