// One request's attempts to unlock protected items with its `password` parameter (docs/api.md §12): the verdicts,
// the checks still to run, and whether the attempt failed and counts against the client.
import { simpleError } from '../errors/wireError.ts';
import type { LoginFailureLimit } from './sharedLoginLimiter.ts';
import type { ItemPasswordVerifier } from './itemPasswordVerifier.ts';

/**
 * Argon2 checks one request may run. A list can hold many protected items, each with its own salted hash; past this
 * many checks the rest stay locked for this request (remembered successes make the next request unlock more), so a
 * request with a guessed password costs a bounded amount of work.
 */
export const maxArgon2ChecksPerRequest = 16;

const tooManyFailures = (retryAfterSeconds: number) =>
  simpleError(429, 'rest_too_many_requests', undefined, { 'Retry-After': String(retryAfterSeconds) });

/**
 * Rendering asks synchronously, item by item, whether the request's password unlocks an item; argon2 is
 * asynchronous. So a verdict that needs argon2 is "locked" for now and noted as pending; `settle` runs the pending
 * checks, and the caller renders the answer again with the verdicts (unlockingRoutes.ts). Verdicts are per stored
 * hash: the password is the same throughout one request. The client's failures are asked once per request: at
 * once from a limit in this process's memory, else (a log every API instance shares) like a pending check.
 */
export class PasswordUnlocks {
  private readonly verdicts = new Map<string, boolean>();
  private readonly pending = new Set<string>();
  private password: string | undefined;
  /** The client's wait before it may try again (undefined: it may try now); a promise while the log answers. */
  private wait: number | undefined | Promise<number | undefined> | 'not asked' = 'not asked';
  private checksLeft = maxArgon2ChecksPerRequest;

  constructor(
    private readonly verifier: ItemPasswordVerifier,
    private readonly failures: LoginFailureLimit,
    private readonly client: string,
  ) {}

  /** Whether `password` unlocks the item whose stored hash is `stored`, as far as is known now. */
  unlocks(password: string, stored: string): boolean {
    this.password = password;
    if (this.wait === 'not asked') this.wait = this.failures.retryAfterSeconds(this.client);
    // A client that used up its failed attempts gets 429, so its guesses are not even checked (the right one neither);
    // until the shared log has answered, nothing is unlocked.
    if (this.wait !== undefined) return false;
    const known = this.verdicts.get(stored) ?? this.verifier.knownVerdict(password, stored);
    if (known !== undefined) {
      this.verdicts.set(stored, known);
      return known;
    }
    this.pending.add(stored);
    return false;
  }

  /** Runs the checks the last rendering could not decide; true when there were any, so it must render again. */
  async settle(): Promise<boolean> {
    if (this.wait instanceof Promise) {
      this.wait = await this.wait;
      return true;
    }
    if (typeof this.wait === 'number') throw tooManyFailures(this.wait);
    const { password } = this;
    if (password === undefined || this.pending.size === 0) return false;
    const stored = [...this.pending];
    this.pending.clear();
    const checked = stored.slice(0, this.checksLeft);
    this.checksLeft -= checked.length;
    for (const hash of stored.slice(checked.length)) this.verdicts.set(hash, false);
    const results = await Promise.all(checked.map((hash) => this.verifier.verify(password, hash)));
    checked.forEach((hash, i) => this.verdicts.set(hash, results[i] === true));
    return true;
  }

  /**
   * After the final rendering: a password that unlocked none of the protected items it was tried on is a failed
   * attempt. A list read whose password opens some of its items is not, so the usual reads of a page with a few
   * protected items never count. Attempts in flight together are limited too: past the allowance, 429.
   */
  async finish(): Promise<void> {
    if (this.password === undefined || this.verdicts.size === 0) return;
    if ([...this.verdicts.values()].some((unlocked) => unlocked)) return;
    if (!(await this.failures.recordFailure(this.client)))
      throw tooManyFailures((await this.failures.retryAfterSeconds(this.client)) ?? 1);
  }
}

export type Unlocker = Pick<PasswordUnlocks, 'unlocks'>;

/** Unlocks nothing by password: paths outside the API routes. */
export const noPasswordUnlocks: Unlocker = { unlocks: () => false };

/**
 * Writes take `password` as the item's new password: they count no failures and run no argon2 of their own, and
 * unlock only what is already known (the write's answer remembers the password it just stored, itemWriteRoutes.ts).
 */
export const knownUnlocksOnly = (verifier: ItemPasswordVerifier): Unlocker => ({
  unlocks: (password, stored) => verifier.knownVerdict(password, stored) === true,
});
