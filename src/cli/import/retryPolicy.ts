// When `cal import` asks the source again: which answers are worth retrying, how long to wait before each new attempt
// (exponential backoff with full jitter, or what `Retry-After` asks for), all under one cap.

export interface RetryPolicy {
  /** Attempts per request, the first included. */
  readonly attempts: number;
  readonly baseDelayMs: number;
  /** No wait is longer, whatever `Retry-After` asks: a source asking for hours is better reported than waited for. */
  readonly maxDelayMs: number;
  readonly timeoutMs: number;
}

export const defaultRetryPolicy: RetryPolicy = { attempts: 8, baseDelayMs: 200, maxDelayMs: 10_000, timeoutMs: 30_000 };

/** Too many requests, or a fault of the server or of a proxy in front of it: a later attempt may succeed. */
export const retryableStatus = (status: number) => status === 429 || status >= 500;

/** Seconds or an HTTP date, as RFC 9110 §10.2.3 allows; undefined when absent or unreadable. */
export function retryAfterMs(header: string | null, now: number): number | undefined {
  if (header === null || header.trim() === '') return undefined;
  if (/^\d+$/.test(header.trim())) return Number(header.trim()) * 1000;
  // Every HTTP-date form starts with the day's name; without this, Date.parse would read "-5" as a year.
  if (!/^[A-Za-z]{3}/.test(header.trim())) return undefined;
  const at = Date.parse(header);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

/** Full jitter below an exponential cap, so that many clients retrying together spread out. */
export function backoffMs(policy: RetryPolicy, attempt: number, random: () => number): number {
  return Math.floor(random() * Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** attempt));
}

/** The wait after the failed attempt number `attempt` (0 for the first): the source's wish if it said one, capped. */
export function delayBeforeRetry(
  policy: RetryPolicy,
  attempt: number,
  retryAfter: number | undefined,
  random: () => number,
): number {
  return Math.min(policy.maxDelayMs, retryAfter ?? backoffMs(policy, attempt, random));
}
