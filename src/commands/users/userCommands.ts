// Command handlers for users: claim the login, hash passwords, decide, append to `user-<id>` with the expected
// revision.
import { randomBytes } from 'node:crypto';
import { hash } from '@node-rs/argon2';
import { isLeft, left, right, type Either } from 'fp-ts/lib/Either.js';
import { AppendOutcomeUnknown, NoStream, type EventStore } from '../../events/eventStore.ts';
import type { WriteContext } from '../../events/catalogue/envelope.ts';
import { userStreamId, type Role } from '../../events/catalogue/users.ts';
import { appendEvents } from '../commandHandler.ts';
import type { IdAllocator } from '../registries/idAllocator.ts';
import { claim, release } from '../registries/claims.ts';
import type { StreamLocks } from '../streamLocks.ts';
import { isValidLogin, userDecider, type UserCommand, type UserCommandError } from './userDecider.ts';
import { findUserId, loadUser, loginStreamId } from './userLookup.ts';

const maxAttempts = 8;

/** What a write to an existing user needs: the store and the process's stream locks. */
export interface UserWriteDeps {
  readonly store: EventStore;
  readonly locks: StreamLocks;
}

export interface UserCommandDeps extends UserWriteDeps {
  /** The `ids-user` sequence. */
  readonly userIds: IdAllocator;
}

export interface UserWritten {
  readonly id: number;
  /** The stream's revision after the command. */
  readonly revision: bigint | typeof NoStream;
  /** False when the command asked for what already held, so nothing was appended. */
  readonly changed: boolean;
}

export interface NewUser {
  readonly login: string;
  readonly role: Role;
  readonly password: string;
  readonly displayName?: string;
}

/** A password for someone who did not choose one: 144 random bits, shown once and stored only hashed. */
export const generatePassword = (): string => randomBytes(18).toString('base64url');

export async function registerUser(
  deps: UserCommandDeps,
  input: NewUser,
  ctx: WriteContext,
): Promise<Either<UserCommandError, UserWritten>> {
  const { store } = deps;
  if (!isValidLogin(input.login)) return left({ kind: 'invalid-login', login: input.login });
  // Checked before allocating so that a taken login costs no id; the claim below settles races.
  if ((await findUserId(store, input.login)) !== undefined) return left({ kind: 'login-taken', login: input.login });
  const id = await deps.userIds.next();
  const owner = userStreamId(id);
  const claimed = await claim(store, 'login', loginStreamId(input.login), owner, ctx);
  if (!claimed.held) return left({ kind: 'login-taken', login: input.login });
  const passwordHash = await hash(input.password);
  const command: UserCommand = {
    type: 'RegisterUser',
    id,
    login: input.login,
    displayName: input.displayName ?? input.login,
    role: input.role,
    passwordHash,
  };
  const outcome = await decideAndAppend(deps, id, command, ctx).catch(async (error: unknown) => {
    // An append that may have committed keeps its claim: a login held twice is worse than one lost.
    if (!(error instanceof AppendOutcomeUnknown)) await release(store, 'login', loginStreamId(input.login), owner, ctx);
    throw error;
  });
  if (isLeft(outcome)) await release(store, 'login', loginStreamId(input.login), owner, ctx);
  return outcome;
}

export async function changeUserRole(
  deps: UserWriteDeps,
  login: string,
  role: Role,
  ctx: WriteContext,
): Promise<Either<UserCommandError, UserWritten>> {
  return byLogin(deps.store, login, (id) => decideAndAppend(deps, id, { type: 'ChangeRole', role }, ctx));
}

export async function setUserPassword(
  deps: UserWriteDeps,
  login: string,
  password: string,
  ctx: WriteContext,
): Promise<Either<UserCommandError, UserWritten>> {
  return byLogin(deps.store, login, async (id) =>
    decideAndAppend(deps, id, { type: 'SetPassword', passwordHash: await hash(password) }, ctx),
  );
}

export async function revokeUserPassword(
  deps: UserWriteDeps,
  login: string,
  ctx: WriteContext,
): Promise<Either<UserCommandError, UserWritten>> {
  return byLogin(deps.store, login, (id) => decideAndAppend(deps, id, { type: 'RevokePassword' }, ctx));
}

async function byLogin<T>(
  store: EventStore,
  login: string,
  work: (id: number) => Promise<Either<UserCommandError, T>>,
): Promise<Either<UserCommandError, T>> {
  const id = await findUserId(store, login);
  if (id === undefined) return left({ kind: 'user-not-found', login });
  const outcome = await work(id);
  return isLeft(outcome) && outcome.left.kind === 'user-not-found' ? left({ kind: 'user-not-found', login }) : outcome;
}

/** Loads, decides and appends under the stream's lock; a write by another process in between means deciding again. */
function decideAndAppend(
  { store, locks }: UserWriteDeps,
  id: number,
  command: UserCommand,
  ctx: WriteContext,
): Promise<Either<UserCommandError, UserWritten>> {
  const streamId = userStreamId(id);
  return locks.withLock(streamId, async () => {
    for (let attempt = 0; attempt < maxAttempts; attempt++) {
      const loaded = await loadUser(store, id);
      const decided = userDecider.decide(command, loaded.state);
      if (isLeft(decided)) return decided;
      if (decided.right.length === 0) return right({ id, revision: loaded.revision, changed: false });
      const written = await appendEvents(store, streamId, decided.right, loaded, ctx);
      if (written === 'lost-race') continue;
      if (isLeft(written)) return left({ kind: 'store-unavailable' });
      return right({ id, revision: written.right.revision, changed: true });
    }
    return left({ kind: 'write-conflict' });
  });
}
