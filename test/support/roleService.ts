// A test service whose data directory already holds one user per role besides the admin, and requests as any of them.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { hash } from '@node-rs/argon2';
import { IdAllocator } from '../../src/commands/registries/idAllocator.ts';
import { systemWrite } from '../../src/commands/registries/systemWrite.ts';
import { toNewEvent } from '../../src/events/catalogue/envelope.ts';
import { userIdsStream, userStreamId, type Role } from '../../src/events/catalogue/users.ts';
import { openLmdbEventStore } from '../../src/events/embedded/lmdbEventStore.ts';
import { NoStream } from '../../src/events/eventStore.ts';
import { startTestService, type RequestOptions, type TestResponse, type TestService } from './testService.ts';

export const rolePassword = 'role-secret';
const roles: readonly Role[] = ['editor', 'author', 'contributor', 'subscriber'];

/** User ids of the seeded users; the admin is created after them, at first start. */
export const userId: Record<'admin' | 'editor' | 'author' | 'contributor' | 'subscriber', string> = {
  editor: '1',
  author: '2',
  contributor: '3',
  subscriber: '4',
  admin: '5',
};

export type Who = Role | 'admin' | 'anonymous';

/** `Authorization` of the user of that role (the login is the role's name); undefined for the admin. */
export const as = (role: Role | 'admin'): string | undefined =>
  role === 'admin' || role === 'administrator'
    ? undefined
    : `Basic ${Buffer.from(`${role}:${rolePassword}`).toString('base64')}`;

export interface RoleTestService extends TestService {
  /** The request as the user of that role; `anonymous` sends no credentials. */
  by(who: Who, method: string, path: string, options?: RequestOptions): Promise<TestResponse>;
}

export async function startRoleService(env: Record<string, string> = {}): Promise<RoleTestService> {
  const dir = mkdtempSync(join(tmpdir(), 'cal-roles-'));
  const store = await openLmdbEventStore(join(dir, 'events'));
  const ids = new IdAllocator(store, userIdsStream);
  const passwordHash = await hash(rolePassword);
  for (const role of roles) {
    const id = await ids.next();
    const registered = {
      type: 'UserRegistered' as const,
      data: { id, login: role, displayName: role, role, passwordHash },
    };
    await store.append(userStreamId(id), [toNewEvent(registered, systemWrite())], NoStream);
  }
  await store.close();
  const t = await startTestService(env, dir);
  return {
    ...t,
    by: (who, method, path, options = {}) => {
      if (who === 'admin' || who === 'administrator') return t.admin(method, path, options);
      const auth = who === 'anonymous' ? undefined : as(who);
      return t.request(method, path, { ...options, ...(auth ? { auth } : {}) });
    },
    close: async () => {
      await t.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
