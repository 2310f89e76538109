// Event routes (docs/api.md §6, §9–§11): their endpoints and the argument lists request decoding uses.
import type { ArgSpec } from '../../params/argSpec.ts';
import { reason } from '../../../commands/errors.ts';
import {
  AnyString,
  AnyValue,
  NonBlankString,
  NonEmptyString,
  PositiveInt,
  PostStatusInput,
  TermRef,
  TypedBoolean,
  WebsiteUrl,
  listOf,
  oneOfStrings,
} from '../../params/codecs.ts';
import { eventListArgs } from './eventListArgs.ts';
import {
  asOptional,
  idPathArg,
  optionalArg,
  requiredArg,
  slugPathArg,
  postRoutes,
  withLanguage,
  type RouteSpec,
} from './routeSpec.ts';

export { eventListArgs };

const integerItems = { type: 'integer' } as const;

/** Typed boolean fields (§10.1) declared `boolean` in the index. */
function flag(name: string, description: string): ArgSpec {
  return optionalArg(name, TypedBoolean, { type: 'boolean', description });
}

/** The body `slug` (a new slug), distinct from the by-slug path placeholder. */
const eventSlugField = optionalArg('slug', NonEmptyString, { type: 'string', description: 'The event slug' });

/**
 * Event fields as a create declares them (§10.1). Values needing context (dates, time zone, image,
 * cost, linked venues and organizers) are only checked for shape here; handlers check the rest.
 */
const eventCreateFields: readonly ArgSpec[] = [
  optionalArg('author', PositiveInt, { type: 'integer', description: 'The event author ID' }),
  optionalArg('date', NonBlankString, { type: 'string', description: 'The event publication date' }),
  optionalArg('date_utc', NonBlankString, {
    type: 'string',
    description: 'The event publication date (UTC time zone)',
  }),
  requiredArg('title', NonBlankString, { type: 'string', description: 'The event title' }),
  optionalArg('description', AnyString, { type: 'string', description: 'The event description' }),
  eventSlugField,
  optionalArg('excerpt', AnyString, { type: 'string', description: 'The event excerpt' }),
  optionalArg('status', PostStatusInput, { type: 'string', description: 'The event post status' }),
  optionalArg('timezone', AnyString, { type: 'string', description: 'The event time zone' }),
  optionalArg('all_day', TypedBoolean, {
    default: false,
    type: 'boolean',
    description: 'Whether the event lasts the whole day or not',
  }),
  requiredArg('start_date', NonBlankString, { type: 'string', description: 'The event start date and time' }),
  requiredArg('end_date', NonBlankString, { type: 'string', description: 'The event end date and time' }),
  optionalArg('image', AnyValue, { type: 'string', description: 'The event featured image ID or URL' }),
  optionalArg('cost', AnyValue, { description: 'The event cost' }),
  optionalArg('website', WebsiteUrl, { default: null, description: 'The event website URL' }),
  flag('show_map', 'Whether the event should show a map or not'),
  flag('show_map_link', 'Whether the event should show a map link or not'),
  flag('hide_from_listings', 'Whether events should be hidden in the calendar view or not'),
  flag('sticky', 'Whether the event should be sticky in the calendar view or not'),
  flag('featured', 'Whether the event should be featured on the site or not'),
  optionalArg('categories', listOf(TermRef, true, reason('not-a-list-of-terms')), {
    default: null,
    items: integerItems,
    description: 'The event category ID or name',
  }),
  optionalArg('tags', listOf(TermRef, true, reason('not-a-list-of-terms')), {
    default: null,
    items: integerItems,
    description: 'The event tag ID or name',
  }),
  optionalArg('venue', AnyValue, { default: null, items: integerItems, description: 'The event venue IDs or data' }),
  optionalArg('organizer', AnyValue, {
    default: null,
    items: integerItems,
    description: 'The event organizer IDs or data',
  }),
];

/** Updates change only what is sent (§10.1), so nothing is required. */
/**
 * `recurrence` (docs/api.md §20.1): RFC 5545 lines, checked by the handler against the event as the write leaves it;
 * a service addition, so the reference's `/doc` does not list it.
 */
const recurrenceArg = optionalArg(
  'recurrence',
  AnyValue,
  {
    description:
      'Service addition (docs/api.md §20.1): the RFC 5545 RRULE, RDATE and EXDATE lines of a recurring series, a ' +
      'list or one line as text; [] or null ends the series',
  },
  { doc: { hidden: true }, nullMeansSomething: true },
);

/** `recurrence_scope` (docs/api.md §20.3): `following` on an occurrence splits the series there. */
const recurrenceScopeArg = optionalArg(
  'recurrence_scope',
  oneOfStrings('recurrence_scope', ['this', 'following']),
  {
    description:
      'Service addition (docs/api.md §20.3): on an occurrence of a series, this (the default) changes that ' +
      'occurrence only; following splits the series there, a new series starting at it with the written fields',
    type: 'string',
    enum: ['this', 'following'],
  },
  { doc: { hidden: true } },
);

const eventUpdateFields = [...eventCreateFields, recurrenceArg, recurrenceScopeArg].map(asOptional);

const eventIdArg = idPathArg('the event post ID');
/** Unlocks a protected event on reads (§12) and sets its password on by-id updates (§10.1). */
const eventPasswordArg = optionalArg(
  'password',
  AnyString,
  { type: 'string', description: 'The event password' },
  // The reference documents it as an optional path parameter, which OpenAPI 3.0 forbids (path parameters are
  // required); `/doc` documents it where it is actually read, the query string, so the document validates.
  { doc: { in: 'query' } },
);
const eventSlugPathArg = slugPathArg('the event post name');

export const eventCreateArgs = withLanguage(...eventCreateFields, recurrenceArg);
export const eventReadArgs = withLanguage(eventIdArg, eventPasswordArg);
export const eventDeleteArgs = withLanguage(eventIdArg, eventPasswordArg);
export const eventUpdateArgs = withLanguage(eventIdArg, eventPasswordArg, ...eventUpdateFields);
export const eventBySlugReadArgs = withLanguage(eventSlugPathArg);
export const eventBySlugDeleteArgs = withLanguage(eventSlugPathArg);
/**
 * The reference declares only the body `slug` here (the new slug, §10.1): the event is identified by
 * the path segment, which the router supplies and which is not an argument of this list.
 */
export const eventBySlugUpdateArgs = withLanguage(
  eventSlugField,
  ...eventUpdateFields.filter((arg) => arg.name !== 'slug'),
);

export const eventRoutes: readonly RouteSpec[] = postRoutes('events', {
  list: eventListArgs,
  create: eventCreateArgs,
  read: eventReadArgs,
  remove: eventDeleteArgs,
  update: eventUpdateArgs,
  bySlugRead: eventBySlugReadArgs,
  bySlugRemove: eventBySlugDeleteArgs,
  bySlugUpdate: eventBySlugUpdateArgs,
  bySlugUpdateDocBody: eventUpdateFields,
});
