// First start: registers the `admin` administrator once per data directory, with a given or generated password.
import { StreamLocks } from '../streamLocks.ts';
import { NoStream, WrongExpectedRevision, type EventStore } from '../../events/eventStore.ts';
import { toNewEvent } from '../../events/catalogue/envelope.ts';
import { IdAllocator } from '../registries/idAllocator.ts';
import { systemWrite } from '../registries/systemWrite.ts';
import { userIdsStream } from '../../events/catalogue/users.ts';
import { generatePassword, registerUser } from './userCommands.ts';
import { findUserId } from './userLookup.ts';

/** Claimed when a first start begins, so that later starts know one began. */
const bootstrapStream = 'bootstrap-admin';

export interface BootstrapResult {
  readonly created: boolean;
  /** Only when generated here: shown once, never stored in clear. */
  readonly generatedPassword?: string;
}

/**
 * Creates `admin` unless a start already did. A first start that died after its claim but before registering the
 * admin left none: the next start registers it then. Processes starting together on a fresh directory race for the
 * `admin` login claim, so exactly one registers (and shows) a password.
 */
export async function bootstrapAdmin(store: EventStore, password: string | undefined): Promise<BootstrapResult> {
  const ctx = systemWrite();
  try {
    await store.append(bootstrapStream, [toNewEvent({ type: 'AdminBootstrapClaimed', data: {} }, ctx)], NoStream);
  } catch (error) {
    if (!(error instanceof WrongExpectedRevision)) throw error;
    if ((await findUserId(store, 'admin')) !== undefined) return { created: false };
  }
  const chosen = password ?? generatePassword();
  const registered = await registerUser(
    // The service writes no other user while it starts, so this write's locks need share nothing.
    { store, locks: new StreamLocks(), userIds: new IdAllocator(store, userIdsStream) },
    { login: 'admin', role: 'administrator', password: chosen },
    ctx,
  );
  if (registered._tag === 'Left') {
    if (registered.left.kind === 'login-taken') return { created: false };
    throw new Error(`could not register the administrator: ${registered.left.kind}`);
  }
  return password === undefined ? { created: true, generatedPassword: chosen } : { created: true };
}
