// Write requests the service must refuse, each for a stated reason: a valid write with exactly one thing wrong in its
// caller, route, headers, body encoding or one field. Used to check that a refused write changes nothing.
import fc from 'fast-check';
import { as } from '../../support/roleService.ts';
import { adminAuth } from '../../support/testService.ts';
import type { RawRequest } from './rawHttp.ts';
import { describeRequest } from './wireResponse.ts';
import { entriesObject, pollutingKeys } from './valueArbitraries.ts';
import { API } from './fuzzService.ts';

const many = (n: number, value: unknown): unknown[] => Array.from({ length: n }, () => value);

interface WriteTarget {
  readonly method: 'POST' | 'PUT' | 'PATCH';
  readonly path: string;
  readonly body: Record<string, unknown>;
  /** Fields with values their codec or handler refuses (docs/api.md §10, §13.3, and the input limits). */
  readonly invalidFields: Readonly<Record<string, readonly unknown[]>>;
}

const eventBody = { title: 'Refused event', start_date: '2026-12-01 10:00:00', end_date: '2026-12-01 11:00:00' };
const flagValues = ['maybe', 2, {}, []];
const eventInvalid = {
  title: ['', 5, [], {}, 'x'.repeat(1_001)],
  start_date: ['garbage', '', 'before my birthday', 'x'.repeat(10_001)],
  end_date: ['not-a-date', '2026-11-30 10:00:00'],
  status: ['bogus', 5, 'trash'],
  all_day: flagValues,
  sticky: flagValues,
  featured: flagValues,
  author: ['abc', 0, -1, 1.5],
  categories: [many(101, 1), [{}], [-1], [''], 'x'.repeat(10_001)],
  tags: [many(101, 'fuzz-tag'), [[]], [true]],
  website: ['not a url', 5, 'http://'],
  description: ['d'.repeat(100_001), 5, {}],
  excerpt: ['e'.repeat(100_001), []],
  slug: ['', 7, 's'.repeat(1_001)],
  image: ['ftp://example.org/a.png', '999999', {}],
  venue: [999_999, [999_999], many(101, 1), { venue: '' }],
  organizer: [999_999, many(101, 2)],
  i18n_language: ['fr', 5],
};
const venueInvalid = {
  venue: ['', 5, 'v'.repeat(1_001)],
  website: ['nope', 5],
  city: ['c'.repeat(10_001), 5],
  status: ['bogus'],
  description: ['d'.repeat(100_001)],
  i18n_language: ['de'],
};
const organizerInvalid = {
  organizer: ['', 5, 'o'.repeat(1_001)],
  website: ['nope'],
  email: ['m'.repeat(10_001), 5],
  status: ['bogus'],
};
const tagInvalid = {
  name: ['', 5, 'n'.repeat(1_001), {}],
  description: ['', 5, 'd'.repeat(100_001)],
  slug: ['', 5],
};
/** Only categories have parents; tags ignore the name. */
const categoryInvalid = { ...tagInvalid, parent: ['abc', -1, 999_999] };

const writeTargets: readonly WriteTarget[] = [
  { method: 'POST', path: `${API}/events`, body: eventBody, invalidFields: eventInvalid },
  { method: 'POST', path: `${API}/events/3`, body: { title: 'Renamed' }, invalidFields: eventInvalid },
  {
    method: 'PATCH',
    path: `${API}/events/by-slug/fuzz-event`,
    body: { title: 'Renamed' },
    invalidFields: eventInvalid,
  },
  { method: 'POST', path: `${API}/venues`, body: { venue: 'Refused venue' }, invalidFields: venueInvalid },
  { method: 'PUT', path: `${API}/venues/1`, body: { venue: 'Renamed' }, invalidFields: venueInvalid },
  {
    method: 'POST',
    path: `${API}/organizers`,
    body: { organizer: 'Refused organizer' },
    invalidFields: organizerInvalid,
  },
  {
    method: 'PATCH',
    path: `${API}/organizers/by-slug/fuzz-organizer`,
    body: { organizer: 'Renamed' },
    invalidFields: organizerInvalid,
  },
  { method: 'POST', path: `${API}/categories`, body: { name: 'Refused category' }, invalidFields: categoryInvalid },
  { method: 'POST', path: `${API}/categories/1`, body: { name: 'Renamed' }, invalidFields: categoryInvalid },
  { method: 'POST', path: `${API}/tags`, body: { name: 'Refused tag' }, invalidFields: tagInvalid },
  { method: 'PUT', path: `${API}/tags/2`, body: { name: 'Renamed' }, invalidFields: tagInvalid },
];

const json = (
  method: string,
  path: string,
  body: string | Buffer,
  auth: string | undefined,
  headers: Record<string, string> = {},
): RawRequest => {
  const req: RawRequest = {
    method,
    path,
    headers: { 'content-type': 'application/json', ...(auth ? { authorization: auth } : {}), ...headers },
    body: Buffer.isBuffer(body) ? body : Buffer.from(body),
  };
  return Object.defineProperty(req, fc.toStringMethod, { value: () => describeRequest(req) });
};

const target = fc.constantFrom(...writeTargets);

