// The history of one stream: each recorded event with its metadata and the state change it caused (pure).
import type { RecordedEvent } from '../../events/eventStore.ts';
import { redactSecrets } from '../../events/catalogue/redaction.ts';
import { changesBetween, type Changes } from './documentChanges.ts';
import { resourceHistoryKindOf, type ResourceHistoryKinds } from './resourceHistoryKinds.ts';

export interface HistoryEntry {
  readonly position: bigint;
  readonly revision: bigint;
  readonly type: string;
  readonly schemaVersion: number;
  readonly occurredAt: string;
  readonly actor: string;
  readonly correlationId: string;
  readonly causationId: string;
  /** Fields of the resource's document the event changed; `{}` when it changed none or its type is unknown. */
  readonly changes: Changes;
  /** Only for streams without a document (slug claims, id blocks, users): the event's data, secrets redacted. */
  readonly data?: unknown;
}

/**
 * Entries in stream order. Unknown or undecodable events are listed too, with their metadata: auditors see all.
 * `before` is the document the stream's events before the first one given fold into (a page of history starts there).
 */
export function historyOf(
  kinds: ResourceHistoryKinds,
  streamId: string,
  events: readonly RecordedEvent[],
  before?: object,
): HistoryEntry[] {
  const kind = resourceHistoryKindOf(kinds, streamId);
  if (!kind)
    return events.map((recorded) => ({ ...historyEntryOf(recorded, {}), data: redactSecrets(recorded.data) ?? null }));
  let doc: object | undefined = before;
  return events.map((recorded) => {
    const before = doc;
    doc = kind.fold(doc, recorded);
    return historyEntryOf(recorded, before === doc ? {} : changesBetween(before, doc, kind.ignored));
  });
}

/** The entry of one recorded event with the changes it made. */
export function historyEntryOf(recorded: RecordedEvent, changes: Changes): HistoryEntry {
  const { metadata } = recorded;
  return {
    position: recorded.position,
    revision: recorded.revision,
    type: recorded.type,
    // Events recorded without a version are version 1, as the envelope decoder reads them.
    schemaVersion: typeof metadata.schemaVersion === 'number' ? metadata.schemaVersion : 1,
    occurredAt: String(metadata.occurredAt ?? ''),
    actor: String(metadata.actor ?? ''),
    correlationId: String(metadata.correlationId ?? ''),
    causationId: String(metadata.causationId ?? ''),
    changes,
  };
}
