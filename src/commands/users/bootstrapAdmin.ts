// First start: registers the `admin` administrator once per data directory, with a given or generated password.
import { randomBytes } from 'node:crypto';
import { hash } from '@node-rs/argon2';
import { NoStream, WrongExpectedRevision, type EventStore } from '../../events/eventStore.ts';
import { toNewEvent } from '../../events/catalogue/envelope.ts';
import { userStreamId } from '../../events/catalogue/users.ts';
import { IdAllocator } from '../registries/idAllocator.ts';
import { systemWrite } from '../registries/systemWrite.ts';
import { userIdsStream } from '../../projections/users/userDirectory.ts';

/** Claimed before the admin is written, so two processes starting on a fresh directory create one admin. */
const bootstrapStream = 'bootstrap-admin';

export interface BootstrapResult {
  readonly created: boolean;
  /** Only when generated here: shown once, never stored in clear. */
  readonly generatedPassword?: string;
}

export async function bootstrapAdmin(store: EventStore, password: string | undefined): Promise<BootstrapResult> {
  const ctx = systemWrite();
  try {
    await store.append(bootstrapStream, [toNewEvent({ type: 'AdminBootstrapClaimed', data: {} }, ctx)], NoStream);
  } catch (error) {
    if (error instanceof WrongExpectedRevision) return { created: false };
    throw error;
  }
  const chosen = password ?? randomBytes(18).toString('base64url');
  const id = await new IdAllocator(store, userIdsStream).next();
  const passwordHash = await hash(chosen);
  const registered = { type: 'UserRegistered' as const, data: { id, login: 'admin', displayName: 'admin', role: 'administrator' as const, passwordHash } };
  await store.append(userStreamId(id), [toNewEvent(registered, ctx)], NoStream);
  return password === undefined ? { created: true, generatedPassword: chosen } : { created: true };
}
