// Category and tag routes (docs/api.md §8, §9–§11): their endpoints and the argument lists request decoding uses.
import type { ArgSpec } from '../../params/argSpec.ts';
import { reason } from '../../../commands/errors.ts';
import {
  NonBlankString,
  NonEmptyString,
  NonNegativeInt,
  PositiveInt,
  TypedBoolean,
  listOf,
} from '../../params/codecs.ts';
import {
  asOptional,
  idPathArg,
  optionalArg,
  pageArg,
  perPageArg,
  requiredArg,
  withLanguage,
  type RouteSpec,
} from './routeSpec.ts';

type Taxonomy = 'category' | 'tag';

const integerItems = { type: 'integer' } as const;
const idList = listOf(PositiveInt, false, reason('not-a-list-of-ids'));

/** `GET /categories` and `GET /tags` (§8); only categories have `parent`. */
function termListArgs(taxonomy: Taxonomy): readonly ArgSpec[] {
  const parent = optionalArg('parent', NonNegativeInt, {
    description: 'Limit result set to terms assigned to a specific parent',
    type: 'integer',
  });
  return withLanguage(
    pageArg,
    perPageArg(taxonomy === 'category' ? 'event categories' : 'event tags'),
    optionalArg('search', NonEmptyString, { description: 'Limit results to those matching a string', type: 'string' }),
    optionalArg('exclude', idList, { description: 'Ensure result set exclude specific IDs', items: integerItems }),
    optionalArg('include', idList, { description: 'Limit result set to specific IDs', items: integerItems }),
    // Any non-empty value is accepted: unknown ones fall back to `asc` / `name` (§8).
    optionalArg('order', NonEmptyString, {
      description: 'Order sort attribute ascending or descending',
      type: 'string',
    }),
    optionalArg('orderby', NonEmptyString, { description: 'Sort collection by term attribute', type: 'string' }),
    optionalArg('hide_empty', TypedBoolean, {
      description: 'Whether to hide terms not assigned to any posts',
      type: 'boolean',
      default: '1',
    }),
    ...(taxonomy === 'category' ? [parent] : []),
    optionalArg('post', PositiveInt, {
      description: 'Limit result set to terms assigned to a specific post',
      type: 'integer',
    }),
    optionalArg('event', PositiveInt, {
      description: 'Limit result set to terms assigned to a specific event (an alias of the "post" parameter)',
      type: 'integer',
    }),
    optionalArg('slug', NonEmptyString, {
      description: 'Limit result set to terms with a specific slug',
      type: 'string',
    }),
  );
}

/** Term fields as a create declares them (§10.3): `""` is invalid in every one of them. */
function termCreateFields(taxonomy: Taxonomy): readonly ArgSpec[] {
  const noun = `event ${taxonomy}`;
  const fields = [
    requiredArg('name', NonBlankString, { type: 'string', description: `The ${noun} name` }),
    optionalArg('description', NonEmptyString, { type: 'string', description: `The ${noun} description` }),
    optionalArg('slug', NonEmptyString, { type: 'string', description: `The ${noun} slug` }),
  ];
  // "slug" is the reference's description of `parent`, copied as is.
  const parent = optionalArg('parent', NonNegativeInt, { type: 'integer', description: `The ${noun} slug` });
  return taxonomy === 'category' ? [...fields, parent] : fields;
}

const categoryIdArg = idPathArg('the event category term ID');
const tagIdArg = idPathArg('the event tag term ID');

const categoryUpdateFields = termCreateFields('category').map(asOptional);
const tagUpdateFields = termCreateFields('tag').map(asOptional);

export const categoryListArgs = termListArgs('category');
export const categoryCreateArgs = withLanguage(...termCreateFields('category'));
export const categoryReadArgs = withLanguage(categoryIdArg);
export const categoryUpdateArgs = withLanguage(categoryIdArg, ...categoryUpdateFields);
export const categoryDeleteArgs = withLanguage(categoryIdArg);

export const tagListArgs = termListArgs('tag');
export const tagCreateArgs = withLanguage(...termCreateFields('tag'));
export const tagReadArgs = withLanguage(tagIdArg);
export const tagUpdateArgs = withLanguage(tagIdArg, ...tagUpdateFields);
export const tagDeleteArgs = withLanguage(tagIdArg);

export const termRoutes: readonly RouteSpec[] = [
  {
    pattern: '/categories',
    documented: true,
    endpoints: [
      { methods: ['GET'], args: categoryListArgs },
      { methods: ['POST'], args: categoryCreateArgs },
    ],
  },
  {
    pattern: '/categories/(?P<id>\\d+)',
    documented: true,
    endpoints: [
      { methods: ['GET'], args: categoryReadArgs },
      {
        methods: ['POST', 'PUT', 'PATCH'],
        args: categoryUpdateArgs,
        docBody: [categoryIdArg, ...categoryUpdateFields],
      },
      { methods: ['DELETE'], args: categoryDeleteArgs },
    ],
  },
  {
    pattern: '/tags',
    documented: true,
    endpoints: [
      { methods: ['GET'], args: tagListArgs },
      { methods: ['POST'], args: tagCreateArgs },
    ],
  },
  {
    pattern: '/tags/(?P<id>\\d+)',
    documented: true,
    endpoints: [
      { methods: ['GET'], args: tagReadArgs },
      { methods: ['POST', 'PUT', 'PATCH'], args: tagUpdateArgs },
      { methods: ['DELETE'], args: tagDeleteArgs },
    ],
  },
];
