// Counts failed Basic-auth attempts per client in a sliding window, so that guessing passwords stops after a few tries.
import type { Config } from '../../config/config.ts';
import type { FailureLog } from './failureLog.ts';
import { SharedLoginLimiter, type LoginFailureLimit } from './sharedLoginLimiter.ts';
import { OldestFirst } from '../../domain/boundedMemo.ts';

export interface LoginLimits {
  /** Failures within the window after which a client's credentials are no longer checked; 0 turns the limit off. */
  readonly maxFailures: number;
  readonly windowMs: number;
  /** Clients remembered at most; beyond it the one whose last failure is oldest is forgotten, bounding memory. */
  readonly maxClients: number;
}

export const defaultLoginLimits: LoginLimits = { maxFailures: 10, windowMs: 60_000, maxClients: 10_000 };

export class FailedLoginLimiter {
  /** Per client, the times of its latest failures (at most `maxFailures`), in insertion order of the latest failure. */
  private readonly failures = new Map<string, number[]>();
  private readonly oldestFirst = new OldestFirst(this.failures);

  constructor(
    private readonly limits: LoginLimits,
    private readonly nowMs: () => number,
  ) {}

  /** Whole seconds until the client may try again, or undefined while it has failures to spare. */
  retryAfterSeconds(client: string): number | undefined {
    if (this.limits.maxFailures === 0) return undefined;
    const recent = this.recent(client, this.nowMs());
    if (recent.length < this.limits.maxFailures) return undefined;
    // The clock is injected and may step back: never promise a wait longer than the window itself.
    const waitMs = Math.min(Math.min(...recent) + this.limits.windowMs - this.nowMs(), this.limits.windowMs);
    return Math.max(1, Math.ceil(waitMs / 1000));
  }

  /**
   * Records a failure. Returns false when the client had already used up its failures, which happens when attempts
   * were in flight together: their answers must not tell the caller more than the allowed failures would.
   */
  recordFailure(client: string): boolean {
    if (this.limits.maxFailures === 0) return true;
    const now = this.nowMs();
    const recent = this.recent(client, now);
    const withinAllowance = recent.length < this.limits.maxFailures;
    this.failures.delete(client);
    this.failures.set(client, [...recent, now].slice(-this.limits.maxFailures));
    if (this.failures.size > this.limits.maxClients) {
      this.oldestFirst.dropOldest();
    }
    return withinAllowance;
  }

  /** Clients currently remembered (observable for tests of the memory bound). */
  get trackedClients(): number {
    return this.failures.size;
  }

  private recent(client: string, now: number): number[] {
    const times = this.failures.get(client);
    if (!times) return [];
    const recent = times.filter((time) => time > now - this.limits.windowMs);
    if (recent.length === 0) this.failures.delete(client);
    return recent;
  }
}

/** A limit on the service clock: over `shared`, the log every API instance sees (MongoDB), else in this process. */
function limitOn(limits: LoginLimits, clock: () => Date, shared: FailureLog | undefined): LoginFailureLimit {
  const nowMs = () => clock().getTime();
  return shared ? new SharedLoginLimiter(limits, nowMs, shared) : new FailedLoginLimiter(limits, nowMs);
}

/**
 * The failed-unlock limiter (wrong `password` parameters, docs/api.md §12): its own allowance and, with MongoDB, its
 * own shared log.
 */
export const configuredUnlockLimiter = (
  config: Pick<Config, 'unlockMaxFailures' | 'unlockFailureWindowSeconds'>,
  clock: () => Date,
  shared?: FailureLog,
): LoginFailureLimit =>
  limitOn(
    {
      ...defaultLoginLimits,
      maxFailures: config.unlockMaxFailures,
      windowMs: config.unlockFailureWindowSeconds * 1000,
    },
    clock,
    shared,
  );

/** The failed-login limiter the configuration asks for (the service clock, so tests can move time, not wait). */
export const configuredLoginLimiter = (
  config: Pick<Config, 'authMaxFailures' | 'authFailureWindowSeconds'>,
  clock: () => Date,
  shared?: FailureLog,
): LoginFailureLimit =>
  limitOn(
    { ...defaultLoginLimits, maxFailures: config.authMaxFailures, windowMs: config.authFailureWindowSeconds * 1000 },
    clock,
    shared,
  );
