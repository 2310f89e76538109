// Specifies what checking `password` parameters costs: argon2 once per stored hash and password, then a digest
// comparison; a bounded memory; and a request's verdicts settled together, failures counted once per request.
import { expect } from 'chai';
import { hashItemPassword } from '../../../src/commands/posts/itemPasswordHash.ts';
import { FailedLoginLimiter } from '../../../src/http/auth/failedLoginLimiter.ts';
import { ItemPasswordVerifier } from '../../../src/http/auth/itemPasswordVerifier.ts';
import { maxArgon2ChecksPerRequest, PasswordUnlocks } from '../../../src/http/auth/passwordUnlocks.ts';

describe('ItemPasswordVerifier', function () {
  this.timeout(30_000);

  it('needs argon2 only until one success: then the right password and wrong ones are judged without it', async () => {
    const stored = await hashItemPassword('right');
    const verifier = new ItemPasswordVerifier();
    expect(verifier.knownVerdict('right', stored)).to.equal(undefined);
    expect(await verifier.verify('wrong', stored)).to.equal(false);
    expect(verifier.knownVerdict('right', stored), 'failures are not remembered').to.equal(undefined);
    expect(await verifier.verify('right', stored)).to.equal(true);
    expect(verifier.knownVerdict('right', stored)).to.equal(true);
    expect(verifier.knownVerdict('wrong', stored)).to.equal(false);
    // A new hash (a new password) is another key: what opened the old one proves nothing about it.
    expect(verifier.knownVerdict('right', await hashItemPassword('right'))).to.equal(undefined);
  });

  it('remembers a bounded number of hashes, the least recently verified going first', async () => {
    const verifier = new ItemPasswordVerifier(2);
    const hashes = await Promise.all(['a', 'b', 'c'].map((p) => hashItemPassword(p)));
    for (const [i, p] of ['a', 'b', 'c'].entries())
      expect(await verifier.verify(p, hashes[i] as string)).to.equal(true);
    expect(verifier.rememberedHashes).to.equal(2);
    expect(verifier.knownVerdict('a', hashes[0] as string)).to.equal(undefined);
    expect(verifier.knownVerdict('c', hashes[2] as string)).to.equal(true);
  });
});

describe('PasswordUnlocks (one request)', function () {
  this.timeout(30_000);
  const limits = { maxFailures: 2, windowMs: 60_000, maxClients: 10 };

  it(
    'answers locked until settled, then with the verdicts; a password that opens one of the ' + 'items is no failure',
    async () => {
      const [open, other] = await Promise.all([hashItemPassword('pw'), hashItemPassword('another')]);
      const limiter = new FailedLoginLimiter(limits, () => 0);
      const unlocks = new PasswordUnlocks(new ItemPasswordVerifier(), limiter, 'client');
      expect([unlocks.unlocks('pw', open), unlocks.unlocks('pw', other)]).to.deep.equal([false, false]);
      expect(await unlocks.settle()).to.equal(true);
      expect([unlocks.unlocks('pw', open), unlocks.unlocks('pw', other)]).to.deep.equal([true, false]);
      expect(await unlocks.settle()).to.equal(false);
      unlocks.finish();
      expect(limiter.retryAfterSeconds('client')).to.equal(undefined);
      expect(limiter.recordFailure('client'), 'no failure was recorded').to.equal(true);
    },
  );

  it(
    'counts a password that opens none of the items once per request, and refuses once the ' + 'allowance is spent',
    async () => {
      const stored = await hashItemPassword('pw');
      const limiter = new FailedLoginLimiter(limits, () => 0);
      const verifier = new ItemPasswordVerifier();
      for (let request = 0; request < 2; request += 1) {
        const unlocks = new PasswordUnlocks(verifier, limiter, 'client');
        unlocks.unlocks('guess', stored);
        unlocks.unlocks('guess', stored);
        await unlocks.settle();
        unlocks.finish();
      }
      const refused = new PasswordUnlocks(verifier, limiter, 'client');
      expect(refused.unlocks('pw', stored), 'not even the right password is tried').to.equal(false);
      let status: number | undefined;
      await refused.settle().catch((error: { status?: number }) => (status = error.status));
      expect(status).to.equal(429);
    },
  );

  it('runs at most a bounded number of argon2 checks for one request; the items past them stay locked', async () => {
    const hashes = await Promise.all(
      Array.from({ length: maxArgon2ChecksPerRequest + 8 }, () => hashItemPassword('pw')),
    );
    const verifier = new ItemPasswordVerifier();
    let argon2Checks = 0;
    const verify = verifier.verify.bind(verifier);
    verifier.verify = async (password, stored) => {
      if (verifier.knownVerdict(password, stored) === undefined) argon2Checks += 1;
      return verify(password, stored);
    };
    const unlocks = new PasswordUnlocks(verifier, new FailedLoginLimiter(limits, () => 0), 'client');
    for (const hash of hashes) unlocks.unlocks('pw', hash);
    while (await unlocks.settle()) for (const hash of hashes) unlocks.unlocks('pw', hash);
    expect(argon2Checks).to.equal(maxArgon2ChecksPerRequest);
    const opened = hashes.filter((hash) => unlocks.unlocks('pw', hash));
    expect(opened).to.have.length(maxArgon2ChecksPerRequest);
    // The next request finds those remembered and checks the rest.
    const next = new PasswordUnlocks(verifier, new FailedLoginLimiter(limits, () => 0), 'client');
    for (const hash of hashes) next.unlocks('pw', hash);
    await next.settle();
    expect(hashes.filter((hash) => next.unlocks('pw', hash))).to.have.length(hashes.length);
  });
});
