// Shared vocabulary of the race specifications: firing many requests at once, counting outcomes, reading streams.
import { expect } from 'chai';
import type { TestResponse, TestService } from '../../support/testService.ts';
import { API, bodyOf, expectError } from '../../http/events/support/eventsApi.ts';

export { API, bodyOf, expectError };

export type ResourcePlural = 'events' | 'venues' | 'organizers' | 'categories' | 'tags';

/** The stream of one resource (docs/architecture.md §4). */
export const streamOf: Record<ResourcePlural, (id: number) => string> = {
  events: (id) => `event-${id}`,
  venues: (id) => `venue-${id}`,
  organizers: (id) => `organizer-${id}`,
  categories: (id) => `category-${id}`,
  tags: (id) => `tag-${id}`,
};

/**
 * Starts all `count` requests before awaiting any, so they really overlap on the server (fetch does not queue them:
 * Node's global agent opens as many connections as needed).
 */
export function allAtOnce<T>(count: number, request: (index: number) => Promise<T>): Promise<T[]> {
  return Promise.all(Array.from({ length: count }, (_, index) => request(index)));
}

/** How many responses had each status, e.g. `{ 200: 1, 412: 49 }`. */
export function statusCounts(responses: readonly TestResponse[]): Record<number, number> {
  const counts: Record<number, number> = {};
  for (const res of responses) counts[res.status] = (counts[res.status] ?? 0) + 1;
  return counts;
}

/** Number of events in one stream, read straight from the event store. */
export async function streamLength(t: TestService, streamId: string): Promise<number> {
  return (await t.service.store.readStream(streamId)).length;
}

/** The `ETag` a GET answers with; fails when there is none. */
export async function etagOf(t: TestService, path: string): Promise<string> {
  const res = await t.admin('GET', path);
  expect(res.status, res.text).to.equal(200);
  const etag = res.headers.get('etag');
  expect(etag, `ETag of ${path}`).to.match(/^W\/"\d+"$/);
  return etag as string;
}

/** POSTs to a collection as the admin and returns the new item; fails unless the answer is 201. */
export async function created(
  t: TestService,
  plural: ResourcePlural,
  body: Record<string, unknown>,
): Promise<Record<string, unknown>> {
  const res = await t.admin('POST', `${API}/${plural}`, { body });
  expect(res.status, res.text).to.equal(201);
  return bodyOf(res);
}

/** `x`, `x-2`, …, `x-n`: the slugs n items claiming `x` get (docs/api.md §4.7: first free numeric suffix). */
export const suffixedSlugs = (base: string, n: number): string[] =>
  Array.from({ length: n }, (_, i) => (i === 0 ? base : `${base}-${i + 1}`));

/**
 * Polls `read` until `done` holds or the deadline passes (generous: the machine may be loaded); returns the last value.
 */
export async function eventually<T>(
  read: () => Promise<T>,
  done: (value: T) => boolean,
  timeoutMs = 20_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
