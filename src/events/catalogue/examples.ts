// One example of the data of each event type and kept older version, shown in the published catalogue.
import type * as t from 'io-ts';
import type { EventFacts } from './calendarEvents.ts';
import type { CatalogueType, DomainEvent } from './index.ts';
import type { EventFactsV1 } from './legacy/calendarEventsV1.ts';
import type { OrganizerFactsV1 } from './legacy/organizersV1.ts';
import type { VenueDetailsChangedV1, VenueFactsV1 } from './legacy/venuesV1.ts';
import type { VenueFactsV2 } from './legacy/venuesV2.ts';
import type { OrganizerFacts } from './organizers.ts';
import type { VenueFacts } from './venues.ts';

const published = { language: 'en', author: '1', status: 'publish', publishedUtc: '2026-11-22 10:52:28' } as const;

const eventFacts: EventFacts = {
  ...published,
  title: 'Jazz Night',
  description: 'Live quartet.',
  excerpt: '',
  slug: 'jazz-night',
  timezone: 'Europe/Madrid',
  allDay: false,
  start: '2026-12-04 21:00:00',
  end: '2026-12-04 23:00:00',
  startUtc: '2026-12-04 20:00:00',
  endUtc: '2026-12-04 22:00:00',
  cost: { entries: ['10', '15'] },
  website: 'https://example.com/jazz',
  showMap: true,
  showMapLink: true,
  hideFromListings: false,
  sticky: false,
  featured: false,
  image: { id: 9, url: 'https://example.com/poster.jpg' },
  categories: [2],
  tags: [3],
  venues: [4],
  organizers: [5],
  passwordHash: null,
};
const { passwordHash: _eventHash, ...eventFactsBeforeRename } = eventFacts;
const eventFactsV1: t.TypeOf<typeof EventFactsV1> = { ...eventFactsBeforeRename, passwordSha256: null };

const venueText = {
  ...published,
  name: 'Main Hall',
  description: '',
  excerpt: '',
  slug: 'main-hall',
  image: null,
  address: 'Carrer Major 1',
  city: 'Barcelona',
  country: 'Spain',
  province: 'Barcelona',
  state: '',
  stateprovince: '',
  zip: '08001',
  phone: '',
  website: 'https://example.com/hall',
  showMap: true,
  showMapLink: true,
} as const;
const venueFacts: VenueFacts = { ...venueText, geo: { lat: 41.3874, lng: 2.1686 }, passwordHash: null };
const venueFactsV1: t.TypeOf<typeof VenueFactsV1> = {
  ...venueText,
  geoLat: 41.3874,
  geoLng: 2.1686,
  passwordSha256: null,
};
const venueFactsV2: t.TypeOf<typeof VenueFactsV2> = {
  ...venueText,
  geo: { lat: 41.3874, lng: 2.1686 },
  passwordSha256: null,
};

const organizerFacts: OrganizerFacts = {
  ...published,
  name: 'Ada Events',
  description: '',
  excerpt: '',
  slug: 'ada-events',
  image: null,
  phone: '',
  website: '',
  email: 'ada@example.com',
  passwordHash: null,
};
const { passwordHash: _organizerHash, ...organizerFactsBeforeRename } = organizerFacts;
const organizerFactsV1: t.TypeOf<typeof OrganizerFactsV1> = { ...organizerFactsBeforeRename, passwordSha256: null };

/** A made-up unsalted SHA-256 digest, as the first versions recorded passwords: read as `passwordHash`. */
const legacyDigest = '5e884898da28047151d0e56f8dc6292773603d0d6aabbdd62a11ef721d1542d8';

/** A made-up argon2id PHC string: the shape, not anybody's hash. */
const passwordHash = '$argon2id$v=19$m=19456,t=2,p=1$c2FsdHNhbHQ$aGFzaGhhc2hoYXNoaGFzaA';

