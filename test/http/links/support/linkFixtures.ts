// The capture sequence 05–10 (venue, organizer, category, tag, full event) replayed, with the ids mapped to ours.
import { expect } from 'chai';
import type { TestResponse, TestService } from '../../../support/testService.ts';
import { API, asObject, bodyOf, capture, type Json, type JsonObject } from '../../events/support/eventsApi.ts';

export interface CaptureIds {
  readonly venue: number;
  readonly organizer: number;
  readonly category: number;
  readonly tag: number;
  readonly event: number;
}

export async function created(res: TestResponse): Promise<JsonObject> {
  expect(res.status, res.text).to.equal(201);
  return bodyOf(res);
}

/** Creates the linked items and the full event of captures 05–10 at the captured times. */
export async function replayCaptures(t: TestService): Promise<CaptureIds> {
  t.setNow(new Date('2026-11-22T10:52:28Z'));
  const venue = await created(await t.admin('POST', `${API}/venues`, { body: capture('05').request.body }));
  t.setNow(new Date('2026-11-22T10:52:29Z'));
  const organizer = await created(await t.admin('POST', `${API}/organizers`, { body: capture('06').request.body }));
  const category = await created(await t.admin('POST', `${API}/categories`, { body: capture('07').request.body }));
  const tag = await created(await t.admin('POST', `${API}/tags`, { body: capture('08').request.body }));
  const ids = {
    venue: venue.id as number,
    organizer: organizer.id as number,
    category: category.id as number,
    tag: tag.id as number,
  };
  const body = {
    ...capture('10').request.body,
    venue: ids.venue,
    organizer: [ids.organizer],
    categories: [ids.category],
    tags: [ids.tag],
  };
  const event = await created(await t.admin('POST', `${API}/events`, { body }));
  return { ...ids, event: event.id as number };
}

/** The capture's ids (venue 4, organizer 5, event 7, category 2, tag 3) rewritten to ours, in values and addresses. */
export function withOurIds(value: Json, ids: CaptureIds): Json {
  const posts: Record<number, number> = { 4: ids.venue, 5: ids.organizer, 7: ids.event };
  const terms: Record<number, number> = { 2: ids.category, 3: ids.tag };
  const walk = (v: Json): Json => {
    if (Array.isArray(v)) return v.map(walk);
    if (v !== null && typeof v === 'object') {
      const isTerm = 'taxonomy' in v;
      return Object.fromEntries(
        Object.entries(v).map(([k, item]) => {
          if ((k === 'id' || k === 'term_taxonomy_id') && typeof item === 'number')
            return [k, (isTerm ? terms : posts)[item] ?? item];
          return [k, walk(item)];
        }),
      );
    }
    if (typeof v === 'string') {
      return v
        .replace(/\?id=(\d+)/, (_m, id: string) => `?id=${posts[Number(id)] ?? id}`)
        .replace(/\/events\/(\d+)$/, (_m, id: string) => `/events/${posts[Number(id)] ?? id}`)
        .replace(
          /\/(categories|tags)\/(\d+)$/,
          (_m, kind: string, id: string) => `/${kind}/${terms[Number(id)] ?? id}`,
        );
    }
    return v;
  };
  return walk(value);
}

/** json_ld e-mails are entity-encoded at random (docs/api.md §4.6): decode before comparing. */
export function decodedEmails(value: Json): Json {
  if (Array.isArray(value)) return value.map(decodedEmails);
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) => [
        k,
        k === 'email' && typeof v === 'string'
          ? v.replace(/&#(\d+);/g, (_m, c: string) => String.fromCharCode(Number(c)))
          : decodedEmails(v),
      ]),
    );
  }
  return value;
}

export const asJson = (res: TestResponse): JsonObject => asObject(res.body);
