// Specifies the user command handlers on a real embedded store: unique logins, role and password changes, metadata.
import { StreamLocks } from '../../../src/commands/streamLocks.ts';
import { expect } from 'chai';
import { isLeft, isRight, type Either } from 'fp-ts/lib/Either.js';
import { verify } from '@node-rs/argon2';
import { bootstrapAdmin } from '../../../src/commands/users/bootstrapAdmin.ts';
import { IdAllocator } from '../../../src/commands/registries/idAllocator.ts';
import {
  changeUserRole,
  registerUser,
  revokeUserPassword,
  setUserPassword,
  type UserCommandDeps,
  type UserWritten,
} from '../../../src/commands/users/userCommands.ts';
import type { UserCommandError } from '../../../src/commands/users/userDecider.ts';
import { listUsers, loginStreamId } from '../../../src/commands/users/userLookup.ts';
import type { WriteContext } from '../../../src/events/catalogue/envelope.ts';
import { userIdsStream } from '../../../src/events/catalogue/users.ts';
import { openTempStore, type TempStore } from '../../support/tempStore.ts';

const ctx: WriteContext = {
  actor: 'cli',
  now: new Date('2026-11-22T10:52:28Z'),
  correlationId: 'corr-1',
  causationId: 'corr-1',
};

function ok(outcome: Either<UserCommandError, UserWritten>): UserWritten {
  if (isLeft(outcome)) expect.fail(`expected success, got ${JSON.stringify(outcome.left)}`);
  return outcome.right;
}

function failure(outcome: Either<UserCommandError, UserWritten>): UserCommandError {
  const bigintsAsText = (_key: string, value: unknown) => (typeof value === 'bigint' ? String(value) : value);
  if (isRight(outcome)) expect.fail(`expected a failure, got ${JSON.stringify(outcome.right, bigintsAsText)}`);
  return outcome.left;
}

