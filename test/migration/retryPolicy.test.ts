// Specifies when `cal import` asks the source again (src/cli/import/retryPolicy.ts): `Retry-After` read as seconds or
// as an HTTP date, the exponential backoff with full jitter, and the cap on every wait.
import { expect } from 'chai';
import {
  backoffMs,
  defaultRetryPolicy,
  delayBeforeRetry,
  retryableStatus,
  retryAfterMs,
} from '../../src/cli/import/retryPolicy.ts';

const now = Date.parse('2026-11-27T10:00:00Z');
const policy = { attempts: 8, baseDelayMs: 200, maxDelayMs: 10_000, timeoutMs: 30_000 };
/** The largest draw `Math.random` can give: the top of each jitter range. */
const highest = () => 1 - Number.EPSILON;

describe('import retry policy', () => {
  it('reads Retry-After in seconds', () => {
    expect(retryAfterMs('0', now)).to.equal(0);
    expect(retryAfterMs('7', now)).to.equal(7000);
    expect(retryAfterMs(' 120 ', now)).to.equal(120_000);
  });

  it('reads Retry-After as an HTTP date, a date already past meaning at once', () => {
    expect(retryAfterMs('Fri, 27 Nov 2026 10:00:30 GMT', now)).to.equal(30_000);
    expect(retryAfterMs('Fri, 27 Nov 2026 09:59:00 GMT', now)).to.equal(0);
  });

  it('ignores a missing, empty or unreadable Retry-After', () => {
    for (const header of [null, '', '  ', 'soon', '-5', '1.5'])
      expect(retryAfterMs(header, now), String(header)).to.equal(undefined);
  });

  it('doubles the backoff ceiling from the base at each attempt, up to the cap', () => {
    const ceilings = Array.from({ length: 8 }, (_, attempt) => backoffMs(policy, attempt, highest));
    expect(ceilings).to.deep.equal([199, 399, 799, 1599, 3199, 6399, 9999, 9999]);
  });

  it('draws each wait anywhere below the ceiling (full jitter)', () => {
    expect(backoffMs(policy, 3, () => 0)).to.equal(0);
    expect(backoffMs(policy, 3, () => 0.5)).to.equal(800);
  });

  it('waits what Retry-After asks instead of the backoff, never longer than the cap', () => {
    expect(delayBeforeRetry(policy, 0, 3000, highest)).to.equal(3000);
    expect(delayBeforeRetry(policy, 5, 0, highest)).to.equal(0);
    expect(delayBeforeRetry(policy, 0, 3_600_000, highest)).to.equal(10_000);
    expect(delayBeforeRetry(policy, 2, undefined, () => 0.5)).to.equal(400);
  });

  it('retries 429 and 5xx answers only', () => {
    expect([429, 500, 502, 503, 504].every(retryableStatus)).to.equal(true);
    expect([200, 301, 400, 401, 403, 404, 410].some(retryableStatus)).to.equal(false);
  });

  it('tries a request 8 times by default, waiting at most 10 s between attempts, 30 s per attempt', () => {
    expect(defaultRetryPolicy).to.deep.equal(policy);
  });
});
