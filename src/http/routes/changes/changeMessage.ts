// The change feed's wire format: a recorded resource event as one Server-Sent Events message, plus the control lines.
import { catalogue } from '../../../events/catalogue/index.ts';
import type { CatalogueEntry } from '../../../events/catalogue/envelope.ts';
import { decodeDomainEvent } from '../../../events/catalogue/envelope.ts';
import { redactSecrets } from '../../../events/catalogue/redaction.ts';
import { streamCategory, type RecordedEvent } from '../../../events/eventStore.ts';
import { changeKinds, type ChangeKind } from './changeArgs.ts';

/** What `data:` carries, keys in wire order. */
export interface ChangeMessage {
  /** 64-bit, so a string: JSON numbers lose precision past 2^53 in most clients. */
  readonly position: string;
  readonly stream: string;
  readonly kind: string;
  readonly revision: number;
  readonly type: string;
  /** The schema version `data` is in: the current one when decoded (older versions are upcast), else as stored. */
  readonly schema_version: number;
  /** False for a type this service version does not know (written by a newer one): `data` is then as stored. */
  readonly decoded: boolean;
  readonly occurred_at: string;
  readonly actor: string;
  readonly correlation_id: string;
  readonly causation_id: string;
  readonly data: unknown;
}

/** Sent once when a feed opens: how long an EventSource waits before reconnecting. */
export const reconnectDelayMs = 2000;
export const retryFrame = `retry: ${reconnectDelayMs}\n\n`;
/** A comment line: EventSource ignores it, but it keeps proxies and load balancers from timing an idle feed out. */
export const heartbeatFrame = ': heartbeat\n\n';

const resourceKinds: ReadonlySet<string> = new Set(changeKinds);

/** Whether a stream's events belong in a feed asking for these kinds (all resource kinds when none are given). */
export function carriesStream(kinds: readonly ChangeKind[] | undefined): (streamId: string) => boolean {
  const wanted: ReadonlySet<string> = kinds === undefined ? resourceKinds : new Set(kinds);
  return (streamId) => wanted.has(streamCategory(streamId));
}

const currentVersion = (type: string): number | undefined =>
  (catalogue as Record<string, CatalogueEntry>)[type]?.version;

export function changeMessageOf(recorded: RecordedEvent): ChangeMessage {
  const decoded = decodeDomainEvent(recorded);
  const storedVersion = typeof recorded.metadata.schemaVersion === 'number' ? recorded.metadata.schemaVersion : 1;
  return {
    position: recorded.position.toString(),
    stream: recorded.streamId,
    kind: streamCategory(recorded.streamId),
    revision: Number(recorded.revision),
    type: recorded.type,
    schema_version: decoded ? (currentVersion(decoded.type) ?? storedVersion) : storedVersion,
    decoded: decoded !== undefined,
    occurred_at: recorded.metadata.occurredAt,
    actor: recorded.metadata.actor,
    correlation_id: recorded.metadata.correlationId,
    causation_id: recorded.metadata.causationId,
    data: redactSecrets(decoded ? decoded.data : recorded.data),
  };
}

/** A line break inside a field would end it early and corrupt the stream; only a stored type could carry one. */
const singleLine = (text: string): string => text.replace(/[\r\n]/g, ' ');

/** `id:` lets the client resume after this message; JSON.stringify never emits a raw line break. */
export function changeFrame(recorded: RecordedEvent): string {
  const message = changeMessageOf(recorded);
  return `id: ${message.position}\nevent: ${singleLine(message.type)}\ndata: ${JSON.stringify(message)}\n\n`;
}