describe('user command handlers', () => {
  let temp: TempStore;
  let deps: UserCommandDeps;
  beforeEach(async () => {
    temp = await openTempStore();
    deps = { store: temp.store, locks: new StreamLocks(), userIds: new IdAllocator(temp.store, userIdsStream) };
  });
  afterEach(async () => temp.dispose());

  const types = async (id: number) => (await temp.store.readStream(`user-${id}`)).map((e) => e.type);

  it('registers a user with a slow hash of the password, the CLI as actor, and a claim on the login', async () => {
    const written = ok(await registerUser(deps, { login: 'ada', role: 'editor', password: 's3cret' }, ctx));
    expect(written).to.deep.equal({ id: 1, revision: 0n, changed: true });
    const [recorded] = await temp.store.readStream('user-1');
    expect(recorded?.type).to.equal('UserRegistered');
    expect(recorded?.metadata).to.include({
      actor: 'cli',
      correlationId: 'corr-1',
      occurredAt: '2026-11-22T10:52:28.000Z',
    });
    const data = recorded?.data as { login: string; displayName: string; role: string; passwordHash: string };
    expect(data).to.include({ login: 'ada', displayName: 'ada', role: 'editor' });
    expect(await verify(data.passwordHash, 's3cret')).to.equal(true);
    const [claim] = await temp.store.readStream(loginStreamId('ada'));
    expect(claim?.data).to.deep.equal({ owner: 'user-1' });
  });

  it('refuses a login another user holds, ignoring case, without using an id', async () => {
    ok(await registerUser(deps, { login: 'ada', role: 'editor', password: 'a' }, ctx));
    expect(failure(await registerUser(deps, { login: 'ADA', role: 'author', password: 'b' }, ctx))).to.deep.equal({
      kind: 'login-taken',
      login: 'ADA',
    });
    expect(ok(await registerUser(deps, { login: 'bob', role: 'author', password: 'b' }, ctx)).id).to.equal(2);
  });

  it('refuses the login of a user registered before login claims existed (the bootstrap admin)', async () => {
    await bootstrapAdmin(temp.store, 'admin-secret');
    expect(failure(await registerUser(deps, { login: 'admin', role: 'subscriber', password: 'x' }, ctx))).to.deep.equal(
      { kind: 'login-taken', login: 'admin' },
    );
    expect((await listUsers(temp.store)).map((u) => u.login)).to.deep.equal(['admin']);
  });

  it('lets exactly one of two simultaneous registrations of a login win', async () => {
    const outcomes = await Promise.all([
      registerUser(deps, { login: 'ada', role: 'editor', password: 'a' }, ctx),
      registerUser(
        { ...deps, userIds: new IdAllocator(temp.store, userIdsStream) },
        { login: 'ada', role: 'author', password: 'b' },
        ctx,
      ),
    ]);
    expect(outcomes.filter(isRight)).to.have.length(1);
    expect((await listUsers(temp.store)).map((u) => u.login)).to.deep.equal(['ada']);
  });

  it('refuses an invalid login before touching the store', async () => {
    expect(failure(await registerUser(deps, { login: 'a:b', role: 'editor', password: 'a' }, ctx))).to.deep.equal({
      kind: 'invalid-login',
      login: 'a:b',
    });
    expect(await temp.store.headPosition()).to.equal(-1n);
  });

  it('changes the role, and records nothing when asked for the role the user has', async () => {
    ok(await registerUser(deps, { login: 'ada', role: 'subscriber', password: 'a' }, ctx));
    expect(ok(await changeUserRole(deps, 'Ada', 'editor', { ...ctx, actor: '7' }))).to.deep.equal({
      id: 1,
      revision: 1n,
      changed: true,
    });
    expect(ok(await changeUserRole(deps, 'ada', 'editor', ctx))).to.deep.equal({ id: 1, revision: 1n, changed: false });
    const events = await temp.store.readStream('user-1');
    expect(events.map((e) => [e.type, e.data, e.metadata.actor])).to.deep.equal([
      ['UserRegistered', events[0]?.data, 'cli'],
      ['UserRoleChanged', { id: 1, role: 'editor' }, '7'],
    ]);
  });

  it('changes the role of the bootstrap admin, found without a login claim', async () => {
    await bootstrapAdmin(temp.store, 'admin-secret');
    ok(await changeUserRole(deps, 'admin', 'editor', ctx));
    expect((await listUsers(temp.store))[0]).to.include({ login: 'admin', role: 'editor' });
  });

  it('revokes a password once, then sets a new one', async () => {
    ok(await registerUser(deps, { login: 'ada', role: 'author', password: 'old' }, ctx));
    expect(ok(await revokeUserPassword(deps, 'ada', ctx)).changed).to.equal(true);
    expect(ok(await revokeUserPassword(deps, 'ada', ctx)).changed).to.equal(false);
    expect((await listUsers(temp.store))[0]?.passwordHash).to.equal(null);
    ok(await setUserPassword(deps, 'ada', 'new', ctx));
    expect(await types(1)).to.deep.equal(['UserRegistered', 'UserPasswordRevoked', 'UserPasswordChanged']);
    expect(await verify((await listUsers(temp.store))[0]?.passwordHash ?? '', 'new')).to.equal(true);
  });

  it('answers user-not-found for an unknown login and writes nothing', async () => {
    const head = await temp.store.headPosition();
    expect(failure(await changeUserRole(deps, 'ghost', 'editor', ctx))).to.deep.equal({
      kind: 'user-not-found',
      login: 'ghost',
    });
    expect(failure(await revokeUserPassword(deps, 'ghost', ctx))).to.deep.equal({
      kind: 'user-not-found',
      login: 'ghost',
    });
    expect(failure(await setUserPassword(deps, 'ghost', 'x', ctx))).to.deep.equal({
      kind: 'user-not-found',
      login: 'ghost',
    });
    expect(await temp.store.headPosition()).to.equal(head);
  });
});
