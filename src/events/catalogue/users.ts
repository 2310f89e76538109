// Domain events of users (`user-<id>` streams).
import * as t from 'io-ts';

export const Role = t.keyof({ administrator: null, editor: null, author: null, contributor: null, subscriber: null });
export type Role = t.TypeOf<typeof Role>;

export const UserRegistered = t.type({
  type: t.literal('UserRegistered'),
  data: t.type({
    id: t.number,
    login: t.string,
    displayName: t.string,
    role: Role,
    /** Application password as a slow hash (argon2id, PHC string). */
    passwordHash: t.string,
  }),
});

/** The user's role is now `role`; permissions follow it from the next authentication on. */
export const UserRoleChanged = t.type({
  type: t.literal('UserRoleChanged'),
  data: t.type({ id: t.number, role: Role }),
});

/** A new password replaces the previous one (or ends a revocation); only its slow hash is recorded. */
export const UserPasswordChanged = t.type({
  type: t.literal('UserPasswordChanged'),
  data: t.type({ id: t.number, passwordHash: t.string }),
});

/** The user has no password any more, so can no longer authenticate until a new one is set. */
export const UserPasswordRevoked = t.type({
  type: t.literal('UserPasswordRevoked'),
  data: t.type({ id: t.number }),
});

export type UserEvent =
  | t.TypeOf<typeof UserRegistered>
  | t.TypeOf<typeof UserRoleChanged>
  | t.TypeOf<typeof UserPasswordChanged>
  | t.TypeOf<typeof UserPasswordRevoked>;

const userTypes: ReadonlySet<string> = new Set([
  'UserRegistered',
  'UserRoleChanged',
  'UserPasswordChanged',
  'UserPasswordRevoked',
]);
export const isUserEvent = (event: { readonly type: string }): event is UserEvent => userTypes.has(event.type);

export const userStreamId = (id: number): string => `user-${id}`;
/** The allocator stream of user ids (docs/architecture.md §4). */
export const userIdsStream = 'ids-user';