/** The mapped type makes a catalogue type without an example a compile error. */
export const exampleData: { readonly [K in CatalogueType]: Extract<DomainEvent, { type: K }>['data'] } = {
  EventScheduled: { id: 7, facts: eventFacts },
  EventDetailsChanged: { id: 7, changes: { title: 'Blues Night', cost: null } },
  EventTrashed: { id: 7, previousStatus: 'publish', slug: 'jazz-night__trashed' },
  EventRecurrenceSet: {
    id: 7,
    recurrence: ['RRULE:FREQ=WEEKLY;COUNT=3'],
    occurrences: [
      { id: 8, slug: 'jazz-night-2026-05-13', originalStart: '2026-05-13 20:00:00' },
      { id: 9, slug: 'jazz-night-2026-05-20', originalStart: '2026-05-20 20:00:00' },
    ],
    removed: [],
  },
  EventRecurrenceRemoved: { id: 7, removed: [8, 9] },
  EventOccurrenceChanged: { id: 7, occurrence: 8, changes: { title: 'Jazz Night: guest quartet' } },
  EventSeriesSplit: {
    id: 7,
    occurrence: 9,
    originalStart: '2026-05-20 20:00:00',
    newSeries: 12,
    recurrence: ['RRULE:FREQ=WEEKLY;UNTIL=20260520T195959'],
    removed: [9],
    newSeriesStart: {
      facts: {
        ...eventFacts,
        title: 'Jazz Night: late set',
        slug: '',
        start: '2026-05-20 21:00:00',
        end: '2026-05-20 23:00:00',
        startUtc: '2026-05-20 19:00:00',
        endUtc: '2026-05-20 21:00:00',
      },
      recurrence: ['RRULE:FREQ=WEEKLY;COUNT=1'],
    },
  },
  EventOccurrenceCancelled: {
    id: 7,
    occurrence: 9,
    originalStart: '2026-05-20 20:00:00',
    exdate: 'EXDATE;TZID=Europe/Madrid:20260520T200000',
  },
  IdBlockReserved: { first: 101, last: 200 },
  SlugReserved: { owner: 'event-7' },
  SlugReleased: { owner: 'event-7' },
  UserRegistered: { id: 3, login: 'ada', displayName: 'Ada', role: 'editor', passwordHash },
  UserRoleChanged: { id: 3, role: 'author' },
  UserPasswordChanged: { id: 3, passwordHash },
  UserPasswordRevoked: { id: 3 },
  AdminBootstrapClaimed: {},
  ImageRegistered: { id: 9, url: 'https://example.com/poster.jpg' },
  ImageUrlClaimed: { id: 9 },
  IcsUidImported: { id: 7, uid: 'a1b2c3@calendar.example', sequence: 2, lastModified: '2027-03-01T09:30:00.000Z' },
  CategoryCreated: { id: 2, facts: { language: 'en', name: 'Concerts', slug: 'concerts', description: '', parent: 0 } },
  CategoryChanged: { id: 2, changes: { name: 'Live music', slug: 'live-music' } },
  CategoryDeleted: { id: 2 },
  TagCreated: { id: 3, facts: { language: 'es', name: 'Jazz', slug: 'jazz', description: '' }, translationOf: 12 },
  TagChanged: { id: 3, changes: { description: 'Jazz en directo' } },
  TagDeleted: { id: 3 },
  TermNameClaimed: { owner: 'category-2' },
  TermNameReleased: { owner: 'category-2' },
  VenueRegistered: { id: 4, facts: venueFacts },
  VenueDetailsChanged: { id: 4, changes: { geo: { lat: 41.3851, lng: 2.1734 } } },
  VenueTrashed: { id: 4, previousStatus: 'publish', slug: 'main-hall__trashed' },
  OrganizerRegistered: { id: 5, facts: organizerFacts },
  OrganizerDetailsChanged: { id: 5, changes: { email: 'events@example.com' } },
  OrganizerTrashed: { id: 5, previousStatus: 'draft', slug: 'ada-events__trashed' },
};

const { newSeriesStart: _newSeriesStart, ...splitBeforeStartRecorded } = exampleData.EventSeriesSplit;

/** Examples of the earlier versions the catalogue keeps, by type and version. */
export const earlierExampleData: { readonly [type: string]: Readonly<Record<number, unknown>> } = {
  EventScheduled: { 1: { id: 7, facts: eventFactsV1 } },
  EventDetailsChanged: { 1: { id: 7, changes: { passwordSha256: legacyDigest } } },
  // Version 1 recorded no start of the new series.
  EventSeriesSplit: { 1: splitBeforeStartRecorded },
  VenueRegistered: { 1: { id: 4, facts: venueFactsV1 }, 2: { id: 4, facts: venueFactsV2 } },
  // One coordinate alone, as version 1 could record it: read as `geo: { lat: 41.3851 }`.
  VenueDetailsChanged: {
    1: { id: 4, changes: { geoLat: 41.3851 } } satisfies t.TypeOf<typeof VenueDetailsChangedV1>['data'],
    2: { id: 4, changes: { passwordSha256: legacyDigest } },
  },
  OrganizerRegistered: { 1: { id: 5, facts: organizerFactsV1 } },
  OrganizerDetailsChanged: { 1: { id: 5, changes: { passwordSha256: legacyDigest } } },
};
