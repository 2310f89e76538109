// Charges a read that folds streams (`as_of`, `/history`) to its client, refusing it with 429 once the client's
// allowance is used up (docs/security.md, "Costs a caller can impose").
import type { Context } from 'koa';
import { clientOf } from '../auth/clientAddress.ts';
import { simpleError } from '../errors/wireError.ts';
import type { CostlyReadLimiter } from './costlyReadLimiter.ts';

/** Throws the 429 when the client may not fold now; `ctx.ip` is the client as CAL_TRUST_PROXY defines it. */
export function chargeCostlyRead(limiter: CostlyReadLimiter, ctx: Context): void {
  // A read route may run twice for one request (unlockingRoutes.ts); the request pays once.
  if (ctx.state.costlyReadCharged === true) return;
  ctx.state.costlyReadCharged = true;
  const retryAfterSeconds = limiter.take(clientOf(ctx.ip));
  if (retryAfterSeconds !== undefined) {
    throw simpleError(429, 'cal_too_many_history_reads', undefined, { 'Retry-After': String(retryAfterSeconds) });
  }
}
