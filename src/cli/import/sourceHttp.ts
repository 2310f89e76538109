// Reading the source of `cal import` over HTTP: Basic credentials, a timeout per request, retries of 429, 5xx and
// timeouts with exponential backoff that honours `Retry-After` (retryPolicy.ts), and a bound on requests in flight.
import {
  defaultRetryPolicy,
  delayBeforeRetry,
  retryAfterMs,
  retryableStatus,
  type RetryPolicy,
} from './retryPolicy.ts';

export type { RetryPolicy } from './retryPolicy.ts';

/** The answer of a request that was not worth retrying or ran out of attempts. */
export interface SourceAnswer {
  readonly status: number;
  readonly body: unknown;
}

/** The source could not be read at all (network down, every attempt failed): exit code 2 when it happens early. */
export class SourceUnreachable extends Error {
  override readonly name = 'SourceUnreachable';
}

export interface SourceHttp {
  get(url: string): Promise<SourceAnswer>;
  /** Requests retried so far, for the summary. */
  readonly retries: () => number;
}

/** A counting gate: at most `limit` callers run at once; the others wait in arrival order. */
export function concurrencyGate(limit: number): <T>(work: () => Promise<T>) => Promise<T> {
  let running = 0;
  const queue: (() => void)[] = [];
  return async <T>(work: () => Promise<T>): Promise<T> => {
    if (running >= limit) await new Promise<void>((resolve) => queue.push(resolve));
    else running++;
    try {
      return await work();
    } finally {
      const next = queue.shift();
      if (next) next();
      else running--;
    }
  };
}

export interface SourceHttpOptions {
  readonly user?: string;
  readonly password?: string;
  readonly concurrency: number;
  readonly policy?: RetryPolicy;
}

export function sourceHttp(options: SourceHttpOptions): SourceHttp {
  const policy = options.policy ?? defaultRetryPolicy;
  const gate = concurrencyGate(options.concurrency);
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (options.user !== undefined)
    headers.Authorization = `Basic ${Buffer.from(`${options.user}:${options.password ?? ''}`).toString('base64')}`;
  let retries = 0;
  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  async function attemptOnce(url: string): Promise<{ answer?: SourceAnswer; waitMs?: number; failure?: string }> {
    try {
      const response = await fetch(url, { headers, signal: AbortSignal.timeout(policy.timeoutMs) });
      const text = await response.text();
      if (retryableStatus(response.status))
        return { waitMs: retryAfterMs(response.headers.get('retry-after'), Date.now()), failure: `${response.status}` };
      // An answer that is not JSON (a web page at a wrong address) is given back as it is: asking again would only
      // delay the report that the address is wrong.
      let body: unknown;
      try {
        body = JSON.parse(text);
      } catch {
        body = undefined;
      }
      return { answer: { status: response.status, body } };
    } catch (error) {
      return { failure: error instanceof Error ? `${error.name}: ${error.message}` : String(error) };
    }
  }

  async function get(url: string): Promise<SourceAnswer> {
    let lastFailure = '';
    for (let attempt = 0; attempt < policy.attempts; attempt++) {
      if (attempt > 0) retries++;
      const outcome = await gate(() => attemptOnce(url));
      if (outcome.answer) return outcome.answer;
      lastFailure = outcome.failure ?? '';
      if (attempt + 1 < policy.attempts) await sleep(delayBeforeRetry(policy, attempt, outcome.waitMs, Math.random));
    }
    throw new SourceUnreachable(`${url}: ${lastFailure} after ${policy.attempts} attempts`);
  }

  return { get, retries: () => retries };
}
