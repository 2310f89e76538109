// Request bodies for fuzzing: JSON objects of known fields with wrongly typed values, and every way a body can be
// broken: malformed or deeply nested JSON, over the size limit, bytes that are not UTF-8, form encoding, wrong types.
import fc from 'fast-check';
import { knownParamNames } from './pathArbitraries.ts';
import { entriesObject, jsonFieldValue, percentEncode, pollutingKeys, scalarText } from './valueArbitraries.ts';

export interface FuzzBody {
  readonly bytes: Buffer;
  /** Absent: no `Content-Type` header at all. */
  readonly contentType?: string;
  readonly contentEncoding?: string;
}

const fieldName = fc.oneof(
  { weight: 12, arbitrary: fc.constantFrom(...knownParamNames) },
  { weight: 1, arbitrary: fc.constantFrom(...pollutingKeys) },
  { weight: 1, arbitrary: fc.string({ maxLength: 8 }) },
);

/** Field entries, duplicates allowed (the last one wins in JSON.parse). */
export const fieldEntries = fc.array(fc.tuple(fieldName, jsonFieldValue(knownParamNames)), { maxLength: 8 });

export const jsonObjectBody = fieldEntries.map((entries) => JSON.stringify(entriesObject(entries)));

/** Valid bodies of each kind of write, so that fuzzed fields beside them reach the handlers rather than step 3. */
const validWrites: Readonly<Record<string, readonly Record<string, unknown>[]>> = {
  events: [
    { title: 'Fuzzed event', start_date: '2026-12-01 10:00:00', end_date: '2026-12-01 11:00:00' },
    {
      title: 'Fuzzed event',
      start_date: 'tomorrow 9am',
      end_date: '+2 days',
      venue: 1,
      organizer: [2],
      categories: [1],
      tags: ['fuzz-tag'],
    },
    {
      title: 'Fuzzed event',
      start_date: '2026-12-01',
      end_date: '2026-12-02',
      venue: { venue: 'Inline venue' },
      status: 'draft',
    },
  ],
  venues: [{ venue: 'Fuzzed venue', city: 'Girona' }],
  organizers: [{ organizer: 'Fuzzed organizer', email: 'fuzz@example.org' }],
  categories: [{ name: 'Fuzzed category' }, { name: 'Fuzzed child', parent: 1 }],
  tags: [{ name: 'Fuzzed tag' }],
};

/** The resource a route pattern writes, by its first segment. */
const resourceOf = (pattern: string): string => /^\/([a-z]+)/.exec(pattern)?.[1] ?? '';

/** A valid write for the route with up to two fields added or overridden by fuzzed ones. */
const plausibleWrite = (pattern: string) =>
  fc
    .tuple(
      fc.constantFrom({}, ...(validWrites[resourceOf(pattern)] ?? [])),
      fc.array(fc.tuple(fieldName, jsonFieldValue(knownParamNames)), { maxLength: 2 }),
    )
    .map(([base, fields]) => JSON.stringify(entriesObject([...Object.entries(base), ...fields])));

/** Nesting `depth` arrays deep inside a field: deeper than the limit, or far deeper than any stack allows. */
const deepJson = fc
  .tuple(fc.constantFrom(65, 200, 10_000, 200_000), fc.constantFrom(...knownParamNames), fc.constantFrom('[', '{"a":'))
  .map(
    ([depth, field, open]) =>
      `{${JSON.stringify(field)}:${open.repeat(depth)}1${(open === '[' ? ']' : '}').repeat(depth)}}`,
  );

/** Over the 1 MB body limit (413), or just under it. */
const hugeJson = fc
  .tuple(fc.constantFrom(900_000, 1_100_000, 2_000_000), fc.constantFrom(...knownParamNames))
  .map(([size, field]) => JSON.stringify({ [field]: 'x'.repeat(size) }));

const malformedJson = fc.oneof(
  fc.string({ maxLength: 40 }),
  jsonObjectBody.chain((text) => fc.nat({ max: text.length }).map((cut) => text.slice(0, cut))),
  fc.constantFrom(
    '',
    '{',
    '[',
    '"',
    'nul',
    '{"a":1,}',
    "{'a':1}",
    '{"a":NaN}',
    '1',
    '"title"',
    '[]',
    'null',
    'true',
    '{"__proto__":{"polluted":1}}',
  ),
);

/** JSON text carrying raw bytes that are not UTF-8 (overlong, surrogate halves, stray continuation bytes). */
const invalidUtf8 = fc
  .tuple(
    fc.constantFrom(...knownParamNames),
    fc.constantFrom([0xff, 0xfe], [0xc0, 0xae], [0xed, 0xa0, 0x80], [0x80], [0xf4, 0x90, 0x80, 0x80], [0xe0, 0xa4]),
  )
  .map(([field, bad]) => Buffer.concat([Buffer.from(`{"${field}":"a`), Buffer.from(bad), Buffer.from('b"}')]));

const formBody = fc
  .array(
    fc.tuple(
      fc.oneof(
        fieldName,
        fieldName.map((name) => `${name}[]`),
      ),
      scalarText,
    ),
    { maxLength: 8 },
  )
  .map((pairs) => pairs.map(([key, value]) => `${percentEncode(key)}=${percentEncode(value)}`).join('&'));

const jsonType = fc.constantFrom(
  'application/json',
  'application/json; charset=utf-8',
  'application/vnd.api+json',
  'application/json;;',
  'APPLICATION/JSON',
);
const otherType = fc.constantFrom(
  'text/plain',
  'multipart/form-data; boundary=x',
  'application/xml',
  'a/b',
  '',
  '*/*',
  'application/json; charset=utf-16',
  '\u00ff',
);
const formType = fc.constantFrom(
  'application/x-www-form-urlencoded',
  'application/x-www-form-urlencoded; charset=latin1',
);

const text = (contentType: fc.Arbitrary<string>) => (body: fc.Arbitrary<string>) =>
  fc.tuple(body, contentType).map(([bytes, type]): FuzzBody => ({ bytes: Buffer.from(bytes), contentType: type }));

/** A body for a request to the route of `pattern` (as the catalogue spells it). */
export const fuzzBody = (pattern: string): fc.Arbitrary<FuzzBody | undefined> =>
  fc.oneof(
    { weight: 6, arbitrary: fc.constant(undefined) },
    { weight: 6, arbitrary: text(jsonType)(jsonObjectBody) },
    { weight: 20, arbitrary: text(jsonType)(plausibleWrite(pattern)) },
    { weight: 2, arbitrary: text(jsonType)(malformedJson) },
    { weight: 1, arbitrary: text(jsonType)(deepJson) },
    { weight: 1, arbitrary: text(fc.constant('application/json'))(hugeJson) },
    {
      weight: 1,
      arbitrary: fc.tuple(invalidUtf8, jsonType).map(([bytes, type]): FuzzBody => ({ bytes, contentType: type })),
    },
    { weight: 3, arbitrary: text(formType)(formBody) },
    { weight: 1, arbitrary: text(otherType)(fc.oneof(jsonObjectBody, formBody)) },
    { weight: 1, arbitrary: jsonObjectBody.map((body): FuzzBody => ({ bytes: Buffer.from(body) })) },
    {
      weight: 1,
      arbitrary: fc
        .tuple(jsonObjectBody, fc.constantFrom('gzip', 'deflate', 'br', 'x-junk', 'identity'))
        .map(([body, encoding]): FuzzBody => ({
          bytes: Buffer.from(body),
          contentType: 'application/json',
          contentEncoding: encoding,
        })),
    },
  );
