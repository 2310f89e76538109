// Organizer routes (docs/api.md §7, §9–§11): their endpoints and the argument lists request decoding uses.
import type { ArgIndexInfo, ArgSpec } from '../../params/argSpec.ts';
import type * as t from 'io-ts';
import {
  AnyString,
  AnyValue,
  EmailAddress,
  NonBlankString,
  PositiveInt,
  PostStatusInput,
  WebsiteUrl,
} from '../../params/codecs.ts';
import { itemRouteArgs } from './itemRouteArgs.ts';
import { optionalArg, requiredArg, postRoutes, type RouteSpec } from './routeSpec.ts';

/** Every organizer field shows `default: null` in the reference's index. */
function field(name: string, codec: t.Decoder<unknown, unknown>, type: ArgIndexInfo['type'], description: string) {
  return optionalArg(name, codec, { type, default: null, description });
}

/** Organizer fields as a create declares them (§10.2); `email` must look like an address (or be `""`). */
const organizerCreateFields: readonly ArgSpec[] = [
  field('author', PositiveInt, 'integer', 'The organizer author ID'),
  field('date', NonBlankString, 'string', 'The organizer publication date'),
  field('date_utc', NonBlankString, 'string', 'The organizer publication date (UTC time zone)'),
  requiredArg('organizer', NonBlankString, { type: 'string', default: null, description: 'The organizer name' }),
  field('description', AnyString, 'string', 'The organizer description'),
  field('status', PostStatusInput, 'string', 'The organizer post status'),
  field('phone', AnyString, 'string', 'The organizer phone number'),
  field('website', WebsiteUrl, 'string', 'The organizer website'),
  field('email', EmailAddress, 'string', 'The organizer e-mail address'),
  field('image', AnyValue, 'string', 'The organizer featured image ID or URL'),
];

/** Every organizer route's arguments; `/doc` documents the update body, as the reference's index does. */
export const organizerArgs = itemRouteArgs(
  { singular: 'organizer', plural: 'Organizers' },
  organizerCreateFields,
  true,
);

export const organizerRoutes: readonly RouteSpec[] = postRoutes('organizers', organizerArgs);
