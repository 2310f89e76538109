// The JSON form of a history entry, snake_case like the rest of the wire: the HTTP history route and `cal audit
// --json`.
import type { HistoryEntry } from './historyEntries.ts';

export function historyEntryJson(entry: HistoryEntry): Record<string, unknown> {
  return {
    // Positions are 64-bit: a string survives every JSON reader.
    position: String(entry.position),
    revision: Number(entry.revision),
    type: entry.type,
    schema_version: entry.schemaVersion,
    occurred_at: entry.occurredAt,
    actor: entry.actor,
    correlation_id: entry.correlationId,
    causation_id: entry.causationId,
    changes: entry.changes,
    ...(entry.data !== undefined ? { data: entry.data } : {}),
  };
}
