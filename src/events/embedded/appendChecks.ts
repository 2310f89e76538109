// What an append to the embedded store must satisfy: the checks made before its transaction (storable ids, events in
// every part, each stream once) and, inside it, whether a stream's head meets the expected revision.
import { AnyRevision, NoStream, StreamExists, type ExpectedRevision, type StreamAppend } from '../eventStore.ts';
import { assertStorableStreamId } from './lmdbLayout.ts';

export function expectationHolds(expected: ExpectedRevision, head: number | undefined): boolean {
  switch (expected) {
    case NoStream:
      return head === undefined;
    case StreamExists:
      return head !== undefined;
    case AnyRevision:
      return true;
    default:
      return head !== undefined && BigInt(head) === expected;
  }
}

/** Checks what the transaction cannot: storable ids, events in every part, each stream at most once. */
export function assertAppendable(appends: readonly StreamAppend[]): void {
  if (appends.length === 0) throw new RangeError('an append needs at least one stream');
  const streams = new Set<string>();
  for (const { streamId, events } of appends) {
    assertStorableStreamId(streamId);
    if (events.length === 0) throw new RangeError('an append needs at least one event');
    if (streams.has(streamId)) throw new RangeError(`stream ${streamId} appears twice in one append`);
    streams.add(streamId);
  }
}
