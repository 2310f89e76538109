// The versioned catalogue of every domain event type, for writers, projectors and downstream consumers.
import type * as t from 'io-ts';
import { EventDetailsChanged, EventScheduled, EventTrashed } from './calendarEvents.ts';
import {
  AdminBootstrapClaimed, IdBlockReserved, ImageRegistered, ImageUrlClaimed, SlugReleased, SlugReserved,
} from './registries.ts';
import {
  CategoryChanged, CategoryCreated, CategoryDeleted, TagChanged, TagCreated, TagDeleted, TermNameClaimed, TermNameReleased,
} from './terms.ts';
import { UserPasswordChanged, UserPasswordRevoked, UserRegistered, UserRoleChanged } from './users.ts';
import { VenueDetailsChanged, VenueRegistered, VenueTrashed } from './venues.ts';
import { OrganizerDetailsChanged, OrganizerRegistered, OrganizerTrashed } from './organizers.ts';
import type { CatalogueEntry } from './envelope.ts';

export const catalogue = {
  EventScheduled: { version: 1, codec: EventScheduled },
  EventDetailsChanged: { version: 1, codec: EventDetailsChanged },
  EventTrashed: { version: 1, codec: EventTrashed },
  IdBlockReserved: { version: 1, codec: IdBlockReserved },
  SlugReserved: { version: 1, codec: SlugReserved },
  SlugReleased: { version: 1, codec: SlugReleased },
  UserRegistered: { version: 1, codec: UserRegistered },
  UserRoleChanged: { version: 1, codec: UserRoleChanged },
  UserPasswordChanged: { version: 1, codec: UserPasswordChanged },
  UserPasswordRevoked: { version: 1, codec: UserPasswordRevoked },
  AdminBootstrapClaimed: { version: 1, codec: AdminBootstrapClaimed },
  ImageRegistered: { version: 1, codec: ImageRegistered },
  ImageUrlClaimed: { version: 1, codec: ImageUrlClaimed },
  CategoryCreated: { version: 1, codec: CategoryCreated },
  CategoryChanged: { version: 1, codec: CategoryChanged },
  CategoryDeleted: { version: 1, codec: CategoryDeleted },
  TagCreated: { version: 1, codec: TagCreated },
  TagChanged: { version: 1, codec: TagChanged },
  TagDeleted: { version: 1, codec: TagDeleted },
  TermNameClaimed: { version: 1, codec: TermNameClaimed },
  TermNameReleased: { version: 1, codec: TermNameReleased },
  VenueRegistered: { version: 1, codec: VenueRegistered },
  VenueDetailsChanged: { version: 1, codec: VenueDetailsChanged },
  VenueTrashed: { version: 1, codec: VenueTrashed },
  OrganizerRegistered: { version: 1, codec: OrganizerRegistered },
  OrganizerDetailsChanged: { version: 1, codec: OrganizerDetailsChanged },
  OrganizerTrashed: { version: 1, codec: OrganizerTrashed },
} satisfies Record<string, CatalogueEntry>;

export type DomainEvent =
  | t.TypeOf<typeof EventScheduled>
  | t.TypeOf<typeof EventDetailsChanged>
  | t.TypeOf<typeof EventTrashed>
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
