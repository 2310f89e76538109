// Deterministic event ids: EventStoreDB deduplicates an append whose events carry ids it already stored at the same
// place, so an append retried after a timeout (which may have committed) is written once.
import { createHash } from 'node:crypto';
import type { ExpectedRevision, NewEvent } from '../eventStore.ts';

/**
 * A UUID (version 8, name-based) from the stream, the expectation, the event's place in the append and the whole
 * event. Its metadata holds the request's correlation id and time, so two different writes never share an id, while
 * the attempts of one write always do.
 */
export function eventIdOf(streamId: string, expected: ExpectedRevision, index: number, event: NewEvent): string {
  const hash = createHash('sha256')
    .update(JSON.stringify([streamId, String(expected), index, event.type, event.data, event.metadata]))
    .digest();
  hash[6] = ((hash[6] as number) & 0x0f) | 0x80;
  hash[8] = ((hash[8] as number) & 0x3f) | 0x80;
  const hex = hash.subarray(0, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
