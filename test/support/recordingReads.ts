// The real event store, noting where each read of a stream started: what the kept-state tests count.
import type { EventStore, ReadStreamOptions } from '../../src/events/eventStore.ts';

/** A read of `streamId` from `fromRevision` (undefined: the whole stream). */
export interface StreamRead {
  readonly streamId: string;
  readonly fromRevision: bigint | undefined;
}

export function recordingReads(store: EventStore, reads: StreamRead[]): EventStore {
  return {
    append: store.append.bind(store),
    appendToStreams: store.appendToStreams.bind(store),
    readStream: (streamId: string, options?: ReadStreamOptions) => {
      reads.push({ streamId, fromRevision: options?.fromRevision });
      return store.readStream(streamId, options);
    },
    readAll: store.readAll.bind(store),
    headPosition: store.headPosition.bind(store),
    subscribeToAll: store.subscribeToAll.bind(store),
    close: store.close.bind(store),
  };
}

/** Where the reads of one stream started, in order. */
export const startsOf = (reads: readonly StreamRead[], streamId: string): (bigint | undefined)[] =>
  reads.filter((read) => read.streamId === streamId).map((read) => read.fromRevision);
