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

/** An unapplied event as the meter remembers it. */
interface Pending {
  readonly position: bigint;
  readonly occurredAt: string;
}

/**
 * Measures the lag for every probe of a process (made once by the composition root). It remembers the unapplied
 * events it has read, so a probe reads only what was appended since the one before: a probe every few seconds on a
 * lagging read model used to read up to 10,000 events each time.
 */
export class ProjectionLagMeter {
  /** Unapplied events read so far, in global order, at most `lagCountCap`. */
  private pending: Pending[] = [];
  /** Where the next read starts: the last event read, or what was applied when nothing is pending. */
  private readTo = -1n;
  private lastApplied = -1n;
  private measuring: Promise<unknown> = Promise.resolve();

  constructor(private readonly store: EventStore) {}

  /** One measurement at a time: each continues from what the one before remembered. */
  measure(applied: bigint, now: Date): Promise<ProjectionLag> {
    const measured = this.measuring.then(() => this.measureNow(applied, now));
    this.measuring = measured.catch(() => undefined);
    return measured;
  }

  private async measureNow(applied: bigint, now: Date): Promise<ProjectionLag> {
    // The read model went back (a blue-green switch to a version slightly behind): what it has not applied is unknown.
    if (applied < this.lastApplied) [this.pending, this.readTo] = [[], applied];
    this.lastApplied = applied;
    this.pending = this.pending.filter((event) => event.position > applied);
    if (this.readTo < applied) this.readTo = applied;
    const room = lagCountCap - this.pending.length;
    if (room > 0) {
      const read = await this.store.readAll({ ...(this.readTo >= 0n ? { after: this.readTo } : {}), maxCount: room });
      for (const event of read) this.pending.push({ position: event.position, occurredAt: event.metadata.occurredAt });
      this.readTo = read.at(-1)?.position ?? this.readTo;
    }
    const oldest = this.pending[0];
    if (!oldest) return { events: 0, seconds: 0 };
    const age = (now.getTime() - Date.parse(oldest.occurredAt)) / 1000;
    return { events: this.pending.length, seconds: Number.isFinite(age) ? Math.max(0, age) : 0 };
  }
}
