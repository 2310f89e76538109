// Specifies the Basic-auth middleware's use of the failed-login limit when attempts are in flight together.
import { hash } from '@node-rs/argon2';
import { expect } from 'chai';
import type { Context } from 'koa';
import { CredentialChecker, basicAuth } from '../../../src/http/auth/basicAuth.ts';
import { FailedLoginLimiter } from '../../../src/http/auth/failedLoginLimiter.ts';
import { WireError } from '../../../src/http/errors/wireError.ts';
import type { User, UserDirectory } from '../../../src/projections/users/userDirectory.ts';
import { basic } from './support/fromAddress.ts';

/**
 * A user directory whose look-ups of each login wait until that login is released (`release()` frees them all), so
 * that attempts are in flight at once and the test decides which check finishes first.
 */
function heldDirectory(users: readonly User[]) {
  const gates = new Map<string, { readonly opened: Promise<void>; readonly open: () => void }>();
  let allReleased = false;
  const gateOf = (login: string) => {
    let gate = gates.get(login);
    if (!gate) {
      let open = () => undefined as void;
      const opened = new Promise<void>((resolve) => (open = resolve));
      gate = { opened, open };
      gates.set(login, gate);
      if (allReleased) open();
    }
    return gate;
  };
  const directory = {
    findByLogin: async (login: string) => {
      await gateOf(login).opened;
      return users.find((user) => user.login === login);
    },
  } as unknown as UserDirectory;
  return {
    directory,
    release: (...logins: string[]) => {
      allReleased ||= logins.length === 0;
      for (const login of logins.length ? logins : [...gates.keys()]) gateOf(login).open();
    },
  };
}

const contextFor = (authorization: string, ip = '192.0.2.1') =>
  ({
    ip,
    state: {},
    get: (name: string) => (name.toLowerCase() === 'authorization' ? authorization : ''),
  }) as unknown as Context;

/** The status an attempt ends with: the wire error's, or 200 when the request went on to the next middleware. */
async function outcome(run: Promise<void>): Promise<number> {
  try {
    await run;
    return 200;
  } catch (error) {
    if (error instanceof WireError) return error.status;
    throw error;
  }
}

describe('basicAuth with attempts in flight together', function () {
  this.timeout(20_000);
  let ada: User;
  before(async () => {
    ada = { id: 1, login: 'ada', displayName: 'Ada', role: 'editor', passwordHash: await hash('right') };
  });

  const limiter = () => new FailedLoginLimiter({ maxFailures: 2, windowMs: 60_000, maxClients: 10 }, () => 0);

  it('answers only the allowance of failures with 401, and the rest with 429', async () => {
    const { directory, release } = heldDirectory([ada]);
    const auth = basicAuth(new CredentialChecker(directory, limiter()));
    const attempts = Array.from({ length: 5 }, (_, i) =>
      outcome(auth(contextFor(basic(i % 2 ? 'ada' : 'ghost', 'wrong')), async () => undefined)),
    );
    release();
    const statuses = await Promise.all(attempts);
    expect(statuses.filter((s) => s === 401)).to.have.length(2);
    expect(statuses.filter((s) => s === 429)).to.have.length(3);
  });

  it('answers a right password with 429 when the allowance ran out while it was being checked', async () => {
    const { directory, release } = heldDirectory([ada]);
    const auth = basicAuth(new CredentialChecker(directory, limiter()));
    const failures = [1, 2].map(() => outcome(auth(contextFor(basic('ghost', 'x')), async () => undefined)));
    const rightOne = outcome(auth(contextFor(basic('ada', 'right')), async () => undefined));
    const otherClient = outcome(auth(contextFor(basic('ada', 'right'), '192.0.2.2'), async () => undefined));
    // The failures end while the right password still waits for its look-up: its check finishes after them.
    release('ghost');
    expect(await Promise.all(failures)).to.deep.equal([401, 401]);
    release('ada');
    expect(await rightOne).to.equal(429);
    expect(await otherClient).to.equal(200);
  });

  it('sets Retry-After on the refusal', async () => {
    const { directory, release } = heldDirectory([]);
    const auth = basicAuth(new CredentialChecker(directory, limiter()));
    release();
    for (let i = 0; i < 2; i++) await outcome(auth(contextFor(basic('ghost', 'x')), async () => undefined));
    const refusal = await auth(contextFor(basic('ghost', 'x')), async () => undefined).catch((error: unknown) => error);
    expect(refusal).to.be.instanceOf(WireError);
    expect((refusal as WireError).headers).to.deep.equal({ 'Retry-After': '60' });
    expect((refusal as WireError).body('en')).to.deep.include({ code: 'rest_too_many_requests' });
  });
});
