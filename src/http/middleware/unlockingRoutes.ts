// Runs the API routes with the request's password unlocks (docs/api.md §12): read routes are rendered again once the
// argon2 checks their first rendering needed have run, and a failed unlock counts against the client.
import type { Context, Middleware, Next } from 'koa';
import { clientOf } from '../auth/clientAddress.ts';
import { knownUnlocksOnly, PasswordUnlocks } from '../auth/passwordUnlocks.ts';
import { stateOf } from '../requestScope.ts';
import type { HttpParts } from '../services.ts';

const readMethods: ReadonlySet<string> = new Set(['GET', 'HEAD']);

/**
 * Rendering decides item by item and synchronously whether an item is locked, and argon2 is asynchronous: a first
 * rendering treats the items whose password needs argon2 as locked, then their checks run, all at once, and the
 * route runs again with the verdicts. Read routes only read, so running one again changes nothing but the answer;
 * remembered successes (ItemPasswordVerifier) make the usual unlocks render once. Writes take `password` as the
 * item's new password: they are never run again, count nothing, and unlock only by remembered verdicts.
 */
export function unlockingRoutes<R extends (ctx: Context, next: Next) => Promise<unknown>>(
  routes: R & { readonly router?: unknown },
  services: Pick<HttpParts, 'itemPasswords'>,
): Middleware & { readonly router?: unknown } {
  const { verifier, failedUnlocks } = services.itemPasswords;
  const middleware = async (ctx: Context, next: Next): Promise<void> => {
    if (!readMethods.has(ctx.method)) {
      stateOf(ctx).unlocks = knownUnlocksOnly(verifier);
      await routes(ctx, next);
      return;
    }
    const unlocks = new PasswordUnlocks(verifier, failedUnlocks, clientOf(ctx.ip));
    stateOf(ctx).unlocks = unlocks;
    for (;;) {
      let failure: { readonly error: unknown } | undefined;
      try {
        await routes(ctx, next);
      } catch (error) {
        failure = { error };
      }
      if (await unlocks.settle()) continue;
      await unlocks.finish();
      if (failure) throw failure.error;
      return;
    }
  };
  // Koa-router marks its middleware with the router, which is how the app's registered routes are found (OPTIONS).
  return Object.assign(middleware, { router: routes.router });
}
