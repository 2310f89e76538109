// Shared vocabulary of the events HTTP specifications: captures, typed bodies, event fixtures and wire-error checks.
import { expect } from 'chai';
import { readFileSync, readdirSync } from 'node:fs';
import type { TestResponse, TestService } from '../../../support/testService.ts';

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
export type JsonObject = { [key: string]: Json };

export const API = '/cal/events/v1';
export const BASE = 'http://localhost:8080';
export const API_ROOT = `${BASE}${API}`;
export const ADMIN_ITEM_ALLOW = 'GET, DELETE, POST, PUT, PATCH';
export const AUTH_CACHE_CONTROL = 'no-cache, must-revalidate, max-age=0, no-store, private';
/** The `rest_url` query of an unfiltered list requested at the capture time (E1). */
export const DEFAULT_WINDOW = 'start_date=2026-11-21 00:00:00&end_date=2028-11-22 23:59:59';

const examplesDir = new URL('../../../fixtures/wire-examples/', import.meta.url);

export interface Capture {
  readonly request: { readonly method: string; readonly url: string; readonly body?: JsonObject };
  readonly response: { readonly status: number; readonly headers: Record<string, string>; readonly body: JsonObject };
}

/** The captured exchange `examples/NN-*.json`. */
export function capture(number: string): Capture {
  const file = readdirSync(examplesDir).find((name) => name.startsWith(`${number}-`));
  if (file === undefined) throw new Error(`no capture ${number}`);
  const captured = JSON.parse(readFileSync(new URL(file, examplesDir), 'utf8')) as Capture;
  return {
    ...captured,
    response: { ...captured.response, body: withTranslationKeys(captured.response.body) as JsonObject },
  };
}

/**
 * The captures predate docs/api.md §15 "Translations": every event, venue, organizer and term representation in them
 * gains `language` and `translations` as its last keys; the captured items are English and untranslated.
 */
export function withTranslationKeys(value: Json): Json {
  if (Array.isArray(value)) return value.map(withTranslationKeys);
  if (value === null || typeof value !== 'object') return value;
  const mapped: JsonObject = Object.fromEntries(Object.entries(value).map(([k, v]) => [k, withTranslationKeys(v)]));
  const represented = 'global_id_lineage' in value || ('taxonomy' in value && 'urls' in value);
  return represented ? { ...mapped, language: 'en', translations: {} } : mapped;
}

export function asObject(value: unknown): JsonObject {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw new Error(`not a JSON object: ${JSON.stringify(value)}`);
  }
  return value as JsonObject;
}

export const bodyOf = (res: TestResponse): JsonObject => asObject(res.body);

/** The `events` array of a list response. */
export function eventsOf(res: TestResponse): JsonObject[] {
  const events = bodyOf(res).events;
  if (!Array.isArray(events)) throw new Error(`no events array: ${res.text}`);
  return events.map(asObject);
}

export const idsOf = (res: TestResponse): number[] => eventsOf(res).map((event) => event.id as number);
export const titlesOf = (res: TestResponse): string[] => eventsOf(res).map((event) => event.title as string);

/** Creates an event as the admin and returns its representation; fails unless the service answers 201. */
export async function createEvent(t: TestService, fields: JsonObject): Promise<JsonObject> {
  const res = await t.admin('POST', `${API}/events`, {
    body: { start_date: '2026-12-01 10:00:00', end_date: '2026-12-01 11:00:00', ...fields },
  });
  expect(res.status, res.text).to.equal(201);
  return bodyOf(res);
}

/** A capture's event body as the service numbers it: the same with `id` (and the addresses holding it) replaced. */
export function renumbered(body: JsonObject, id: number): JsonObject {
  const copy = structuredClone(body);
  const oldId = copy.id as number;
  copy.id = id;
  copy.global_id = `localhost?id=${id}`;
  copy.global_id_lineage = [`localhost?id=${id}`];
  copy.rest_url = `${API_ROOT}/events/${id}`;
  if (typeof copy.url === 'string') copy.url = copy.url.replace(`&p=${oldId}`, `&p=${id}`);
  return copy;
}

/** Keeps only the keys of an event that do not link venues, organizers or terms, emptied as with no links. */
export function withoutLinks(body: JsonObject): JsonObject {
  return { ...body, categories: [], tags: [], venue: [], organizer: [] };
}

const dataKeysByCode: Record<string, readonly string[]> = {
  rest_missing_callback_param: ['status', 'params'],
  rest_invalid_param: ['status', 'params', 'details'],
};

/**
 * Checks the §13.1 payload: exactly `{code, message, data}` in that order, `data.status` equal to the HTTP status,
 * and `data` holding only the members its code allows. Returns `data`.
 */
