// Shared vocabulary of the history and as_of specifications: a service with users of every role, history helpers.
import { expect } from 'chai';
import type { TestResponse } from '../../../support/testService.ts';
import { asObject, bodyOf, type JsonObject } from '../../events/support/eventsApi.ts';

export * from '../../items/support/itemsApi.ts';

/** The entries of a history response, after checking the envelope's keys and order. */
export function entriesOf(res: TestResponse): JsonObject[] {
  expect(res.status, res.text).to.equal(200);
  const body = bodyOf(res);
  expect(Object.keys(body)).to.deep.equal(['history', 'total', 'total_pages']);
  const history = body.history;
  if (!Array.isArray(history)) throw new Error(`no history array: ${res.text}`);
  return history.map(asObject);
}

export const typesOf = (res: TestResponse): string[] => entriesOf(res).map((entry) => entry.type as string);

/** The `changes` of each entry. */
export const changesOf = (res: TestResponse): JsonObject[] => entriesOf(res).map((entry) => asObject(entry.changes));
