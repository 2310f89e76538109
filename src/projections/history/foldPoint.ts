// Where a fold of a stream stops: at a stream revision, a global position or an instant — one predicate for all three.
import type { EventStore, RecordedEvent } from '../../events/eventStore.ts';
import { instantToUtc, type LocalDateTime } from '../../domain/localDateTime.ts';

/** A point of the store's history that applies to any stream (`as_of`): a global position or an instant. */
export type GlobalPoint =
  | { readonly kind: 'position'; readonly position: bigint }
  /** UTC wall clock to the second: an event is within when its `occurredAt`, read to the second, is not later. */
  | { readonly kind: 'instant'; readonly utc: LocalDateTime };

/** A revision only means something within one stream: the state one write left. */
export type FoldPoint = { readonly kind: 'revision'; readonly revision: bigint } | GlobalPoint;

export const atRevision = (revision: bigint): FoldPoint => ({ kind: 'revision', revision });

/** A bare bigint is a revision, the form the write routes have always used. */
export const foldPointOf = (at: bigint | FoldPoint): FoldPoint => (typeof at === 'bigint' ? atRevision(at) : at);

export function isWithin(point: FoldPoint, recorded: RecordedEvent): boolean {
  switch (point.kind) {
    case 'revision':
      return recorded.revision <= point.revision;
    case 'position':
      return recorded.position <= point.position;
    case 'instant': {
      // An unreadable time cannot be placed; counting it in keeps one bad record from hiding the rest of a stream.
      const second = secondOf(recorded);
      return second === undefined || second <= point.utc;
    }
  }
}

/** When the event occurred, UTC to the second; undefined when its `occurredAt` does not read as a time. */
export function secondOf(recorded: RecordedEvent): LocalDateTime | undefined {
  const occurred = new Date(String(recorded.metadata.occurredAt));
  return Number.isNaN(occurred.getTime()) ? undefined : instantToUtc(occurred);
}

/**
 * The longest prefix of a stream's events within the point. A prefix, not a filter: a state is only ever the fold
 * of a stream's first events, even should a clock have gone backwards between two of them.
 */
export function prefixWithin(point: FoldPoint, events: readonly RecordedEvent[]): RecordedEvent[] {
  const end = events.findIndex((recorded) => !isWithin(point, recorded));
  return end < 0 ? [...events] : events.slice(0, end);
}

/** Reads a stream up to the point; the revision form reads no further than it. */
export async function readStreamUpTo(
  store: EventStore,
  streamId: string,
  at: bigint | FoldPoint,
): Promise<RecordedEvent[]> {
  const point = foldPointOf(at);
  if (point.kind === 'revision') {
    return point.revision < 0n ? [] : store.readStream(streamId, { maxCount: Number(point.revision) + 1 });
  }
  return prefixWithin(point, await store.readStream(streamId));
}
