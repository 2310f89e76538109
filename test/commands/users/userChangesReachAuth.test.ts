// Specifies that user changes reach authentication of a running service: the directory re-reads stale users cheaply.
import { StreamLocks } from '../../../src/commands/streamLocks.ts';
import { expect } from 'chai';
import { IdAllocator } from '../../../src/commands/registries/idAllocator.ts';
import {
  changeUserRole,
  registerUser,
  revokeUserPassword,
  setUserPassword,
} from '../../../src/commands/users/userCommands.ts';
import type { WriteContext } from '../../../src/events/catalogue/envelope.ts';
import type { EventStore, ReadStreamOptions } from '../../../src/events/eventStore.ts';
import { CredentialChecker } from '../../../src/http/auth/basicAuth.ts';
import { UserDirectory } from '../../../src/projections/users/userDirectory.ts';
import { userIdsStream } from '../../../src/events/catalogue/users.ts';
import { openTempStore, type TempStore } from '../../support/tempStore.ts';

const ctx: WriteContext = { actor: 'cli', now: new Date(), correlationId: 'c', causationId: 'c' };
const freshForMs = 40;

/** The store, counting stream reads, so the tests can see when the directory touches it. */
function counting(store: EventStore): { store: EventStore; reads: () => number } {
  let reads = 0;
  const wrapped: EventStore = Object.create(store) as EventStore;
  wrapped.readStream = (streamId: string, options?: ReadStreamOptions) => {
    reads++;
    return store.readStream(streamId, options);
  };
  return { store: wrapped, reads: () => reads };
}

describe('user changes reaching authentication', () => {
  let temp: TempStore;
  let checker: CredentialChecker;
  let reads: () => number;
  // The directory's clock, moved by the tests: the windows hold however slowly a busy machine runs the checks.
  let clock: number;
  const pause = (ms: number) => {
    clock += ms;
  };
  beforeEach(async () => {
    clock = 1_000_000;
    temp = await openTempStore();
    await registerUser(
      { store: temp.store, locks: new StreamLocks(), userIds: new IdAllocator(temp.store, userIdsStream) },
      { login: 'ada', role: 'subscriber', password: 'pw' },
      ctx,
    );
    const observed = counting(temp.store);
    reads = observed.reads;
    checker = new CredentialChecker(new UserDirectory(observed.store, { freshForMs, now: () => clock }));
  });
  afterEach(async () => temp.dispose());

  it('reads nothing from the store for a known user within the freshness window', async () => {
    expect(await checker.check('ada', 'pw')).to.deep.include({ role: 'subscriber' });
    const before = reads();
    for (let i = 0; i < 20; i++) await checker.check('ada', 'pw');
    expect(reads()).to.equal(before);
  });

  it('applies a role change once the window has passed, reading only the one stream', async () => {
    expect(await checker.check('ada', 'pw')).to.deep.include({ role: 'subscriber' });
    await changeUserRole({ store: temp.store, locks: new StreamLocks() }, 'ada', 'editor', ctx);
    pause(freshForMs + 10);
    const before = reads();
    expect(await checker.check('ada', 'pw')).to.deep.equal({ kind: 'user', id: 1, role: 'editor' });
    expect(reads() - before).to.equal(1);
  });

  it('refuses a revoked user even though the password was verified and remembered before', async () => {
    expect(await checker.check('ada', 'pw')).to.deep.include({ kind: 'user' });
    await revokeUserPassword({ store: temp.store, locks: new StreamLocks() }, 'ada', ctx);
    pause(freshForMs + 10);
    expect(await checker.check('ada', 'pw')).to.equal('wrong-password');
  });

  it('forgets the remembered password when a new one is set', async () => {
    expect(await checker.check('ada', 'pw')).to.deep.include({ kind: 'user' });
    await setUserPassword({ store: temp.store, locks: new StreamLocks() }, 'ada', 'new-pw', ctx);
    pause(freshForMs + 10);
    expect(await checker.check('ada', 'pw')).to.equal('wrong-password');
    expect(await checker.check('ada', 'new-pw')).to.deep.include({ kind: 'user' });
  });

  it('finds a user registered after the directory loaded', async () => {
    expect(await checker.check('bob', 'pw2')).to.equal('unknown-login');
    await registerUser(
      { store: temp.store, locks: new StreamLocks(), userIds: new IdAllocator(temp.store, userIdsStream) },
      { login: 'bob', role: 'author', password: 'pw2' },
      ctx,
    );
    pause(510);
    expect(await checker.check('bob', 'pw2')).to.deep.equal({ kind: 'user', id: 2, role: 'author' });
  });
});
