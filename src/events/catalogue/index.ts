// The versioned catalogue of every domain event type, for writers, projectors and downstream consumers.
import type * as t from 'io-ts';
import { EventDetailsChanged, EventScheduled, EventTrashed } from './calendarEvents.ts';
import {
  EventOccurrenceCancelled,
  EventOccurrenceChanged,
  EventRecurrenceRemoved,
  EventRecurrenceSet,
  EventSeriesSplit,
} from './seriesEvents.ts';
import {
  AdminBootstrapClaimed,
  IdBlockReserved,
  ImageRegistered,
  ImageUrlClaimed,
  IcsUidImported,
  SlugReleased,
  SlugReserved,
} from './registries.ts';
import {
  CategoryChanged,
  CategoryCreated,
  CategoryDeleted,
  TagChanged,
  TagCreated,
  TagDeleted,
  TermNameClaimed,
  TermNameReleased,
} from './terms.ts';
import { UserPasswordChanged, UserPasswordRevoked, UserRegistered, UserRoleChanged } from './users.ts';
import { VenueDetailsChanged, VenueRegistered, VenueTrashed } from './venues.ts';
import { OrganizerDetailsChanged, OrganizerRegistered, OrganizerTrashed } from './organizers.ts';
import { VenueDetailsChangedV1, VenueRegisteredV1 } from './legacy/venuesV1.ts';
import { VenueDetailsChangedV2, VenueRegisteredV2 } from './legacy/venuesV2.ts';
import { EventDetailsChangedV1, EventScheduledV1 } from './legacy/calendarEventsV1.ts';
import { EventSeriesSplitV1 } from './legacy/seriesEventsV1.ts';
import { OrganizerDetailsChangedV1, OrganizerRegisteredV1 } from './legacy/organizersV1.ts';
import { upcastVenueDetailsChanged, upcastVenueRegistered } from './venueUpcasts.ts';
import { passwordRenameUpcast } from './passwordUpcasts.ts';
import type { CatalogueEntry } from './catalogueEntry.ts';

