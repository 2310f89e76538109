// Meters the reads that fold streams (`as_of`, `/history`) per client with a token bucket, so that no one client can
// keep the service folding: each read takes a token; tokens come back at the configured rate.
import type { Config } from '../../config/config.ts';
import { OldestFirst } from '../../domain/boundedMemo.ts';

export interface CostlyReadLimits {
  /** Reads a client may make in a burst, and per window on average; 0 turns the limit off. */
  readonly maxReads: number;
  readonly windowMs: number;
  /** Clients remembered at most; beyond it the least recently seen is forgotten (it gets a full bucket back). */
  readonly maxClients: number;
}

interface Bucket {
  tokens: number;
  atMs: number;
}

export class CostlyReadLimiter {
  /** Insertion order is recency order, for forgetting the least recently seen client first. */
  private readonly buckets = new Map<string, Bucket>();
  private readonly oldestFirst = new OldestFirst(this.buckets);

  constructor(
    private readonly limits: CostlyReadLimits,
    private readonly nowMs: () => number,
  ) {}

  /** Takes a read from the client's allowance: undefined when granted, else whole seconds until one is back. */
  take(client: string): number | undefined {
    const { maxReads, windowMs } = this.limits;
    if (maxReads === 0) return undefined;
    const now = this.nowMs();
    const perMs = maxReads / windowMs;
    const known = this.buckets.get(client);
    // The clock is injected and may step back: time that went backwards refills nothing.
    const bucket = known
      ? {
          tokens: Math.min(maxReads, known.tokens + Math.max(0, now - known.atMs) * perMs),
          atMs: Math.max(now, known.atMs),
        }
      : { tokens: maxReads, atMs: now };
    this.buckets.delete(client);
    this.buckets.set(client, bucket);
    if (this.buckets.size > this.limits.maxClients) {
      this.oldestFirst.dropOldest();
    }
    if (bucket.tokens >= 1) {
      bucket.tokens -= 1;
      return undefined;
    }
    return Math.max(1, Math.ceil((1 - bucket.tokens) / perMs / 1000));
  }

  /** Clients currently remembered (observable for tests of the memory bound). */
  get trackedClients(): number {
    return this.buckets.size;
  }
}

export function configuredCostlyReadLimiter(
  config: Pick<Config, 'historyMaxReads' | 'historyReadWindowSeconds'>,
  clock: () => Date,
): CostlyReadLimiter {
  const limits = {
    maxReads: config.historyMaxReads,
    windowMs: config.historyReadWindowSeconds * 1000,
    maxClients: 10_000,
  };
  return new CostlyReadLimiter(limits, () => clock().getTime());
}
