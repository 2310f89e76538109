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

/** Whether arrays and objects nest deeper than `maxDepth` (`{}` is depth 1); iterative, so any depth is safe. */
export function nestingExceeds(value: unknown, maxDepth: number): boolean {
  const pending: [unknown, number][] = [[value, 0]];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    const [current, depth] = next;
    if (typeof current !== 'object' || current === null) continue;
    if (depth + 1 > maxDepth) return true;
    for (const child of Array.isArray(current) ? current : Object.values(current)) pending.push([child, depth + 1]);
  }
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
