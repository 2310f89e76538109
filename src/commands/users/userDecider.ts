// The decider of users: given a command and the state of a `user-<id>` stream, the events to append or a failure.
import { left, right, type Either } from 'fp-ts/lib/Either.js';
import type { Role, UserEvent } from '../../events/catalogue/users.ts';
import { evolveUser, initialUserState, type UserState } from './userState.ts';
import type { Decider } from '../decider.ts';

export type UserCommand =
  /** The handler allocated the id, claimed the login and hashed the password. */
  | {
      readonly type: 'RegisterUser';
      readonly id: number;
      readonly login: string;
      readonly displayName: string;
      readonly role: Role;
      readonly passwordHash: string;
    }
  | { readonly type: 'ChangeRole'; readonly role: Role }
  | { readonly type: 'SetPassword'; readonly passwordHash: string }
  | { readonly type: 'RevokePassword' };

export type UserCommandError =
  /** Logins travel in HTTP Basic credentials, so they are short and hold no `:`, spaces or control characters. */
  | { readonly kind: 'invalid-login'; readonly login: string }
  /** Another user holds this login (compared ignoring case). */
  | { readonly kind: 'login-taken'; readonly login: string }
  | { readonly kind: 'user-not-found'; readonly login: string }
  /** A freshly allocated id whose stream already exists: only a lost race can explain it; nothing was written. */
  | { readonly kind: 'already-registered'; readonly id: number }
  /** Optimistic concurrency kept losing; nothing was written. */
  | { readonly kind: 'write-conflict' }
  | { readonly kind: 'store-unavailable' };

const loginPattern = /^[A-Za-z0-9._@-]{1,60}$/;

export const isValidLogin = (login: string): boolean => loginPattern.test(login);

function decideUser(command: UserCommand, state: UserState): Either<UserCommandError, UserEvent[]> {
  if (command.type === 'RegisterUser') {
    if (state.exists) return left({ kind: 'already-registered', id: command.id });
    if (!isValidLogin(command.login)) return left({ kind: 'invalid-login', login: command.login });
    const { type: _type, ...data } = command;
    return right([{ type: 'UserRegistered', data }]);
  }
  if (!state.exists) return left({ kind: 'user-not-found', login: '' });
  switch (command.type) {
    // Asking for what already holds records nothing, so repeating a CLI command is harmless.
    case 'ChangeRole':
      return right(
        state.role === command.role ? [] : [{ type: 'UserRoleChanged', data: { id: state.id, role: command.role } }],
      );
    case 'SetPassword':
      return right(
        state.passwordHash === command.passwordHash
          ? []
          : [{ type: 'UserPasswordChanged', data: { id: state.id, passwordHash: command.passwordHash } }],
      );
    case 'RevokePassword':
      return right(state.passwordHash === null ? [] : [{ type: 'UserPasswordRevoked', data: { id: state.id } }]);
  }
}

export const userDecider: Decider<UserCommand, UserEvent, UserState, UserCommandError> = {
  initialState: initialUserState,
  evolve: evolveUser,
  decide: decideUser,
};
