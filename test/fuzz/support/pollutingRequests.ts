// Requests that would pollute `Object.prototype` through a naive parser or merge: in query strings, form bodies
// (`a[b]=`, `a.b=`), JSON members at any depth, and inline venue and organizer objects.
import fc from 'fast-check';
import { adminAuth } from '../../support/testService.ts';
import { fuzzTarget } from './pathArbitraries.ts';
import type { RawRequest } from './rawHttp.ts';
import { entriesObject, pollutingKeys } from './valueArbitraries.ts';
import { describeRequest } from './wireResponse.ts';

/** The member a successful pollution would add to every object. */
export const pollutionMarker = 'polluted';

/** Flat keys a parser could expand into a path through a prototype (qs expands both brackets and dots). */
const pollutingPaths = [
  `__proto__[${pollutionMarker}]`,
  `__proto__.${pollutionMarker}`,
  `constructor[prototype][${pollutionMarker}]`,
  `constructor.prototype.${pollutionMarker}`,
  `title[__proto__][${pollutionMarker}]`,
  `venue[constructor][prototype][${pollutionMarker}]`,
  `categories[__proto__][]`,
  '__proto__',
  'constructor',
  'prototype',
  'hasOwnProperty',
  'toString',
];

const encodedPair = fc
  .tuple(fc.constantFrom(...pollutingPaths), fc.constantFrom('1', 'true', 'x', ''))
  .map(([key, value]) => `${encodeURIComponent(key)}=${value}`);
const rawPair = fc
  .tuple(fc.constantFrom(...pollutingPaths), fc.constantFrom('1', 'true'))
  .map(([key, value]) => `${key}=${value}`);
const pollutingQuery = fc
  .array(fc.oneof(encodedPair, rawPair), { minLength: 1, maxLength: 4 })
  .map((pairs) => pairs.join('&'));

const polluter = (key: string) =>
  entriesObject([
    [
      key,
      entriesObject([
        [pollutionMarker, true],
        ['prototype', { [pollutionMarker]: true }],
      ]),
    ],
  ]);

/** Members that reach `Object.prototype` if merged naively, beside valid fields, at the top or inside a field. */
const pollutingJson = fc
  .tuple(
    fc.constantFrom<Record<string, unknown>>(
      { title: 'Polluting event', start_date: '2026-12-01 10:00:00', end_date: '2026-12-01 11:00:00' },
      { venue: 'Polluting venue', organizer: 'Polluting organizer', name: 'Polluting term' },
    ),
    fc.constantFrom(...pollutingKeys),
    fc.constantFrom('top', 'venue', 'organizer', 'cost', 'categories'),
  )
  .map(([base, key, where]) => {
    const members = Object.entries(base);
    if (where === 'top')
      return JSON.stringify(
        entriesObject([...members, ...Object.entries(polluter(key)).map(([k, v]) => [k, v] as const)]),
      );
    const inner =
      where === 'categories'
        ? [polluter(key)]
        : entriesObject([['venue', 'Inline'], ['organizer', 'Inline'], ...Object.entries(polluter(key))]);
    return JSON.stringify(entriesObject([...members, [where, inner]]));
  });

const pollutingBody = fc.oneof(
  pollutingJson.map((text) => ({ type: 'application/json', bytes: Buffer.from(text) })),
  pollutingQuery.map((text) => ({
    type: 'application/x-www-form-urlencoded',
    bytes: Buffer.from(`title=Form&name=Form&${text}`),
  })),
);

export const pollutingRequest: fc.Arbitrary<RawRequest> = fc
  .tuple(
    fuzzTarget,
    fc.constantFrom('GET', 'POST', 'PUT', 'PATCH'),
    fc.option(pollutingQuery, { nil: undefined }),
    fc.option(pollutingBody, { nil: undefined }),
    fc.boolean(),
  )
  .map(([target, method, query, body, asAdmin]) => {
    const headers: Record<string, string> = {};
    if (asAdmin) headers.authorization = adminAuth;
    if (body) headers['content-type'] = body.type;
    const req: RawRequest = {
      method,
      path: query ? `${target.path}?${query}` : target.path,
      headers,
      ...(body ? { body: body.bytes } : {}),
    };
    return Object.defineProperty(req, fc.toStringMethod, { value: () => describeRequest(req) });
  });
