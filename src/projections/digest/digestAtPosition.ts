// The read model's digest together with the position it reflects, taken while no projection step moved that position.
import type { ReadStore } from '../readStore.ts';
import { digestReadStore, type DigestOptions, type ReadModelDigest } from './readModelDigest.ts';

/** Another try costs a whole pass over the read model; a projector that never pauses is reported, not chased. */
const defaultAttempts = 5;

export interface PositionedDigestOptions extends DigestOptions {
  /** Global position of the last event the projection applied to this read store (-1n before any). */
  readonly position: () => bigint | Promise<bigint>;
  readonly attempts?: number;
}

/**
 * Reads the position, digests, and reads the position again: equal positions mean the documents are those of that
 * position (the memory store digests within one turn of the event loop, so it always succeeds at once). Undefined
 * when the projection moved during every attempt.
 */
export async function digestAtPosition(
  readStore: ReadStore,
  options: PositionedDigestOptions,
): Promise<ReadModelDigest | undefined> {
  for (let attempt = 0; attempt < (options.attempts ?? defaultAttempts); attempt++) {
    const before = await options.position();
    const collections = await digestReadStore(readStore, options);
    if ((await options.position()) === before) return { position: before.toString(), collections };
  }
  return undefined;
}
