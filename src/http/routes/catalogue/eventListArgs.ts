// Arguments of `GET /events` (docs/api.md §6), in the reference's declaration order.
import { RequestDefault, type ArgSpec } from '../../params/argSpec.ts';
import { reason } from '../../../commands/errors.ts';
import {
  BooleanLike,
  FiniteNumber,
  NonBlankString,
  PositiveInt,
  StatusFilter,
  TermRef,
  TypedBoolean,
  listOf,
} from '../../params/codecs.ts';
import { addOnArg, optionalArg, pageArg, perPageArg, withLanguage } from './routeSpec.ts';

const integerItems = { type: 'integer' } as const;
// The reference documents its CSV-capable filters as form-style arrays; the term lists it borrows do not.
const csvFilter = { doc: { style: 'form' } } as const;

/**
 * The link filters (§6): lists of term references (ids, slugs or names) or of item ids, by comma or as arrays.
 * `what` completes the reference's description.
 */
function linkFilter(name: 'categories' | 'tags' | 'venue' | 'organizer', what: string): ArgSpec {
  const codec =
    name === 'categories' || name === 'tags'
      ? listOf(TermRef, false, reason('not-a-list-of-terms'))
      : listOf(PositiveInt, false, reason('not-a-list-of-ids'));
  return optionalArg(
    name,
    codec,
    { description: `Events should be assigned one of the specified ${what}`, items: integerItems },
    csvFilter,
  );
}

/** Date filters are only checked for being text here; parsing needs the site time zone (§1.3). */
function dateFilter(name: string, description: string): ArgSpec {
  return optionalArg(name, NonBlankString, { description });
}

export const eventListArgs: readonly ArgSpec[] = withLanguage(
  pageArg,
  perPageArg('events'),
  optionalArg('start_date', NonBlankString, {
    default: new RequestDefault('startDate'),
    description: 'Events that start on the specified date',
  }),
  optionalArg('end_date', NonBlankString, {
    default: new RequestDefault('endDate'),
    description: 'Events that end on the specified date',
  }),
  dateFilter('starts_before', 'Events that start before the specified date'),
  dateFilter('starts_after', 'Events that start after the specified date'),
  dateFilter('ends_before', 'Events that end before the specified date'),
  dateFilter('ends_after', 'Events that end after the specified date'),
  optionalArg(
    'strict_dates',
    BooleanLike,
    {
      default: 'false',
      description:
        'Dates set using the start_date/end_date, starts_*/ends_* are set to start at the specified times. ' +
        'The default behavior is to include the entire days.',
    },
    // A boolean for us, but the reference documents it as a string.
    { doc: { type: 'string' } },
  ),
  optionalArg('search', NonBlankString, {
    description: 'Events should contain the specified string in the title or description',
    type: 'string',
  }),
  linkFilter('categories', 'categories slugs or IDs'),
  linkFilter('tags', 'tags slugs or IDs'),
  linkFilter('venue', 'venue IDs'),
  linkFilter('organizer', 'organizer IDs'),
  optionalArg('featured', TypedBoolean, {
    type: 'boolean',
    description: 'Events should be filtered by their featured status',
  }),
  optionalArg('status', StatusFilter, { format: 'string', description: 'The event post status' }),
  addOnArg('geoloc', TypedBoolean, {
    type: 'boolean',
    description: 'Events should be filtered by whether their venue has geolocation data',
  }),
  addOnArg('geoloc_lat', FiniteNumber, {
    format: 'double',
    description: 'Events should be filtered by their venue latitude location, must also provide geoloc_lng',
  }),
  addOnArg('geoloc_lng', FiniteNumber, {
    format: 'double',
    description: 'Events should be filtered by their venue longitude location, must also provide geoloc_lat',
  }),
  optionalArg(
    'include',
    listOf(PositiveInt, false, reason('not-a-list-of-ids')),
    {
      description:
        'Include events with one of the post IDs specified in the array of CSV list, date filters will be ignored.',
      items: integerItems,
    },
    csvFilter,
  ),
  optionalArg('post_parent', PositiveInt, {
    type: 'integer',
    description: 'Events should be filtered by their post_parent being the specified one.',
  }),
  optionalArg('ticketed', TypedBoolean, { type: 'boolean', description: 'Filter events with or without tickets.' }),
);
