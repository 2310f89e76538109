// Shared vocabulary of the venue and organizer HTTP specifications: a service with users of every role, item helpers.
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
import { startTestService, type RequestOptions, type TestResponse, type TestService } from '../../../support/testService.ts';
import { API, asObject, bodyOf, type JsonObject } from '../../events/support/eventsApi.ts';

export * from '../../events/support/eventsApi.ts';

const rolePassword = 'role-secret';
const roles: readonly Role[] = ['editor', 'author', 'contributor', 'subscriber'];
/** User ids of the seeded users (the admin is 1). */
export const userId: Record<'admin' | 'editor' | 'author' | 'contributor' | 'subscriber', string> = {
  admin: '1',
  editor: '2',
  author: '3',
  contributor: '4',
  subscriber: '5',
};

export type Who = Role | 'admin' | 'anonymous';
export type Kind = 'venues' | 'organizers';
/** The name key of each kind. */
export const nameKey: Record<Kind, string> = { venues: 'venue', organizers: 'organizer' };
export const singular: Record<Kind, string> = { venues: 'venue', organizers: 'organizer' };

export interface ItemTestService extends TestService {
  /** The request as the user of that role; `anonymous` sends no credentials. */
  by(who: Who, method: string, path: string, options?: RequestOptions): Promise<TestResponse>;
}

/** A fresh service whose data directory already holds one user per role besides the admin. */
export async function startItemService(env: Record<string, string> = {}): Promise<ItemTestService> {
  const dir = mkdtempSync(join(tmpdir(), 'cal-items-'));
  const store = await openLmdbEventStore(join(dir, 'events'));
  const ids = new IdAllocator(store, userIdsStream);
  const passwordHash = await hash(rolePassword);
  for (const role of roles) {
    const id = await ids.next();
    const registered = { type: 'UserRegistered' as const, data: { id, login: role, displayName: role, role, passwordHash } };
    await store.append(userStreamId(id), [toNewEvent(registered, systemWrite())], NoStream);
  }
  await store.close();
  const t = await startTestService(env, dir);
  return {
    ...t,
    by: (who, method, path, options = {}) => {
      if (who === 'admin' || who === 'administrator') return t.admin(method, path, options);
      if (who === 'anonymous') return t.request(method, path, options);
      return t.request(method, path, { ...options, auth: `Basic ${Buffer.from(`${who}:${rolePassword}`).toString('base64')}` });
    },
    close: async () => {
      await t.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Creates a venue or organizer (as the admin unless `who` is given); fails unless the service answers 201. */
export async function createItem(t: ItemTestService, kind: Kind, fields: JsonObject, who: Who = 'admin', prefix = API): Promise<JsonObject> {
  const res = await t.by(who, 'POST', `${prefix}/${kind}`, { body: fields });
  expect(res.status, res.text).to.equal(201);
  return bodyOf(res);
}

export const createVenue = (t: ItemTestService, fields: JsonObject, who: Who = 'admin'): Promise<JsonObject> =>
  createItem(t, 'venues', fields, who);
export const createOrganizer = (t: ItemTestService, fields: JsonObject, who: Who = 'admin'): Promise<JsonObject> =>
  createItem(t, 'organizers', fields, who);

/** The items array of a venue or organizer list response. */
export function itemsOf(res: TestResponse, kind: Kind): JsonObject[] {
  const items = bodyOf(res)[kind];
  if (!Array.isArray(items)) throw new Error(`no ${kind} array: ${res.text}`);
  return items.map(asObject);
}

export const itemIdsOf = (res: TestResponse, kind: Kind): number[] => itemsOf(res, kind).map((item) => item.id as number);

/** Decodes decimal HTML character references (`&#101;`), as §4.6 tells clients to do with organizer e-mails. */
export const decodeEntities = (text: string): string => text.replace(/&#(\d+);/g, (_m, code: string) => String.fromCharCode(Number(code)));

/** The venue list `rest_url` for a query string (already in §5.3 order). */
export const itemsRestUrl = (root: string, kind: Kind, queryText: string): string => `${root}/${kind}/?${queryText}`;
