// The failed-login limit over a FailureLog: the same rules as FailedLoginLimiter, with the failures kept in a log
// that every API instance shares (MongoDB), so that N instances behind the proxy allow the limit once, not N times.
import type { FailureLog } from './failureLog.ts';

/** What the Basic-auth middleware asks of a limit; the in-process FailedLoginLimiter answers it at once. */
export interface LoginFailureLimit {
  /** Whole seconds until the client may try again, or undefined while it has failures to spare. */
  retryAfterSeconds(client: string): Promise<number | undefined> | number | undefined;
  /** Records a failure; false when the client had already used up its failures (attempts in flight together). */
  recordFailure(client: string): Promise<boolean> | boolean;
}

export class SharedLoginLimiter implements LoginFailureLimit {
  constructor(
    /** As in FailedLoginLimiter: failures allowed in the window (0: no limit), and the window. */
    private readonly limits: { readonly maxFailures: number; readonly windowMs: number },
    private readonly nowMs: () => number,
    private readonly log: FailureLog,
  ) {}

  async retryAfterSeconds(client: string): Promise<number | undefined> {
    if (this.limits.maxFailures === 0) return undefined;
    const now = this.nowMs();
    return this.waitAfter(await this.log.times(client, now - this.limits.windowMs), now);
  }

  async recordFailure(client: string): Promise<boolean> {
    if (this.limits.maxFailures === 0) return true;
    const now = this.nowMs();
    // One more than the allowance is kept, so the answer tells whether the allowance was used up before this failure.
    const times = await this.log.add(client, now, now - this.limits.windowMs, this.limits.maxFailures + 1);
    return times.length <= this.limits.maxFailures;
  }

  private waitAfter(times: readonly number[], now: number): number | undefined {
    const latest = times.slice(-this.limits.maxFailures);
    if (latest.length < this.limits.maxFailures) return undefined;
    // The clock is injected and may step back: never promise a wait longer than the window itself.
    const waitMs = Math.min(Math.min(...latest) + this.limits.windowMs - now, this.limits.windowMs);
    return Math.max(1, Math.ceil(waitMs / 1000));
  }
}
