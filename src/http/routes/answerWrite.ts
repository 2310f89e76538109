// The HTTP answer of every write (create, update, delete of events, venues, organizers, terms): status, ETag, body.
import type { Context } from 'koa';
import type { Either } from 'fp-ts/lib/Either.js';
import { simpleError, type WireError } from '../errors/wireError.ts';
import { awaitReadModel, type ReadYourWritesDeps } from './readYourWrites.ts';

/** What a command handler reports of a write; no position when the write stored nothing (a duplicate was found). */
interface Written {
  readonly position?: bigint;
}

/** How one resource answers its writes. */
export interface WriteAnswer<E, W extends Written, D> {
  /** The wire error of a refused write (mapped once, here at the edge). */
  readonly errorOf: (error: E) => WireError;
  /** The item as this write left it (undefined only if it cannot be found: an internal error). */
  readonly documentOf: (written: W) => Promise<D | undefined>;
  readonly etagOf: (doc: D) => string;
  /** The response body; may set headers of its own (Allow). */
  readonly bodyOf: (doc: D) => Promise<unknown>;
}

/**
 * Waits until the read model reflects the write (so every later read does), then answers with the item as the write
 * left it. The document comes from the write's own stream, never from the read model: concurrent writes never lend
 * an answer their state or ETag. Returns what was written, for headers only the route knows (`Location`).
 */
export async function answerWrite<E, W extends Written, D>(
  ctx: Context,
  deps: ReadYourWritesDeps,
  written: Either<E, W>,
  answer: WriteAnswer<E, W, D>,
): Promise<W> {
  if (written._tag === 'Left') throw answer.errorOf(written.left);
  if (written.right.position !== undefined) await awaitReadModel(ctx, deps, written.right.position);
  const doc = await answer.documentOf(written.right);
  if (!doc) throw simpleError(500, 'rest_internal_error');
  ctx.set('ETag', answer.etagOf(doc));
  ctx.body = await answer.bodyOf(doc);
  return written.right;
}
