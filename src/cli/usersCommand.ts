// `cal users …`: provisions users through the user command handlers and prints the outcome.
import { StreamLocks } from '../commands/streamLocks.ts';
import { randomUUID } from 'node:crypto';
import { isLeft, type Either } from 'fp-ts/lib/Either.js';
import type { WriteContext } from '../events/catalogue/envelope.ts';
import { Role, userIdsStream } from '../events/catalogue/users.ts';
import { IdAllocator } from '../commands/registries/idAllocator.ts';
import type { UserCommandError } from '../commands/users/userDecider.ts';
import { isValidLogin } from '../commands/users/userDecider.ts';
import { listUsers } from '../commands/users/userLookup.ts';
import {
  changeUserRole,
  generatePassword,
  registerUser,
  revokeUserPassword,
  setUserPassword,
  type UserWritten,
} from '../commands/users/userCommands.ts';
import { argumentsOf, UsageError, type Invocation } from './cliParser.ts';
import { CliFailure } from './cliStore.ts';
import type { Output, PreparedCommand } from './preparedCommand.ts';

const roles = Object.keys(Role.keys).join(', ');

/** Checks the arguments before any store is opened, so usage errors never touch the data. */
export function prepareUsersCommand(invocation: Invocation): PreparedCommand {
  const command = invocation.positionals[1];
  switch (command) {
    case 'add':
      return prepareAddUser(invocation);
    case 'list':
      return prepareListUsers(invocation);
    case 'set-role': {
      const [login = '', roleName] = argumentsOf(invocation, ['users', command], ['login', 'role'], []);
      const role = roleOf(roleName, '<role>');
      return async (store, io) => {
        const written = succeeded(await changeUserRole({ store, locks: new StreamLocks() }, login, role, cliWrite()));
        io.out(written.changed ? `User "${login}" is now ${role}.` : `User "${login}" already is ${role}.`);
      };
    }
    case 'set-password': {
      const [login = ''] = argumentsOf(invocation, ['users', command], ['login'], ['password']);
      const { password } = invocation.options;
      return async (store, io) => {
        const chosen = password ?? generatePassword();
        succeeded(await setUserPassword({ store, locks: new StreamLocks() }, login, chosen, cliWrite()));
        io.out(`Password of "${login}" changed.`);
        if (password === undefined) io.out(`Password (shown once, stored hashed): ${chosen}`);
      };
    }
    case 'revoke-password': {
      const [login = ''] = argumentsOf(invocation, ['users', command], ['login'], []);
      return async (store, io) => {
        const written = succeeded(await revokeUserPassword({ store, locks: new StreamLocks() }, login, cliWrite()));
        io.out(written.changed ? `Password of "${login}" revoked.` : `User "${login}" had no password.`);
      };
    }
    case undefined:
      throw new UsageError('users: missing command (add, list, set-role, set-password, revoke-password)');
    default:
      throw new UsageError(`users: unknown command "${command}"`);
  }
}

/** `cal users add <login>`: registers a user, generating (and printing once) a password unless one was given. */
function prepareAddUser(invocation: Invocation): PreparedCommand {
  const [login = ''] = argumentsOf(invocation, ['users', 'add'], ['login'], ['role', 'password', 'display-name']);
  const role = roleOf(invocation.options.role, '--role');
  const { password, 'display-name': displayName } = invocation.options;
  checkLogin(login);
  return async (store, io) => {
    const chosen = password ?? generatePassword();
    const input = { login, role, password: chosen, ...(displayName !== undefined ? { displayName } : {}) };
    const written = succeeded(
      await registerUser(
        { store, locks: new StreamLocks(), userIds: new IdAllocator(store, userIdsStream) },
        input,
        cliWrite(),
      ),
    );
    io.out(`Added user "${login}" (id ${written.id}, role ${role}).`);
    if (password === undefined) io.out(`Password (shown once, stored hashed): ${chosen}`);
  };
}

/** `cal users list`: one row per user; the password column only says whether one is set, never the hash. */
function prepareListUsers(invocation: Invocation): PreparedCommand {
  argumentsOf(invocation, ['users', 'list'], [], []);
  return async (store, io) => {
    const rows = (await listUsers(store)).map((u) => [
      u.login,
      String(u.id),
      u.role,
      u.passwordHash === null ? 'revoked' : 'set',
    ]);
    printTable(io, ['LOGIN', 'ID', 'ROLE', 'PASSWORD'], rows);
  };
}

function roleOf(value: string | undefined, what: string): Role {
  if (value === undefined) throw new UsageError(`missing ${what} (one of ${roles})`);
  if (!Role.is(value)) throw new UsageError(`unknown role "${value}" (one of ${roles})`);
  return value;
}

function checkLogin(login: string): void {
  if (!isValidLogin(login))
    throw new UsageError(`invalid login "${login}": use 1-60 letters, digits, ".", "_", "@" or "-"`);
}

/** Every event the CLI writes names it as the actor; one correlation id per invocation. */
function cliWrite(): WriteContext {
  const id = randomUUID();
  return { actor: 'cli', now: new Date(), correlationId: id, causationId: id };
}

function succeeded(outcome: Either<UserCommandError, UserWritten>): UserWritten {
  if (!isLeft(outcome)) return outcome.right;
  const error = outcome.left;
  switch (error.kind) {
    case 'invalid-login':
      throw new UsageError(`invalid login "${error.login}"`);
    case 'login-taken':
      throw new CliFailure(`login "${error.login}" is taken by another user`);
    case 'user-not-found':
      throw new CliFailure(`no user with login "${error.login}"`);
    case 'already-registered':
    case 'write-conflict':
      throw new CliFailure('another writer kept changing the same user; nothing was written, try again');
    case 'store-unavailable':
      throw new CliFailure('the event store is unavailable; nothing was written');
  }
}

function printTable(io: Output, header: readonly string[], rows: readonly (readonly string[])[]): void {
  const widths = header.map((title, i) => Math.max(title.length, ...rows.map((row) => (row[i] ?? '').length)));
  const line = (cells: readonly string[]) =>
    cells
      .map((cell, i) => cell.padEnd(widths[i] ?? 0))
      .join('  ')
      .trimEnd();
  io.out(line(header));
  for (const row of rows) io.out(line(row));
}
