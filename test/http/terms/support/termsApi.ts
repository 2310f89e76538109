// Shared vocabulary of the category and tag HTTP specifications: a service with users of every role, term helpers.
import { expect } from 'chai';
import type { TestResponse, TestService } from '../../../support/testService.ts';
import { startRoleService, type RoleTestService } from '../../../support/roleService.ts';
import { API, bodyOf, type JsonObject } from '../../events/support/eventsApi.ts';

export * from '../../events/support/eventsApi.ts';

export { as } from '../../../support/roleService.ts';

export type TermTestService = RoleTestService;

/** A fresh service whose data directory already holds one user per role besides the admin. */
export const startTermService = (): Promise<TermTestService> => startRoleService();

export type Plural = 'categories' | 'tags';

/** Creates a term as the admin; fails unless the service answers 201. */
export async function createTerm(
  t: TestService,
  plural: Plural,
  fields: JsonObject,
  prefix = API,
): Promise<JsonObject> {
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

export const termIdsOf = (res: TestResponse, plural: Plural): number[] =>
  termsOf(res, plural).map((term) => term.id as number);

/** A capture's term body as the service numbers it: `id` and the addresses holding it replaced. */
export function renumberedTerm(body: JsonObject, id: number, count?: number): JsonObject {
  const copy = structuredClone(body);
  const urls = copy.urls as JsonObject;
  urls.self = (urls.self as string).replace(/\/\d+$/, `/${id}`);
  copy.id = id;
  if (count !== undefined) copy.count = count;
  return copy;
}
