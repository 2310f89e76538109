// Building blocks of the route catalogue: routes, endpoints, and terse constructors for their arguments.
import type * as t from 'io-ts';
import type { ArgDocHints, ArgIndexInfo, ArgSpec } from '../../params/argSpec.ts';
import {
  AnyString,
  LANGUAGE_CODES,
  LanguageCode,
  NonEmptyString,
  NonNegativeInt,
  PositiveInt,
} from '../../params/codecs.ts';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** One handler of a route: the methods it answers and its arguments in declaration order. */
export interface EndpointSpec {
  readonly methods: readonly HttpMethod[];
  readonly args: readonly ArgSpec[];
  /**
   * The fields, in order, the reference's `/doc` lists in this update's body when they are not simply the
   * endpoint's non-path arguments (it repeats `id`/`slug` for organizers and categories, and documents the
   * by-slug event update with the by-id body).
   */
  readonly docBody?: readonly ArgSpec[];
}

/** One route of the index, endpoints in the reference's order (which is also the `Allow` order of §1.1). */
export interface RouteSpec {
  /** Path below `{api_root}` as the index spells it, placeholders in PCRE form (`/events/(?P<id>\d+)`); `''`: root. */
  readonly pattern: string;
  readonly endpoints: readonly EndpointSpec[];
  /** False for the index route itself, which the reference's `/doc` does not describe. */
  readonly documented: boolean;
}

type Codec = t.Decoder<unknown, unknown>;

interface ArgOptions {
  readonly doc?: ArgDocHints;
  readonly requiresAddOn?: boolean;
  readonly nullMeansSomething?: boolean;
}

export function optionalArg(name: string, codec: Codec, index: ArgIndexInfo, options: ArgOptions = {}): ArgSpec {
  return { name, codec, required: false, index, ...options };
}

export function requiredArg(name: string, codec: Codec, index: ArgIndexInfo, options: ArgOptions = {}): ArgSpec {
  return { name, codec, required: true, index, ...options };
}

/** The route placeholder `name`; always required since the route would not match without it. */
export function pathArg(name: string, codec: Codec, index: ArgIndexInfo): ArgSpec {
  return { name, codec, required: true, source: 'path', index };
}

/** The same field where an update may omit it (create routes require some fields, updates none). */
export function asOptional(arg: ArgSpec): ArgSpec {
  return { ...arg, required: false };
}

/** The prefix docs/api.md §14 puts on the descriptions of parameters that need the extended add-on (§16). */
export const ADD_ON_PREFIX = 'Requires the extended add-on. ';

/** An event filter of the extended add-on: flagged for §16 checks, and described as such in the index and `/doc`. */
export function addOnArg(name: string, codec: Codec, index: ArgIndexInfo & { readonly description: string }): ArgSpec {
  const described = Object.fromEntries(
    Object.entries(index).map(([key, value]) => [key, key === 'description' ? ADD_ON_PREFIX + String(value) : value]),
  );
  return { name, codec, required: false, index: described, requiresAddOn: true };
}

/** Every endpoint accepts a response language (docs/api.md §15); §14 documents it with `name` first. */
export const i18nLanguageArg: ArgSpec = optionalArg(
  'i18n_language',
  LanguageCode,
  { description: 'Response language', type: 'string', enum: LANGUAGE_CODES },
  { doc: { in: 'query', layout: 'name-first' } },
);

/** An endpoint's argument list: the declared ones, then `i18n_language`, last as §14 requires. */
export function withLanguage(...args: readonly ArgSpec[]): readonly ArgSpec[] {
  return [...args, i18nLanguageArg];
}

/** `password` on venue and organizer by-id updates: a service addition (§14), absent from the reference `/doc`. */
export const itemPasswordArg: ArgSpec = optionalArg(
  'password',
  AnyString,
  { description: 'The item password', type: 'string' },
  { doc: { hidden: true } },
);

// Shared list parameters (§5.2). `per_page` differs only in its noun.

export const pageArg = optionalArg('page', PositiveInt, {
  default: 1,
  description: 'The archive page to return',
  type: 'integer',
});

export function perPageArg(noun: string): ArgSpec {
  return optionalArg('per_page', PositiveInt, {
    default: '10',
    description: `The number of ${noun} to return on each page`,
    type: 'integer',
  });
}

/** Item ids in paths: `0` passes so that the handler can answer "not found" rather than "no route" (§9). */
export function idPathArg(description: string): ArgSpec {
  return pathArg('id', NonNegativeInt, { type: 'integer', description });
}

export function slugPathArg(description: string): ArgSpec {
  return pathArg('slug', NonEmptyString, { type: 'string', description });
}

/** The argument lists of a post-like resource (events, venues, organizers): a collection, by id and by slug. */
export interface PostRouteArgs {
  readonly list: readonly ArgSpec[];
  readonly create: readonly ArgSpec[];
  readonly read: readonly ArgSpec[];
  readonly remove: readonly ArgSpec[];
  readonly update: readonly ArgSpec[];
  readonly bySlugRead: readonly ArgSpec[];
  readonly bySlugRemove: readonly ArgSpec[];
  readonly bySlugUpdate: readonly ArgSpec[];
  readonly updateDocBody?: readonly ArgSpec[];
  readonly bySlugUpdateDocBody?: readonly ArgSpec[];
}

/** The three routes of a post-like resource, endpoints in the reference's order. */
export function postRoutes(plural: string, args: PostRouteArgs): readonly RouteSpec[] {
  const update = (list: readonly ArgSpec[], docBody?: readonly ArgSpec[]): EndpointSpec => ({
    methods: ['POST', 'PUT', 'PATCH'],
    args: list,
    ...(docBody ? { docBody } : {}),
  });
  return [
    {
      pattern: `/${plural}`,
      documented: true,
      endpoints: [
        { methods: ['GET'], args: args.list },
        { methods: ['POST'], args: args.create },
      ],
    },
    {
      pattern: `/${plural}/(?P<id>\\d+)`,
      documented: true,
      endpoints: [
        { methods: ['GET'], args: args.read },
        { methods: ['DELETE'], args: args.remove },
        update(args.update, args.updateDocBody),
      ],
    },
    {
      pattern: `/${plural}/by-slug/(?P<slug>[^/]+)`,
      documented: true,
      endpoints: [
        { methods: ['GET'], args: args.bySlugRead },
        { methods: ['DELETE'], args: args.bySlugRemove },
        update(args.bySlugUpdate, args.bySlugUpdateDocBody),
      ],
    },
  ];
}
