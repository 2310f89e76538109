// Request targets for fuzzing: paths built from the service's real route table, then mutated, and query strings of
// known parameter names with random, invalid, repeated and prototype-polluting values.
import fc from 'fast-check';
import { routeCatalogue } from '../../../src/http/routes/catalogue/index.ts';
import { changeArgs } from '../../../src/http/routes/changes/changeArgs.ts';
import { historyResources } from '../../../src/http/routes/history/historyResources.ts';
import { readModelDigestPath } from '../../../src/http/routes/readModel/readModelDigestRoute.ts';
import { junkText, percentEncode, scalarText } from './valueArbitraries.ts';
import { testFolding } from '../../support/memos.ts';

/** Ids the fixture creates are small; a few more reach unknown and non-event items. */
export const knownId = fc.integer({ min: 0, max: 12 }).map(String);

const idSegment = fc.oneof(
  { weight: 8, arbitrary: knownId },
  { weight: 1, arbitrary: fc.constantFrom('9'.repeat(30), '00001', '-1', '1e3', '0x1', 'abc', '1.5', '%201', '1%00') },
  { weight: 1, arbitrary: fc.bigInt({ min: 0n, max: 2n ** 70n }).map(String) },
);

/** Raw fragments a path may carry: invalid percent-encoding (truncated, overlong, surrogates, past U+10FFFF), dots. */
const percentGarbage = fc.constantFrom(
  '%E0%A4%A',
  '%',
  '%zz',
  '%00',
  '%C0%AE',
  '%2e%2e',
  '%2F',
  '..',
  '.',
  '%ED%A0%80',
  '%F4%90%80%80',
  '%FF%FE',
);
/** Bytes that are not UTF-8 sent raw in the request line: Node's parser refuses them (400 before any middleware). */
const latin1Bytes = fc.constantFrom('\u00e9', '\u00ff\u00fe', '\u0080');
const rawFragment = fc.oneof({ weight: 6, arbitrary: percentGarbage }, { weight: 1, arbitrary: latin1Bytes });

const slugSegment = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.constantFrom('fuzz-event', 'fuzz-venue', 'fuzz-organizer', 'fuzz-category', 'missing-slug'),
  },
  { weight: 3, arbitrary: scalarText.map(percentEncode) },
  { weight: 1, arbitrary: fc.array(rawFragment, { minLength: 1, maxLength: 4 }).map((parts) => parts.join('')) },
  { weight: 1, arbitrary: fc.integer({ min: 1_000, max: 12_000 }).map((n) => 's'.repeat(n)) },
);

interface RouteTemplate {
  /** The catalogue's pattern, placeholders in PCRE form. */
  readonly pattern: string;
  readonly methods: readonly string[];
}

/** Every route of the catalogue plus the service extensions, with the methods each answers. */
const routeTemplates: readonly RouteTemplate[] = [
  ...routeCatalogue.map((route) => ({
    pattern: route.pattern,
    methods: route.endpoints.flatMap((endpoint) => endpoint.methods),
  })),
  ...['/doc/events', '/changes', readModelDigestPath].map((pattern) => ({ pattern, methods: ['GET'] })),
  ...historyResources(testFolding).map((resource) => ({
    pattern: `/${resource.plural}/(?P<id>\\d+)/history`,
    methods: ['GET'],
  })),
];

const routePath = (template: RouteTemplate) =>
  fc
    .tuple(idSegment, slugSegment)
    .map(([id, slug]) => template.pattern.replace('(?P<id>\\d+)', id).replace('(?P<slug>[^/]+)', slug));

const apiRoot = fc.oneof(
  { weight: 16, arbitrary: fc.constant('/cal/events/v1') },
  { weight: 3, arbitrary: fc.constantFrom('/en/cal/events/v1', '/es/cal/events/v1', '/ca/cal/events/v1') },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      '/fr/cal/events/v1',
      '/cal/events/v2',
      '/CAL/events/v1',
      '/cal/events',
      '',
      '/cal/events/v1.',
    ),
  },
);

const suffix = fc.oneof(
  { weight: 20, arbitrary: fc.constant('') },
  {
    weight: 2,
    arbitrary: fc.constantFrom('/', '//', '/..', '/./', '/extra', '/history', '/by-slug/', '/%2e%2e/events'),
  },
  { weight: 1, arbitrary: rawFragment.map((fragment) => `/${fragment}`) },
);

/** Mutations that keep the target a legal request line (bytes 0x21–0xFF) but not a sane path. */
function mutated(path: string): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 30, arbitrary: fc.constant(path) },
    { weight: 1, arbitrary: fc.constant(path.replace(/\//g, '//')) },
    { weight: 1, arbitrary: fc.constant(`/..${path}`) },
    { weight: 1, arbitrary: fc.nat({ max: path.length }).map((at) => `${path.slice(0, at)}%${path.slice(at)}`) },
    {
      weight: 1,
      arbitrary: fc
        .tuple(fc.nat({ max: path.length }), rawFragment)
        .map(([at, f]) => `${path.slice(0, at)}${f}${path.slice(at)}`),
    },
  );
}

/** A path, usually of a real route and then sometimes broken, and the methods that route answers. */
export const fuzzTarget: fc.Arbitrary<{
  readonly path: string;
  readonly pattern: string;
  readonly methods: readonly string[];
}> = fc.constantFrom(...routeTemplates).chain((template) =>
  fc
    .tuple(apiRoot, routePath(template), suffix)
    .chain(([root, route, end]) => mutated(`${root}${route}${end}` || '/'))
    .map((path) => ({ path, pattern: template.pattern, methods: template.methods })),
);

/** Parameter names some route declares, so that random values reach the codecs rather than being ignored. */
export const knownParamNames: readonly string[] = [
  ...new Set([
    ...routeCatalogue.flatMap((route) => route.endpoints.flatMap((endpoint) => endpoint.args.map((arg) => arg.name))),
    ...changeArgs.map((arg) => arg.name),
    'detail',
    'as_of',
    'password',
  ]),
];

/** Keys that would reach `Object.prototype` through a naive `a[b][c]=` parser. */
export const pollutingQueryKeys = [
  '__proto__[polluted]',
  'constructor[prototype][polluted]',
  '__proto__',
  'prototype',
  'constructor',
];

const queryKey = fc.oneof(
  { weight: 12, arbitrary: fc.constantFrom(...knownParamNames) },
  { weight: 3, arbitrary: fc.constantFrom(...knownParamNames).map((name) => `${name}[]`) },
  { weight: 2, arbitrary: fc.constantFrom(...pollutingQueryKeys, 'a[]', '[]', '', 'a[b][c]') },
  { weight: 1, arbitrary: junkText },
);

const queryValue = fc.oneof(
  { weight: 20, arbitrary: scalarText.map(percentEncode) },
  { weight: 1, arbitrary: fc.array(rawFragment, { minLength: 1, maxLength: 3 }).map((parts) => parts.join('')) },
  { weight: 1, arbitrary: fc.constantFrom('', '1,2,3', ',,,', '+', '%20', 'a&b', 'x=y') },
);

export const fuzzQuery: fc.Arbitrary<string> = fc.oneof(
  { weight: 1, arbitrary: fc.constant('') },
  {
    weight: 1,
    arbitrary: fc
      .array(fc.tuple(queryKey.map(percentEncode), queryValue), { maxLength: 5 })
      .map((pairs) => `?${pairs.map(([key, value]) => `${key}=${value}`).join('&')}`),
  },
);
