// How far a read model is behind the event store, in events and in seconds; for /ready and the metrics.
import type { EventStore } from '../events/eventStore.ts';

export interface ProjectionLag {
  /**
   * Unapplied events, counted up to {@link lagCountCap} (positions are not dense on EventStoreDB, so they are read).
   */
  readonly events: number;
  /** Age of the oldest unapplied event; 0 when caught up. */
  readonly seconds: number;
}

export const lagCountCap = 10_000;

/** `applied` is the last global position the read model reflects (-1n before any). */
export async function measureProjectionLag(store: EventStore, applied: bigint, now: Date): Promise<ProjectionLag> {
  const pending = await store.readAll({ ...(applied >= 0n ? { after: applied } : {}), maxCount: lagCountCap });
  const oldest = pending[0];
  if (!oldest) return { events: 0, seconds: 0 };
  const age = (now.getTime() - Date.parse(oldest.metadata.occurredAt)) / 1000;
  return { events: pending.length, seconds: Number.isFinite(age) ? Math.max(0, age) : 0 };
}
