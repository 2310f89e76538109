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
import { linkedItemListArgs } from './linkedItemListArgs.ts';
import {
  asOptional,
  idPathArg,
  itemPasswordArg,
  optionalArg,
  requiredArg,
  slugPathArg,
  postRoutes,
  withLanguage,
  type RouteSpec,
} from './routeSpec.ts';

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

const organizerUpdateFields = organizerCreateFields.map(asOptional);
const organizerIdArg = idPathArg('the organizer post ID');
const organizerSlugPathArg = slugPathArg('the organizer post name');

export const organizerListArgs = linkedItemListArgs('Organizers');
export const organizerCreateArgs = withLanguage(...organizerCreateFields);
export const organizerReadArgs = withLanguage(organizerIdArg);
export const organizerDeleteArgs = withLanguage(organizerIdArg);
export const organizerUpdateArgs = withLanguage(organizerIdArg, itemPasswordArg, ...organizerUpdateFields);
export const organizerBySlugReadArgs = withLanguage(organizerSlugPathArg);
export const organizerBySlugDeleteArgs = withLanguage(organizerSlugPathArg);
export const organizerBySlugUpdateArgs = withLanguage(organizerSlugPathArg, ...organizerUpdateFields);

export const organizerRoutes: readonly RouteSpec[] = postRoutes('organizers', {
  list: organizerListArgs,
  create: organizerCreateArgs,
  read: organizerReadArgs,
  remove: organizerDeleteArgs,
  update: organizerUpdateArgs,
  bySlugRead: organizerBySlugReadArgs,
  bySlugRemove: organizerBySlugDeleteArgs,
  bySlugUpdate: organizerBySlugUpdateArgs,
  updateDocBody: [organizerIdArg, ...organizerUpdateFields],
  bySlugUpdateDocBody: [organizerSlugPathArg, ...organizerUpdateFields],
});
