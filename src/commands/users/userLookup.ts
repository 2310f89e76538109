// Finding users for the write side and the CLI: login claims (`login-…` streams) and a scan of the `user-<id>` streams.
import { createHash } from 'node:crypto';
import type { EventStore } from '../../events/eventStore.ts';
import { decodeDomainEvent } from '../../events/catalogue/envelope.ts';
import { isUserEvent, userIdsStream, userStreamId } from '../../events/catalogue/users.ts';
import { loadStream } from '../commandHandler.ts';
import { claimHolder } from '../registries/claims.ts';
import type { UserState } from './userState.ts';
import { userDecider } from './userDecider.ts';

export type KnownUser = Extract<UserState, { exists: true }>;

/** Logins are unique ignoring case; the digest keeps the stream id short whatever the login. */
export function loginStreamId(login: string): string {
  return `login-${createHash('sha256').update(login.toLowerCase(), 'utf8').digest('hex')}`;
}

export const loadUser = (store: EventStore, id: number) =>
  loadStream(store, userStreamId(id), userDecider.initialState, userDecider.evolve, isUserEvent);

/** Every registered user, by id; reads each stream, which suits the CLI, not a request path. */
export async function listUsers(store: EventStore): Promise<KnownUser[]> {
  let last = 0;
  for (const recorded of await store.readStream(userIdsStream)) {
    const event = decodeDomainEvent(recorded);
    if (event?.type === 'IdBlockReserved') last = Math.max(last, event.data.last);
  }
  const users: KnownUser[] = [];
  for (let id = 1; id <= last; id++) {
    const { state } = await loadUser(store, id);
    if (state.exists) users.push(state);
  }
  return users;
}

/**
 * The id of the user with this login (ignoring case), or undefined. The login claim answers at once; users registered
 * without one (the bootstrap admin, seeded test users) are found by scanning.
 */
export async function findUserId(store: EventStore, login: string): Promise<number | undefined> {
  const owner = await claimHolder(store, loginStreamId(login));
  if (owner !== null) return Number(owner.slice(owner.lastIndexOf('-') + 1));
  const lowered = login.toLowerCase();
  return (await listUsers(store)).find((user) => user.login.toLowerCase() === lowered)?.id;
}
