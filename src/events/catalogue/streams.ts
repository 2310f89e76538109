// The stream families of the store (docs/architecture.md §4):
// how streams are named and which event types each one holds.
import type { CatalogueType } from './index.ts';

export interface StreamParameter {
  readonly description: string;
  /** The only values the service writes, when they are few. */
  readonly enum?: readonly string[];
  readonly examples?: readonly string[];
}

export interface StreamFamily {
  /** A short identifier of the family (the document's channel id). */
  readonly id: string;
  /** The stream name with `{parameters}`; the category is the text before the first `-`. */
  readonly address: string;
  readonly parameters: Readonly<Record<string, StreamParameter>>;
  readonly description: string;
  readonly eventTypes: readonly CatalogueType[];
}

const languages = ['ca', 'en', 'es'] as const;
const resourceKinds = ['event', 'venue', 'organizer', 'category', 'tag'] as const;

const postId: StreamParameter = {
  description: 'Numeric id from the sequence events, venues and organizers share (the `id` of the REST API).',
  examples: ['7'],
};
const termId: StreamParameter = {
  description: 'Numeric id from the sequence categories and tags share.',
  examples: ['2'],
};
const language: StreamParameter = { description: 'Language of the item.', enum: languages };
const sha256Hex = (of: string): StreamParameter => ({ description: `SHA-256 (lower-case hex) of ${of}.` });

/** What a calendar event's stream holds: its own life and, on a series item's stream, the series. */
export const eventStreamTypes = [
  'EventScheduled',
  'EventDetailsChanged',
  'EventTrashed',
  'EventRecurrenceSet',
  'EventRecurrenceRemoved',
  'EventOccurrenceChanged',
  'EventOccurrenceCancelled',
  'EventSeriesSplit',
] as const satisfies readonly CatalogueType[];

/** Resource streams first (what most consumers want), then users, then the registries that keep identity unique. */
export const streamFamilies: readonly StreamFamily[] = [
  {
    id: 'event',
    address: 'event-{id}',
    parameters: { id: postId },
    description:
      "The life of one calendar event; for a recurring series, the series item's stream also holds the series: its " +
      'rule and the occurrences it planned (docs/api.md §20).',
    eventTypes: eventStreamTypes,
  },
  {
    id: 'venue',
    address: 'venue-{id}',
    parameters: { id: postId },
    description: 'The life of one venue.',
    eventTypes: ['VenueRegistered', 'VenueDetailsChanged', 'VenueTrashed'],
  },
  {
    id: 'organizer',
    address: 'organizer-{id}',
    parameters: { id: postId },
    description: 'The life of one organizer.',
    eventTypes: ['OrganizerRegistered', 'OrganizerDetailsChanged', 'OrganizerTrashed'],
  },
  {
    id: 'category',
    address: 'category-{id}',
    parameters: { id: termId },
    description: 'The life of one category.',
    eventTypes: ['CategoryCreated', 'CategoryChanged', 'CategoryDeleted'],
  },
  {
    id: 'tag',
    address: 'tag-{id}',
    parameters: { id: termId },
    description: 'The life of one tag.',
    eventTypes: ['TagCreated', 'TagChanged', 'TagDeleted'],
  },
  {
    id: 'user',
    address: 'user-{id}',
    parameters: { id: { description: 'Numeric user id (its own sequence).', examples: ['1'] } },
    description: 'One user account. Holds password hashes: keep these streams away from anyone who is not an operator.',
    eventTypes: ['UserRegistered', 'UserRoleChanged', 'UserPasswordChanged', 'UserPasswordRevoked'],
  },
  {
    id: 'idBlocks',
    address: 'ids-{sequence}',
    parameters: {
      sequence: {
        description: '`post` (events, venues, organizers), `term` (categories, tags) or `user`.',
        enum: ['post', 'term', 'user'],
      },
    },
    description:
      'Id allocation: each writer reserves blocks of ids with optimistic concurrency, so ids stay ' +
      'unique across instances.',
    eventTypes: ['IdBlockReserved'],
  },
  {
    id: 'slugClaims',
    address: 'slug-{kind}-{language}-{slug}',
    parameters: {
      kind: { description: 'Resource kind the slug belongs to.', enum: resourceKinds },
      language,
      slug: { description: 'The claimed slug (it may itself contain `-`).', examples: ['jazz-night'] },
    },
    description: 'Who holds a slug: the last event names the owner stream (`event-7`), or nobody after a release.',
    eventTypes: ['SlugReserved', 'SlugReleased'],
  },
  {
    id: 'loginClaims',
    address: 'login-{loginSha256}',
    parameters: { loginSha256: sha256Hex('the lower-cased login') },
    description: 'Which user holds a login (logins are unique ignoring case); owner is `user-<id>`.',
    eventTypes: ['SlugReserved', 'SlugReleased'],
  },
  {
    id: 'translationClaims',
    address: 'translation-{kind}-{root}-{language}',
    parameters: {
      kind: { description: 'Resource kind of the translation group.', enum: resourceKinds },
      root: { description: 'Id of the group root item.', examples: ['7'] },
      language,
    },
    description: 'Which item is the translation of a group into a language (one per language and group).',
    eventTypes: ['SlugReserved', 'SlugReleased'],
  },
  {
    id: 'categoryNameClaims',
    address: 'termname-category-{language}-{parent}-{nameSha256}',
    parameters: {
      language,
      parent: { description: 'Id of the parent category, `0` at the top level.', examples: ['0'] },
      nameSha256: sha256Hex('the lower-cased name'),
    },
    description: 'Which category holds a name under a parent, in a language (names are unique ignoring case).',
    eventTypes: ['TermNameClaimed', 'TermNameReleased'],
  },
  {
    id: 'tagNameClaims',
    address: 'termname-tag-{language}-{nameSha256}',
    parameters: { language, nameSha256: sha256Hex('the lower-cased name') },
    description: 'Which tag holds a name in a language (names are unique ignoring case).',
    eventTypes: ['TermNameClaimed', 'TermNameReleased'],
  },
  {
    id: 'image',
    address: 'image-{id}',
    parameters: { id: postId },
    description: 'An external image record (nothing is fetched; the URL is kept as given).',
    eventTypes: ['ImageRegistered'],
  },
  {
    id: 'imageUrl',
    address: 'imageurl-{urlSha256}',
    parameters: { urlSha256: sha256Hex('the image URL') },
    description: 'The image record an URL maps to, so that the same URL reuses the same record.',
    eventTypes: ['ImageUrlClaimed'],
  },
  {
    id: 'icsUid',
    address: 'icsuid-{uidSha256}',
    parameters: { uidSha256: sha256Hex('the UID of an imported calendar entry') },
    description: 'The event an imported calendar entry became, and the version of the entry last imported.',
    eventTypes: ['IcsUidImported'],
  },
  {
    id: 'adminBootstrap',
    address: 'bootstrap-admin',
    parameters: {},
    description: 'The one process that creates the first administrator of a store.',
    eventTypes: ['AdminBootstrapClaimed'],
  },
];