export function expectError(res: TestResponse, status: number, code: string, message?: string): JsonObject {
  expect(res.status, res.text).to.equal(status);
  expect(res.headers.get('content-type')).to.equal('application/json; charset=UTF-8');
  const body = bodyOf(res);
  expect(Object.keys(body)).to.deep.equal(['code', 'message', 'data']);
  expect(body.code).to.equal(code);
  expect(body.message).to.be.a('string');
  if (message !== undefined) expect(body.message).to.equal(message);
  const data = asObject(body.data);
  expect(data.status).to.equal(status);
  expect(Object.keys(data)).to.deep.equal(dataKeysByCode[code] ?? ['status']);
  return data;
}

/**
 * The `rest_invalid_param` answer naming exactly `names`, in that order: each with a reason in `params`, and in
 * `details` the code of every specific one with the same text (docs/api.md §13.1). What each reason says is specified
 * by the reason tables (test/http/errors/paramReasons.test.ts).
 */
export function expectInvalidParams(res: TestResponse, ...names: string[]): void {
  const data = expectError(res, 400, 'rest_invalid_param', `Invalid parameter(s): ${names.join(', ')}`);
  const params = asObject(data.params);
  expect(Object.keys(params)).to.deep.equal(names);
  for (const name of names) expect(params[name], name).to.be.a('string').and.not.equal('');
  if (Array.isArray(data.details)) {
    expect(data.details).to.deep.equal([]);
    for (const name of names) expect(params[name]).to.equal('Invalid parameter.');
    return;
  }
  for (const [name, detail] of Object.entries(asObject(data.details))) {
    expect(names).to.include(name);
    expect(detail).to.deep.equal({ code: asObject(detail).code, message: params[name], data: { status: 400 } });
    expect(asObject(detail).code).to.be.a('string');
  }
  for (const name of names) if (!(name in asObject(data.details))) expect(params[name]).to.equal('Invalid parameter.');
}

/**
 * A captured `rest_invalid_param` body as this service answers it: the capture's generic "Invalid parameter." for
 * `name` replaced by a reason saying what to send, with its code in `details` (docs/api.md §13.1).
 */
export function withReason(body: unknown, name: string, code: string, message: string): JsonObject {
  const data = asObject(asObject(body).data);
  return {
    ...asObject(body),
    data: {
      ...data,
      params: { ...asObject(data.params), [name]: message },
      details: { [name]: { code, message, data: { status: 400 } } },
    },
  };
}

/** English reasons the capture comparisons use. */
export const REASON = {
  notADate:
    'Not a date and time this service reads. Examples: 2026-12-24 20:00, December 24, 2026 8pm, 12/24/2026, ' +
    'tomorrow 9am, next friday, +2 weeks (slashes mean month/day/year).',
  positiveInteger: 'Must be a whole number of at least 1.',
  unknownSlug: "No item of this kind has this slug in the request's language.",
  unknownVenue: 'Names no existing venue.',
  unknownCategory: 'Names no existing category.',
} as const;

/** Exactly the `rest_invalid_param` answer for one parameter with a specific reason and detail code. */
export function expectSpecificInvalidParam(res: TestResponse, name: string, code: string, reason: string): void {
  expectError(res, 400, 'rest_invalid_param');
  expect(res.body).to.deep.equal({
    code: 'rest_invalid_param',
    message: `Invalid parameter(s): ${name}`,
    data: {
      status: 400,
      params: { [name]: reason },
      details: { [name]: { code, message: reason, data: { status: 400 } } },
    },
  });
}

/** The E9 answer (end before start) naming `name`. */
export function expectEndBeforeStart(res: TestResponse, name = 'end_date'): void {
  expectSpecificInvalidParam(
    res,
    name,
    'event-end-before-start',
    'The end date must not be earlier than the start date.',
  );
}

/** A query string from pairs, values percent-encoded. */
export function query(pairs: Record<string, string>): string {
  return Object.entries(pairs)
    .map(([name, value]) => `${name}=${encodeURIComponent(value)}`)
    .join('&');
}

/** Creates the three events of capture 15 (09, 10 without links, 11) at their captured times; returns their ids. */
export async function createCaptureEvents(t: TestService): Promise<{ minimal: number; full: number; allDay: number }> {
  t.setNow(new Date('2026-11-22T10:52:29Z'));
  const minimal = await createEvent(t, capture('09').request.body ?? {});
  const { venue: _v, organizer: _o, categories: _c, tags: _t, ...fullFields } = capture('10').request.body ?? {};
  const full = await createEvent(t, fullFields);
  t.setNow(new Date('2026-11-22T10:52:30Z'));
  const allDay = await createEvent(t, capture('11').request.body ?? {});
  t.setNow(new Date('2026-11-22T10:52:28Z'));
  return { minimal: minimal.id as number, full: full.id as number, allDay: allDay.id as number };
}

/** The list envelope without its events, to compare with a capture's. */
export function envelopeOf(body: JsonObject): JsonObject {
  const { events: _events, ...envelope } = body;
  return envelope;
}
