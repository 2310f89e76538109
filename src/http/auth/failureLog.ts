import { OldestFirst } from '../../domain/boundedMemo.ts';
// The FailureLog port: failed attempts per client, kept where every API instance sees them. With MongoDB configured
// the instances share one log (`mongoFailureLog.ts`), so N instances allow the limit once, not N times; embedded, the
// log is in memory (`MemoryFailureLog`), as the single process needs nothing more.

export interface FailureLog {
  /**
   * Adds a failure of `client` at `atMs`; resolves with the client's failure times after `sinceMs`, oldest first,
   * the new one included, at most the `keep` latest. Concurrent adds of one client each see the others that landed
   * before them (the log applies them one at a time).
   */
  add(client: string, atMs: number, sinceMs: number, keep: number): Promise<number[]>;
  /** The client's failure times after `sinceMs`, oldest first. */
  times(client: string, sinceMs: number): Promise<number[]>;
}

/** One process's log; `maxClients` bounds its memory (the client whose last failure is oldest is forgotten first). */
export class MemoryFailureLog implements FailureLog {
  private readonly failures = new Map<string, number[]>();
  private readonly oldestFirst = new OldestFirst(this.failures);

  constructor(private readonly maxClients: number) {}

  async add(client: string, atMs: number, sinceMs: number, keep: number): Promise<number[]> {
    const kept = [...this.recent(client, sinceMs), atMs].slice(-keep);
    this.failures.delete(client);
    this.failures.set(client, kept);
    if (this.failures.size > this.maxClients) {
      this.oldestFirst.dropOldest();
    }
    return kept;
  }

  async times(client: string, sinceMs: number): Promise<number[]> {
    return this.recent(client, sinceMs);
  }

  get trackedClients(): number {
    return this.failures.size;
  }

  private recent(client: string, sinceMs: number): number[] {
    const recent = (this.failures.get(client) ?? []).filter((time) => time > sinceMs);
    if (recent.length === 0) this.failures.delete(client);
    return recent;
  }
}
