// Shared vocabulary of the venue and organizer HTTP specifications: a service with users of every role, item helpers.
import { expect } from 'chai';
import type { TestResponse } from '../../../support/testService.ts';
import { startRoleService, type RoleTestService, type Who } from '../../../support/roleService.ts';
import { API, asObject, bodyOf, type JsonObject } from '../../events/support/eventsApi.ts';

export * from '../../events/support/eventsApi.ts';

export { userId, type Who } from '../../../support/roleService.ts';

export type Kind = 'venues' | 'organizers';
/** The name key of each kind. */
export const nameKey: Record<Kind, string> = { venues: 'venue', organizers: 'organizer' };
export const singular: Record<Kind, string> = { venues: 'venue', organizers: 'organizer' };

export type ItemTestService = RoleTestService;

/** A fresh service whose data directory already holds one user per role besides the admin. */
export const startItemService = (env: Record<string, string> = {}): Promise<ItemTestService> => startRoleService(env);

/** Creates a venue or organizer (as the admin unless `who` is given); fails unless the service answers 201. */
export async function createItem(
  t: ItemTestService,
  kind: Kind,
  fields: JsonObject,
  who: Who = 'admin',
  prefix = API,
): Promise<JsonObject> {
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

export const itemIdsOf = (res: TestResponse, kind: Kind): number[] =>
  itemsOf(res, kind).map((item) => item.id as number);

/** Decodes decimal HTML character references (`&#101;`), as §4.6 tells clients to do with organizer e-mails. */
export const decodeEntities = (text: string): string =>
  text.replace(/&#(\d+);/g, (_m, code: string) => String.fromCharCode(Number(code)));

/** The venue list `rest_url` for a query string (already in §5.3 order). */
export const itemsRestUrl = (root: string, kind: Kind, queryText: string): string => `${root}/${kind}/?${queryText}`;
