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

export const userStreamId = (id: number): string => `user-${id}`;
