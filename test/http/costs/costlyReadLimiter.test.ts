// Specifies the per client token bucket behind the limit on as_of and /history reads.
import { expect } from 'chai';
import { CostlyReadLimiter } from '../../../src/http/costs/costlyReadLimiter.ts';

describe('CostlyReadLimiter', () => {
  let now = 0;
  const limiter = (maxReads: number, windowMs = 60_000, maxClients = 100) =>
    new CostlyReadLimiter({ maxReads, windowMs, maxClients }, () => now);
  beforeEach(() => (now = 1_000_000));

  it('grants a burst of maxReads, then says when the next read comes back', () => {
    const limits = limiter(4);
    for (let i = 0; i < 4; i++) expect(limits.take('a')).to.equal(undefined);
    expect(limits.take('a')).to.equal(15);
    expect(limits.take('b')).to.equal(undefined);
  });

  it('gives reads back at the rate of the window, never beyond the burst', () => {
    const limits = limiter(2);
    limits.take('a');
    limits.take('a');
    now += 30_000;
    expect(limits.take('a')).to.equal(undefined);
    expect(limits.take('a')).to.equal(30);
    now += 10 * 60_000;
    expect(limits.take('a')).to.equal(undefined);
    expect(limits.take('a')).to.equal(undefined);
    expect(limits.take('a')).to.be.a('number');
  });

  it('refills nothing when the clock steps back', () => {
    const limits = limiter(1);
    limits.take('a');
    now -= 120_000;
    expect(limits.take('a')).to.equal(60);
  });

  it('is off with 0', () => {
    const limits = limiter(0);
    for (let i = 0; i < 100; i++) expect(limits.take('a')).to.equal(undefined);
    expect(limits.trackedClients).to.equal(0);
  });

  it('remembers a bounded number of clients', () => {
    const limits = limiter(1, 60_000, 3);
    for (const client of ['a', 'b', 'c', 'd', 'e']) limits.take(client);
    expect(limits.trackedClients).to.equal(3);
  });
});
