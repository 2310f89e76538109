// Koa middleware around the body parser: refuses JSON nested deeper than any real request, before a handler walks
// it. Parsing itself copes with any depth that fits in the body limit, but recursive code after it (serialising an
// event, io-ts, logging) would overflow the stack on a few thousand levels.
import type { IncomingMessage } from 'node:http';
import type { Context, Middleware, Next } from 'koa';
import { jsonTooDeep } from '../errors/limitErrors.ts';

/** Real bodies nest four or five levels (an event holding an inline venue holding a list); 64 leaves room. */
export const maxJsonDepth = 64;

export function withJsonDepthLimit(parseBody: Middleware, maxDepth: number = maxJsonDepth): Middleware {
  return (ctx: Context, next: Next) =>
    parseBody(ctx, async () => {
      if (nestingExceeds((ctx.request as { body?: unknown }).body, maxDepth)) throw jsonTooDeep(maxDepth);
      await next();
    });
}

/**
 * Whether arrays and objects nest deeper than `maxDepth` (`{}` is depth 1). The walk descends at most `maxDepth + 1`
 * levels whatever the value's depth, so any value is safe for the stack; it allocates nothing per value, since every
 * write's body passes here.
 */
export function nestingExceeds(value: unknown, maxDepth: number): boolean {
  if (typeof value !== 'object' || value === null) return false;
  if (maxDepth <= 0) return true;
  if (Array.isArray(value)) {
    for (const child of value) if (nestingExceeds(child, maxDepth - 1)) return true;
    return false;
  }
  const record = value as Record<string, unknown>;
  for (const key in record) if (Object.hasOwn(record, key) && nestingExceeds(record[key], maxDepth - 1)) return true;
  return false;
}

/**
 * After the body parser gave up half-way (over the limit, or undecodable gzip), the rest of the body still sits on
 * the connection: Node only drains bodies nobody started reading, so the next request on that keep-alive connection
 * would wait behind it and be reset. Reading it to the end (as Node does for unread bodies) keeps the connection
 * usable; the request timeout still bounds how long a client may keep sending.
 */
export function discardUnreadBody(req: IncomingMessage): void {
  if (req.complete) return;
  req.unpipe();
  req.resume();
}