/** One field made invalid (sometimes two), the rest of the write valid, as the admin. */
const invalidField = target.chain((write) =>
  fc
    .uniqueArray(fc.constantFrom(...Object.keys(write.invalidFields)), { minLength: 1, maxLength: 2 })
    .chain((names) =>
      fc.tuple(
        ...names.map((name) =>
          fc.constantFrom(...(write.invalidFields[name] ?? [])).map((value) => [name, value] as const),
        ),
      ),
    )
    .map((fields) =>
      json(write.method, write.path, JSON.stringify({ ...write.body, ...Object.fromEntries(fields) }), adminAuth),
    ),
);

/** A valid write from a caller who may not make it: anonymous (401), a subscriber (403), or unknown credentials. */
const forbiddenCaller = fc
  .tuple(
    target,
    fc.constantFrom(undefined, as('subscriber'), `Basic ${Buffer.from('nobody:x').toString('base64')}`, 'Basic %%%'),
  )
  .map(([write, auth]) => json(write.method, write.path, JSON.stringify(write.body), auth));

/** A valid body the route cannot take: broken, nested past the limit, over 1 MB, or carrying `__proto__`. */
const brokenBody = fc
  .tuple(
    target,
    fc.constantFrom(
      '{"title": "x",',
      `{"title":"x","venue":${'['.repeat(65)}${']'.repeat(65)}}`,
      `{"name":${'{"a":'.repeat(10_000)}1${'}'.repeat(10_000)}}`,
      JSON.stringify({ title: 'x'.repeat(1_100_000), name: 'big' }),
      '{"__proto__":{"polluted":true},"title":"x","name":"x","venue":"x","organizer":"x"}',
    ),
  )
  .map(([write, body]) => json(write.method, write.path, body, adminAuth));

/** The admin's valid write with an `If-Match` no revision satisfies: 412, or 400/404 where the route has none. */
const staleRevision = fc
  .tuple(
    fc.constantFrom(...writeTargets.filter((write) => /\d$|by-slug/.test(write.path))),
    fc.constantFrom('"999999"', 'W/"999999"', 'junk', '"-1"'),
  )
  .map(([write, ifMatch]) =>
    json(write.method, write.path, JSON.stringify(write.body), adminAuth, { 'if-match': ifMatch }),
  );

/** Writes to routes that take no write, or items that do not exist. */
const noSuchWrite = fc
  .tuple(
    fc.constantFrom(
      ['PUT', `${API}/events`],
      ['PATCH', `${API}/venues`],
      ['DELETE', `${API}/categories`],
      ['POST', `${API}/doc`],
      ['POST', `${API}/changes`],
      ['POST', `${API}/read-model/digest`],
      ['POST', `${API}/events/999999`],
      ['DELETE', `${API}/events/999999`],
      ['DELETE', `${API}/venues/999999`],
      ['POST', `${API}/organizers/by-slug/no-such-organizer`],
      ['DELETE', `${API}/tags/999999`],
      ['POST', `${API}/events/1`],
      ['POST', `${API}/events/3/history`],
    ),
    fc.constantFrom(...writeTargets),
  )
  .map(([[method, path], write]) => json(method, path, JSON.stringify(write.body), adminAuth));

/** Deletes by callers who may not delete, or with a stale revision. */
const refusedDelete = fc
  .tuple(
    fc.constantFrom(
      `${API}/events/3`,
      `${API}/venues/1`,
      `${API}/organizers/by-slug/fuzz-organizer`,
      `${API}/categories/1`,
      `${API}/tags/2`,
    ),
    fc.constantFrom<[string | undefined, Record<string, string>]>(
      [undefined, {}],
      [as('subscriber'), {}],
      [adminAuth, { 'if-match': '"999999"' }],
    ),
  )
  .map(([path, [auth, headers]]) => json('DELETE', path, '', auth, headers));

/** A create naming an existing term again: `term_exists` (it may reserve an id, nothing else). */
const duplicateTerm = fc
  .constantFrom(['categories', 'Fuzz category'], ['tags', 'Fuzz tag'])
  .map(([plural, name]) => json('POST', `${API}/${plural}`, JSON.stringify({ name }), adminAuth));

/** Prototype-polluting members inside an otherwise valid write: refused by the JSON parser or ignored, never merged. */
const pollutingMembers = target.chain((write) =>
  fc
    .constantFrom(...pollutingKeys)
    .map((key) =>
      json(
        write.method,
        write.path,
        JSON.stringify(
          entriesObject([
            ...Object.entries(write.body),
            [key, { polluted: true }],
            ['venue', entriesObject([[key, { polluted: true }]])],
          ]),
        ),
        undefined,
      ),
    ),
);

export const invalidWrite: fc.Arbitrary<RawRequest> = fc.oneof(
  { weight: 8, arbitrary: invalidField },
  { weight: 2, arbitrary: forbiddenCaller },
  { weight: 2, arbitrary: brokenBody },
  { weight: 2, arbitrary: staleRevision },
  { weight: 2, arbitrary: noSuchWrite },
  { weight: 2, arbitrary: refusedDelete },
  { weight: 1, arbitrary: duplicateTerm },
  { weight: 1, arbitrary: pollutingMembers },
);
