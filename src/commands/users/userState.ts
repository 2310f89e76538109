// The state of one user as its `user-<id>` stream folds it, for the user decider.
import type { Role, UserEvent } from '../../events/catalogue/users.ts';

export type UserState =
  | { readonly exists: false }
  | {
      readonly exists: true;
      readonly id: number;
      readonly login: string;
      readonly displayName: string;
      readonly role: Role;
      /** Null once the password is revoked: the user cannot authenticate until a new one is set. */
      readonly passwordHash: string | null;
    };

export const initialUserState: UserState = { exists: false };

export function evolveUser(state: UserState, event: UserEvent): UserState {
  switch (event.type) {
    case 'UserRegistered':
      return { exists: true, ...event.data };
    case 'UserRoleChanged':
      return state.exists ? { ...state, role: event.data.role } : state;
    case 'UserPasswordChanged':
      return state.exists ? { ...state, passwordHash: event.data.passwordHash } : state;
    case 'UserPasswordRevoked':
      return state.exists ? { ...state, passwordHash: null } : state;
  }
}
