// Shared vocabulary of the category and tag HTTP specifications: a service with users of every role, term helpers.
import { expect } from 'chai';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { hash } from '@node-rs/argon2';
import { IdAllocator } from '../../../../src/commands/registries/idAllocator.ts';
import { systemWrite } from '../../../../src/commands/registries/systemWrite.ts';
import { toNewEvent } from '../../../../src/events/catalogue/envelope.ts';
import { userStreamId, type Role } from '../../../../src/events/catalogue/users.ts';
import { openLmdbEventStore } from '../../../../src/events/embedded/lmdbEventStore.ts';
import { NoStream } from '../../../../src/events/eventStore.ts';
import { userIdsStream } from '../../../../src/projections/users/userDirectory.ts';
import { startTestService, type TestResponse, type TestService } from '../../../support/testService.ts';
import { API, bodyOf, type JsonObject } from '../../events/support/eventsApi.ts';

export * from '../../events/support/eventsApi.ts';

const rolePassword = 'role-secret';
const roles: readonly Role[] = ['editor', 'author', 'contributor', 'subscriber'];

/** `Authorization` of the user of that role (the login is the role's name). */
export const as = (role: Role | 'admin'): string | undefined =>
  role === 'admin' || role === 'administrator' ? undefined : `Basic ${Buffer.from(`${role}:${rolePassword}`).toString('base64')}`;

export interface TermTestService extends TestService {
  /** The request as the user of that role; `anonymous` sends no credentials. */
  by(who: Role | 'anonymous', method: string, path: string, options?: { body?: unknown }): Promise<TestResponse>;
}

/** A fresh service whose data directory already holds one user per role besides the admin. */
export async function startTermService(): Promise<TermTestService> {
  const dir = mkdtempSync(join(tmpdir(), 'cal-terms-'));
  const store = await openLmdbEventStore(join(dir, 'events'));
  const ids = new IdAllocator(store, userIdsStream);
  const passwordHash = await hash(rolePassword);
  for (const role of roles) {
    const id = await ids.next();
    const registered = { type: 'UserRegistered' as const, data: { id, login: role, displayName: role, role, passwordHash } };
    await store.append(userStreamId(id), [toNewEvent(registered, systemWrite())], NoStream);
  }
  await store.close();
  const t = await startTestService({}, dir);
  return {
    ...t,
    by: (who, method, path, options = {}) => {
      if (who === 'administrator') return t.admin(method, path, options);
      const auth = who === 'anonymous' ? undefined : as(who);
      return t.request(method, path, { ...options, ...(auth ? { auth } : {}) });
    },
    close: async () => {
      await t.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export type Plural = 'categories' | 'tags';

/** Creates a term as the admin; fails unless the service answers 201. */
export async function createTerm(t: TestService, plural: Plural, fields: JsonObject, prefix = API): Promise<JsonObject> {
  const res = await t.admin('POST', `${prefix}/${plural}`, { body: fields });
  expect(res.status, res.text).to.equal(201);
  return bodyOf(res);
}

/** Sets a term's count of published events straight in the read model (no events are linked in these tests). */
export async function setCount(t: TestService, plural: Plural, id: number, count: number): Promise<void> {
  await t.service.readStore[plural].setCount(id, count);
}

/** The items of a term list response. */
export function termsOf(res: TestResponse, plural: Plural): JsonObject[] {
  const items = bodyOf(res)[plural];
  if (!Array.isArray(items)) throw new Error(`no ${plural} array: ${res.text}`);
  return items as JsonObject[];
}

export const termIdsOf = (res: TestResponse, plural: Plural): number[] => termsOf(res, plural).map((term) => term.id as number);

/** A capture's term body as the service numbers it: `id` and the addresses holding it replaced. */
export function renumberedTerm(body: JsonObject, id: number, count?: number): JsonObject {
  const copy = structuredClone(body);
  const urls = copy.urls as JsonObject;
  urls.self = (urls.self as string).replace(/\/\d+$/, `/${id}`);
  copy.id = id;
  if (count !== undefined) copy.count = count;
  return copy;
}