export const catalogue = {
  EventScheduled: {
    version: 2,
    codec: EventScheduled,
    description: 'A calendar event was created, with all its facts.',
    upcast: passwordRenameUpcast('facts', 2),
    earlierVersions: { 1: EventScheduledV1 },
  },
  EventDetailsChanged: {
    version: 2,
    codec: EventDetailsChanged,
    description: 'Facts of a calendar event changed; `changes` holds only the facts that differ.',
    upcast: passwordRenameUpcast('changes', 2),
    earlierVersions: { 1: EventDetailsChangedV1 },
  },
  EventTrashed: {
    version: 1,
    codec: EventTrashed,
    description: 'A calendar event was moved to the trash; its slug was suffixed and freed.',
  },
  EventRecurrenceSet: {
    version: 1,
    codec: EventRecurrenceSet,
    description:
      "The recurrence of a series (on the series item's stream) was set or changed: its RFC 5545 lines, every " +
      'occurrence it plans (id, slug, original local start) and the ids of occurrences no longer planned.',
  },
  EventRecurrenceRemoved: {
    version: 1,
    codec: EventRecurrenceRemoved,
    description: 'A series ended: the event is a single event again and its occurrences (`removed`) are gone.',
  },
  EventOccurrenceChanged: {
    version: 1,
    codec: EventOccurrenceChanged,
    description:
      'One occurrence of a series was written and became an exception; `changes` holds only the facts it changed, ' +
      'the others keep following the series.',
  },
  EventOccurrenceCancelled: {
    version: 1,
    codec: EventOccurrenceCancelled,
    description: 'One occurrence of a series was deleted: the series gained an EXDATE line for its original start.',
  },
  EventSeriesSplit: {
    version: 2,
    codec: EventSeriesSplit,
    description:
      'A series was split at one occurrence (recurrence_scope=following): its rule now ends before it, and the ' +
      'occurrences from there on (`removed`) left it for the new series `newSeries`, which starts as ' +
      '`newSeriesStart` says (its facts and lines; absent in version 1).',
    // Version 2 only added the optional `newSeriesStart`: version 1 data is version 2 data without it.
    upcast: (data: unknown) => data,
    earlierVersions: { 1: EventSeriesSplitV1 },
  },
  IdBlockReserved: {
    version: 1,
    codec: IdBlockReserved,
    description: 'A writer reserved a block of numeric ids [first, last] of one id sequence.',
  },
  SlugReserved: {
    version: 1,
    codec: SlugReserved,
    description: 'A slug, login or translation slot was claimed by its owner stream (the stream name says which).',
  },
  SlugReleased: {
    version: 1,
    codec: SlugReleased,
    description: 'The owner released its slug, login or translation slot claim.',
  },
  UserRegistered: {
    version: 1,
    codec: UserRegistered,
    description: 'A user account was created, with its role and the slow hash of its password.',
  },
  UserRoleChanged: { version: 1, codec: UserRoleChanged, description: "A user's role changed." },
  UserPasswordChanged: {
    version: 1,
    codec: UserPasswordChanged,
    description: "A user's password was replaced (only its slow hash is recorded).",
  },
  UserPasswordRevoked: {
    version: 1,
    codec: UserPasswordRevoked,
    description: "A user's password was revoked: the user cannot authenticate until a new one is set.",
  },
  AdminBootstrapClaimed: {
    version: 1,
    codec: AdminBootstrapClaimed,
    description: 'One service process claimed the creation of the first administrator.',
  },
  ImageRegistered: { version: 1, codec: ImageRegistered, description: 'An external image URL got an image record id.' },
  ImageUrlClaimed: {
    version: 1,
    codec: ImageUrlClaimed,
    description: 'An image URL was bound to its record id, so the same URL reuses the record.',
  },
  IcsUidImported: {
    version: 1,
    codec: IcsUidImported,
    description: 'An entry of an imported calendar file (by its UID) became an event or updated it, at this version.',
  },
  CategoryCreated: { version: 1, codec: CategoryCreated, description: 'A category was created.' },
  CategoryChanged: {
    version: 1,
    codec: CategoryChanged,
    description: 'Facts of a category changed; `changes` holds only the facts that differ.',
  },
  CategoryDeleted: {
    version: 1,
    codec: CategoryDeleted,
    description: 'A category was deleted for good (its children were moved to its parent before).',
  },
  TagCreated: { version: 1, codec: TagCreated, description: 'A tag was created.' },
  TagChanged: {
    version: 1,
    codec: TagChanged,
    description: 'Facts of a tag changed; `changes` holds only the facts that differ.',
  },
  TagDeleted: { version: 1, codec: TagDeleted, description: 'A tag was deleted for good.' },
  TermNameClaimed: {
    version: 1,
    codec: TermNameClaimed,
    description: 'A category or tag claimed a name, unique per taxonomy, language (and parent).',
  },
  TermNameReleased: { version: 1, codec: TermNameReleased, description: 'A category or tag released its name claim.' },
  VenueRegistered: {
    version: 3,
    codec: VenueRegistered,
    description: 'A venue was created, with all its facts.',
    upcast: passwordRenameUpcast('facts', 3, upcastVenueRegistered),
    earlierVersions: { 1: VenueRegisteredV1, 2: VenueRegisteredV2 },
  },
  VenueDetailsChanged: {
    version: 3,
    codec: VenueDetailsChanged,
    description: 'Facts of a venue changed; `changes` holds only the facts that differ.',
    upcast: passwordRenameUpcast('changes', 3, upcastVenueDetailsChanged),
    earlierVersions: { 1: VenueDetailsChangedV1, 2: VenueDetailsChangedV2 },
  },
  VenueTrashed: {
    version: 1,
    codec: VenueTrashed,
    description: 'A venue was moved to the trash; its slug was suffixed and freed.',
  },
  OrganizerRegistered: {
    version: 2,
    codec: OrganizerRegistered,
    description: 'An organizer was created, with all its facts.',
    upcast: passwordRenameUpcast('facts', 2),
    earlierVersions: { 1: OrganizerRegisteredV1 },
  },
  OrganizerDetailsChanged: {
    version: 2,
    codec: OrganizerDetailsChanged,
    description: 'Facts of an organizer changed; `changes` holds only the facts that differ.',
    upcast: passwordRenameUpcast('changes', 2),
    earlierVersions: { 1: OrganizerDetailsChangedV1 },
  },
  OrganizerTrashed: {
    version: 1,
    codec: OrganizerTrashed,
    description: 'An organizer was moved to the trash; its slug was suffixed and freed.',
  },
} satisfies Record<string, CatalogueEntry>;

export type CatalogueType = keyof typeof catalogue;

export type DomainEvent =
  | t.TypeOf<typeof EventScheduled>
  | t.TypeOf<typeof EventDetailsChanged>
  | t.TypeOf<typeof EventTrashed>
  | t.TypeOf<typeof EventRecurrenceSet>
  | t.TypeOf<typeof EventRecurrenceRemoved>
  | t.TypeOf<typeof EventOccurrenceChanged>
  | t.TypeOf<typeof EventOccurrenceCancelled>
  | t.TypeOf<typeof EventSeriesSplit>
  | t.TypeOf<typeof IdBlockReserved>
  | t.TypeOf<typeof SlugReserved>
  | t.TypeOf<typeof SlugReleased>
  | t.TypeOf<typeof UserRegistered>
  | t.TypeOf<typeof UserRoleChanged>
  | t.TypeOf<typeof UserPasswordChanged>
  | t.TypeOf<typeof UserPasswordRevoked>
  | t.TypeOf<typeof AdminBootstrapClaimed>
  | t.TypeOf<typeof ImageRegistered>
  | t.TypeOf<typeof ImageUrlClaimed>
  | t.TypeOf<typeof IcsUidImported>
  | t.TypeOf<typeof CategoryCreated>
  | t.TypeOf<typeof CategoryChanged>
  | t.TypeOf<typeof CategoryDeleted>
  | t.TypeOf<typeof TagCreated>
  | t.TypeOf<typeof TagChanged>
  | t.TypeOf<typeof TagDeleted>
  | t.TypeOf<typeof TermNameClaimed>
  | t.TypeOf<typeof TermNameReleased>
  | t.TypeOf<typeof VenueRegistered>
  | t.TypeOf<typeof VenueDetailsChanged>
  | t.TypeOf<typeof VenueTrashed>
  | t.TypeOf<typeof OrganizerRegistered>
  | t.TypeOf<typeof OrganizerDetailsChanged>
  | t.TypeOf<typeof OrganizerTrashed>;
