// The event envelope of docs/architecture.md §4: metadata built
// for each write, and recorded events decoded into typed ones.
import type { EventMetadata, NewEvent, RecordedEvent } from '../eventStore.ts';
import { catalogue, type DomainEvent } from './index.ts';
import type { CatalogueEntry } from './catalogueEntry.ts';
import type { ImportOrigin } from './metadata.ts';

export type { CatalogueEntry } from './catalogueEntry.ts';

/** Who and what caused a write; carried into every event's metadata. */
export interface WriteContext {
  readonly actor: string;
  /** UTC instant of the write. */
  readonly now: Date;
  readonly correlationId: string;
  readonly causationId: string;
  /** Set by the two imports only: where the item written came from (metadata.ts, `ImportOrigin`). */
  readonly importedFrom?: ImportOrigin;
}

export function toNewEvent(event: DomainEvent, ctx: WriteContext): NewEvent {
  const metadata: EventMetadata = {
    actor: ctx.actor,
    occurredAt: ctx.now.toISOString(),
    correlationId: ctx.correlationId,
    causationId: ctx.causationId,
    schemaVersion: catalogue[event.type].version,
    ...(ctx.importedFrom ? { importedFrom: ctx.importedFrom } : {}),
  };
  return { type: event.type, data: event.data, metadata };
}

/**
 * Decodes a recorded event of a known type, upcasting older schema versions first.
 * Unknown types (other resources, future versions) give undefined so that readers skip them.
 */
export function decodeDomainEvent(recorded: RecordedEvent): DomainEvent | undefined {
  // Own keys only: a type named `constructor` or `__proto__` must not find an inherited member.
  if (!Object.hasOwn(catalogue, recorded.type)) return undefined;
  const entry = (catalogue as Record<string, CatalogueEntry>)[recorded.type] as CatalogueEntry;
  const version = typeof recorded.metadata.schemaVersion === 'number' ? recorded.metadata.schemaVersion : 1;
  if (version > entry.version) return undefined;
  const data = entry.upcast ? entry.upcast(recorded.data, version) : recorded.data;
  const candidate = { type: recorded.type, data };
  // An event the embedded store read back as it wrote it, at the current version, was checked by the types of the
  // code that decided it; the check (6-7% of a replay) is kept for every other event: older versions, other stores,
  // values in an encoding the store does not write.
  if (recorded.asWritten === true && version === entry.version) return candidate as DomainEvent;
  // `is` checks the shape without building validation contexts: replays decode every stored event.
  return entry.codec.is(candidate) ? (candidate as DomainEvent) : undefined;
}
