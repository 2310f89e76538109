// Koa middleware: conditional GET. Answers without an ETag of their own get one from their bytes; a request whose
// If-None-Match names the current ETag gets 304 and no body (RFC 9110 §13.1.2), on items and lists alike.
import { createHash } from 'node:crypto';
import type { Context, Next } from 'koa';
import { stringifyBody } from '../representation/jsonLdText.ts';

/** A validator for a body: weak, since only the bytes are compared, not how they were sent. */
export function etagOfBytes(bytes: Buffer | string): string {
  return `W/"${createHash('sha1').update(bytes).digest('base64url')}"`;
}

export async function conditionalGet(ctx: Context, next: Next): Promise<void> {
  await next();
  if ((ctx.method !== 'GET' && ctx.method !== 'HEAD') || ctx.status !== 200) return;
  const body: unknown = ctx.body;
  // Streams (the change feed) have no bytes to hash; anything else is sent as the JSON it would become anyway, written
  // here so that `json_ld` members are script-safe however the answer got its ETag.
  const hasBytes = body !== null && body !== undefined && typeof (body as { pipe?: unknown }).pipe !== 'function';
  if (hasBytes) {
    const bytes = Buffer.isBuffer(body) || typeof body === 'string' ? body : stringifyBody(body);
    ctx.body = bytes;
    if (!ctx.response.get('ETag')) ctx.set('ETag', etagOfBytes(bytes));
  } else if (!ctx.response.get('ETag')) {
    return;
  }
  const ifNoneMatch = ctx.get('if-none-match');
  if (ifNoneMatch !== '' && namesTag(ifNoneMatch, ctx.response.get('ETag'))) {
    ctx.status = 304;
    ctx.body = null;
  }
}

/**
 * RFC 9110 §13.1.2 with the weak comparison: whatever the request's Cache-Control says (Koa's `ctx.fresh` gives up on
 * `no-cache`, which fetch() adds to every request carrying If-None-Match).
 */
export function namesTag(ifNoneMatch: string, etag: string): boolean {
  if (ifNoneMatch.trim() === '*') return true;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  return ifNoneMatch.split(',').some((tag) => opaque(tag) === opaque(etag));
}
