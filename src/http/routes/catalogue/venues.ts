// Venue routes (docs/api.md §7, §9–§11): their endpoints and the argument lists request decoding uses.
import type { ArgSpec } from '../../params/argSpec.ts';
import {
  AnyString,
  AnyValue,
  BooleanLike,
  NonBlankString,
  PositiveInt,
  PostStatusInput,
  WebsiteUrl,
} from '../../params/codecs.ts';
import { itemRouteArgs } from './itemRouteArgs.ts';
import { optionalArg, requiredArg, postRoutes, type RouteSpec } from './routeSpec.ts';

/** Free-text address fields (§10.2): any string, `""` blanks. */
function textField(name: string, description: string): ArgSpec {
  return optionalArg(name, AnyString, { type: 'string', default: null, description });
}

/** Venue fields as a create declares them (§10.2); `geo_lat`/`geo_lng` are not declared by the reference. */
const venueCreateFields: readonly ArgSpec[] = [
  optionalArg('author', PositiveInt, { type: 'integer', description: 'The venue author ID' }),
  optionalArg('date', NonBlankString, { type: 'string', description: 'The venue publication date' }),
  optionalArg('date_utc', NonBlankString, {
    type: 'string',
    description: 'The venue publication date (UTC time zone)',
  }),
  requiredArg('venue', NonBlankString, { type: 'string', description: 'The venue name' }),
  textField('description', 'The venue description'),
  optionalArg('status', PostStatusInput, { type: 'string', description: 'The venue post status' }),
  // Boolean-like (never invalid), which is why the reference declares them as strings.
  optionalArg('show_map', BooleanLike, {
    type: 'string',
    default: null,
    description: 'Whether events linked to the venue should show a map or not',
  }),
  optionalArg('show_map_link', BooleanLike, {
    type: 'string',
    default: null,
    description: 'Whether events linked to the venue should show a map link or not',
  }),
  textField('address', 'The venue address'),
  textField('city', 'The venue city'),
  textField('country', 'The venue country'),
  textField('province', 'The venue province'),
  textField('state', 'The venue state'),
  textField('zip', 'The venue ZIP code'),
  textField('phone', 'The venue phone number'),
  textField('stateprovince', 'The venue state and province'),
  optionalArg('website', WebsiteUrl, { type: 'string', default: null, description: 'The venue website URL' }),
  // The reference's description says "organizer" here.
  optionalArg('image', AnyValue, {
    type: 'string',
    default: null,
    description: 'The organizer featured image ID or URL',
  }),
];

/** Every venue route's arguments. */
export const venueArgs = itemRouteArgs({ singular: 'venue', plural: 'Venues' }, venueCreateFields, false);

export const venueRoutes: readonly RouteSpec[] = postRoutes('venues', venueArgs);
