// The API's middleware in two chains, one per kind of method: a write (POST, PUT, PATCH, DELETE) skips the layers that
// act on reads only (the probes, the web pages, the conditional GET, the kept answers, OPTIONS), instead of passing
// through each of them, which costs a promise and a turn of each on every write. The order stays that of
// docs/api.md §2 in both chains.
import type { Context, Middleware, Next } from 'koa';
// Koa's own composer, so each chain runs its layers exactly as Koa runs its list.
import compose from 'koa-compose';

/** Methods that change something; crossSiteWrites.ts guards the same ones. */
export const writeMethods: ReadonlySet<string> = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** One layer of the chain; `readsOnly` when it passes every write straight on (test/http/methodChains.test.ts). */
export interface Layer {
  readonly name: string;
  readonly middleware: Middleware;
  readonly readsOnly?: true;
}

/** The layers as one middleware: every layer for reads, the others for writes. */
export function methodChains(layers: readonly Layer[]): Middleware {
  const reads = compose(layers.map((layer) => layer.middleware));
  const writes = compose(layers.filter((layer) => layer.readsOnly !== true).map((layer) => layer.middleware));
  return (ctx: Context, next: Next) => (writeMethods.has(ctx.method) ? writes : reads)(ctx, next);
}
