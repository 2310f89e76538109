// Read-your-writes at the edge: a write answers once the read model reflects it, or says that it gave up waiting.
import type { Context } from 'koa';
import type { HttpParts } from '../services.ts';

/**
 * Set on a write's response when the read model did not reflect the write within CAL_READ_YOUR_WRITES_TIMEOUT_MS:
 * the write is stored and its response is exact (folded from its stream), but a read right after may not show it yet.
 */
export const readYourWritesHeader = 'X-Cal-Read-Your-Writes';

export type ReadYourWritesDeps = Pick<HttpParts, 'waitForProjection'>;

export async function awaitReadModel(ctx: Context, deps: ReadYourWritesDeps, position: bigint): Promise<void> {
  if (!(await deps.waitForProjection(position))) ctx.set(readYourWritesHeader, 'timeout');
}
