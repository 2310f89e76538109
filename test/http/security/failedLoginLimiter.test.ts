// Specifies the per-client count of failed logins: allowance, sliding window, Retry-After, and bounded memory.
import { expect } from 'chai';
import { FailedLoginLimiter } from '../../../src/http/auth/failedLoginLimiter.ts';

function limiterAt(limits: { maxFailures: number; windowMs: number; maxClients?: number }) {
  let now = 1_000_000;
  const limiter = new FailedLoginLimiter({ maxClients: 100, ...limits }, () => now);
  return { limiter, advance: (ms: number) => (now += ms) };
}

describe('FailedLoginLimiter', () => {
  it('lets a client fail up to the allowance, then asks it to wait until its oldest failure leaves the window', () => {
    const { limiter, advance } = limiterAt({ maxFailures: 3, windowMs: 60_000 });
    for (let i = 0; i < 3; i++) {
      expect(limiter.retryAfterSeconds('a'), `before failure ${i + 1}`).to.equal(undefined);
      expect(limiter.recordFailure('a')).to.equal(true);
      advance(10_000);
    }
    // Failures at 0 s, 10 s and 20 s; now 30 s: the first one leaves the window at 60 s.
    expect(limiter.retryAfterSeconds('a')).to.equal(30);
    advance(29_500);
    expect(limiter.retryAfterSeconds('a')).to.equal(1);
    advance(500);
    expect(limiter.retryAfterSeconds('a')).to.equal(undefined);
  });

  it('slides: once the oldest failure expires one more attempt is allowed, not a whole new allowance', () => {
    const { limiter, advance } = limiterAt({ maxFailures: 2, windowMs: 10_000 });
    limiter.recordFailure('a');
    advance(5000);
    limiter.recordFailure('a');
    advance(5000);
    expect(limiter.retryAfterSeconds('a')).to.equal(undefined);
    expect(limiter.recordFailure('a')).to.equal(true);
    expect(limiter.retryAfterSeconds('a')).to.equal(5);
  });

  it(
    'reports failures beyond the allowance (attempts that were in flight together) and lets ' + 'them extend the wait',
    () => {
      const { limiter, advance } = limiterAt({ maxFailures: 2, windowMs: 10_000 });
      expect(limiter.recordFailure('a')).to.equal(true);
      advance(4000);
      expect(limiter.recordFailure('a')).to.equal(true);
      advance(4000);
      // Without this third failure the wait would be 2 s (until the one at 0 s expires); now it runs from the one at 4
      // s.
      expect(limiter.recordFailure('a')).to.equal(false);
      expect(limiter.retryAfterSeconds('a')).to.equal(6);
    },
  );

  it('counts each client on its own', () => {
    const { limiter } = limiterAt({ maxFailures: 1, windowMs: 10_000 });
    limiter.recordFailure('a');
    expect(limiter.retryAfterSeconds('a')).to.equal(10);
    expect(limiter.retryAfterSeconds('b')).to.equal(undefined);
  });

  it('never asks for more than the window when the clock steps back', () => {
    const { limiter, advance } = limiterAt({ maxFailures: 1, windowMs: 10_000 });
    limiter.recordFailure('a');
    advance(-3_600_000);
    expect(limiter.retryAfterSeconds('a')).to.equal(10);
  });

  it('limits nothing when the allowance is 0', () => {
    const { limiter } = limiterAt({ maxFailures: 0, windowMs: 10_000 });
    for (let i = 0; i < 50; i++) expect(limiter.recordFailure('a')).to.equal(true);
    expect(limiter.retryAfterSeconds('a')).to.equal(undefined);
    expect(limiter.trackedClients).to.equal(0);
  });

  it('remembers at most maxClients, forgetting the one whose last failure is oldest', () => {
    const { limiter, advance } = limiterAt({ maxFailures: 1, windowMs: 60_000, maxClients: 3 });
    for (const client of ['a', 'b', 'c']) {
      limiter.recordFailure(client);
      advance(1);
    }
    limiter.recordFailure('a');
    limiter.recordFailure('d');
    expect(limiter.trackedClients).to.equal(3);
    expect(limiter.retryAfterSeconds('b')).to.equal(undefined);
    for (const kept of ['a', 'c', 'd']) expect(limiter.retryAfterSeconds(kept), kept).to.equal(60);
    for (let i = 0; i < 10_000; i++) limiter.recordFailure(`client-${i}`);
    expect(limiter.trackedClients).to.equal(3);
  });

  it('forgets a client whose failures all left the window', () => {
    const { limiter, advance } = limiterAt({ maxFailures: 5, windowMs: 1000 });
    limiter.recordFailure('a');
    advance(1000);
    expect(limiter.retryAfterSeconds('a')).to.equal(undefined);
    expect(limiter.trackedClients).to.equal(0);
  });
});
