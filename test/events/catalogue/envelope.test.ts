// Specification of the event envelope (docs/architecture.md §4):
// metadata of each write, and decoding recorded events by the catalogue.
import { expect } from 'chai';
import { decodeDomainEvent, toNewEvent, type WriteContext } from '../../../src/events/catalogue/envelope.ts';
import { catalogue, type DomainEvent } from '../../../src/events/catalogue/index.ts';
import type { EventFacts } from '../../../src/events/catalogue/calendarEvents.ts';
import type { EventMetadata, NewEvent, RecordedEvent } from '../../../src/events/eventStore.ts';
import type { VenueFacts } from '../../../src/events/catalogue/venues.ts';
import type { OrganizerFacts } from '../../../src/events/catalogue/organizers.ts';
import { someEventFacts } from '../../support/eventFacts.ts';

const ctx: WriteContext = {
  actor: '3',
  now: new Date('2025-11-10T12:00:00.000Z'),
  correlationId: 'corr-1',
  causationId: 'cause-1',
};

const facts: EventFacts = {
  ...someEventFacts({
    author: '3',
    title: 'Jazz Night',
    slug: 'jazz-night',
    start: '2025-11-20 14:00:00',
    end: '2025-11-20 16:00:00',
    startUtc: '2025-11-20 14:00:00',
    endUtc: '2025-11-20 16:00:00',
  }),
};

const venueFacts: VenueFacts = {
  language: 'en',
  author: '1',
  status: 'publish',
  publishedUtc: '2026-11-22 10:52:28',
  name: 'Main Hall',
  description: '',
  excerpt: '',
  slug: 'main-hall',
  image: null,
  address: '1 Main St',
  city: 'Springfield',
  country: 'United States',
  province: '',
  state: 'IL',
  stateprovince: '',
  zip: '62701',
  phone: '555-0100',
  website: 'https://example.com/hall',
  showMap: true,
  showMapLink: true,
  geo: { lat: null, lng: null },
  passwordHash: null,
};
const organizerFacts: OrganizerFacts = {
  language: 'en',
  author: '1',
  status: 'publish',
  publishedUtc: '2026-11-22 10:52:28',
  name: 'Ada',
  description: '',
  excerpt: '',
  slug: 'ada',
  image: null,
  phone: '',
  website: '',
  email: 'ada@example.com',
  passwordHash: null,
};

/** One event of every catalogued type; the mapped type makes a new catalogue entry without a sample a compile error. */
const samples: { [K in keyof typeof catalogue]: Extract<DomainEvent, { type: K }> } = {
  EventScheduled: { type: 'EventScheduled', data: { id: 7, facts } },
  EventDetailsChanged: {
    type: 'EventDetailsChanged',
    data: { id: 7, changes: { title: 'Blues Night', cost: { entries: ['10'] } } },
  },
  EventTrashed: { type: 'EventTrashed', data: { id: 7, previousStatus: 'private', slug: 'jazz-night__trashed' } },
  EventRecurrenceSet: {
    type: 'EventRecurrenceSet',
    data: {
      id: 7,
      recurrence: ['RRULE:FREQ=WEEKLY;COUNT=2'],
      occurrences: [{ id: 8, slug: 'jazz-night-2026-05-13', originalStart: '2026-05-13 20:00:00' }],
      removed: [],
    },
  },
  EventRecurrenceRemoved: { type: 'EventRecurrenceRemoved', data: { id: 7, removed: [8] } },
  EventOccurrenceChanged: {
    type: 'EventOccurrenceChanged',
    data: { id: 7, occurrence: 8, changes: { title: 'Solo' } },
  },
  EventSeriesSplit: {
    type: 'EventSeriesSplit',
    data: {
      id: 7,
      occurrence: 8,
      originalStart: '2026-05-13 20:00:00',
      newSeries: 12,
      recurrence: ['RRULE:FREQ=WEEKLY;UNTIL=20260513T195959'],
      removed: [8],
    },
  },
  EventOccurrenceCancelled: {
    type: 'EventOccurrenceCancelled',
    data: { id: 7, occurrence: 8, originalStart: '2026-05-13 20:00:00', exdate: 'EXDATE:20260513T200000' },
  },
  IdBlockReserved: { type: 'IdBlockReserved', data: { first: 1, last: 100 } },
  SlugReserved: { type: 'SlugReserved', data: { owner: 'event-7' } },
  SlugReleased: { type: 'SlugReleased', data: { owner: 'event-7' } },
  UserRegistered: {
    type: 'UserRegistered',
    data: {
      id: 3,
      login: 'ada',
      displayName: 'Ada',
      role: 'editor',
      passwordHash: '$argon2id$v=19$m=19456,t=2,p=1$c2FsdA$aGFzaA',
    },
  },
  UserRoleChanged: { type: 'UserRoleChanged', data: { id: 3, role: 'subscriber' } },
  UserPasswordChanged: {
    type: 'UserPasswordChanged',
    data: { id: 3, passwordHash: '$argon2id$v=19$m=19456,t=2,p=1$c2FsdDI$aGFzaDI' },
  },
  UserPasswordRevoked: { type: 'UserPasswordRevoked', data: { id: 3 } },
  AdminBootstrapClaimed: { type: 'AdminBootstrapClaimed', data: {} },
  ImageRegistered: { type: 'ImageRegistered', data: { id: 9, url: 'https://example.com/poster.jpg' } },
  ImageUrlClaimed: { type: 'ImageUrlClaimed', data: { id: 9 } },
  IcsUidImported: {
    type: 'IcsUidImported',
    data: { id: 7, uid: 'a1b2c3@calendar.example', sequence: 2, lastModified: '2027-03-01T09:30:00.000Z' },
  },
  CategoryCreated: {
    type: 'CategoryCreated',
    data: {
      id: 2,
      facts: { language: 'en', name: 'Workshops', slug: 'workshops', description: 'Hands-on sessions', parent: 0 },
    },
  },
  CategoryChanged: { type: 'CategoryChanged', data: { id: 2, changes: { name: 'Talleres', parent: 5 } } },
  CategoryDeleted: { type: 'CategoryDeleted', data: { id: 2 } },
  TagCreated: {
    type: 'TagCreated',
    data: { id: 3, facts: { language: 'es', name: 'Música', slug: 'musica', description: '' } },
  },
  TagChanged: { type: 'TagChanged', data: { id: 3, changes: { description: 'Live' } } },
  TagDeleted: { type: 'TagDeleted', data: { id: 3 } },
  TermNameClaimed: { type: 'TermNameClaimed', data: { owner: 'category-2' } },
  TermNameReleased: { type: 'TermNameReleased', data: { owner: 'category-2' } },
  VenueRegistered: { type: 'VenueRegistered', data: { id: 4, facts: venueFacts } },
  VenueDetailsChanged: { type: 'VenueDetailsChanged', data: { id: 4, changes: { city: 'Shelbyville' } } },
  VenueTrashed: { type: 'VenueTrashed', data: { id: 4, previousStatus: 'publish', slug: 'main-hall__trashed' } },
  OrganizerRegistered: { type: 'OrganizerRegistered', data: { id: 5, facts: organizerFacts } },
  OrganizerDetailsChanged: { type: 'OrganizerDetailsChanged', data: { id: 5, changes: { email: 'new@example.com' } } },
  OrganizerTrashed: { type: 'OrganizerTrashed', data: { id: 5, previousStatus: 'draft', slug: 'ada__trashed' } },
};

const recorded = (event: NewEvent): RecordedEvent => ({ ...event, streamId: 'any-1', revision: 0n, position: 0n });

/** A recorded event of any type and data, as another writer may have put it in the store. */
function foreign(type: string, data: unknown, metadata: Partial<EventMetadata> = {}): RecordedEvent {
  return recorded({ type, data, metadata: { ...toNewEvent(samples.SlugReserved, ctx).metadata, ...metadata } });
}

describe('toNewEvent', () => {
  it('carries the actor, the ISO instant, correlation and causation ids and the schema version', () => {
    expect(toNewEvent(samples.EventScheduled, ctx)).to.deep.equal({
      type: 'EventScheduled',
      data: samples.EventScheduled.data,
      metadata: {
        actor: '3',
        occurredAt: '2025-11-10T12:00:00.000Z',
        correlationId: 'corr-1',
        causationId: 'cause-1',
        schemaVersion: catalogue.EventScheduled.version,
      },
    });
  });

  it('stamps each type with its own catalogue version', () => {
    for (const event of Object.values(samples)) {
      expect(toNewEvent(event, ctx).metadata.schemaVersion, event.type).to.equal(catalogue[event.type].version);
    }
  });
});

describe('decodeDomainEvent', () => {
  for (const event of Object.values(samples)) {
    it(`round-trips ${event.type}`, () => {
      expect(decodeDomainEvent(recorded(toNewEvent(event, ctx)))).to.deep.equal(event);
    });
  }

  it('decodes an event written under an older schema version', () => {
    expect(decodeDomainEvent(foreign('SlugReserved', { owner: 'event-7' }, { schemaVersion: 0 }))).to.deep.equal(
      samples.SlugReserved,
    );
  });

  it('skips unknown types (other resources, other services)', () => {
    expect(decodeDomainEvent(foreign('VenueRegistered', { id: 8, name: 'Main Hall' }))).to.equal(undefined);
    expect(decodeDomainEvent(foreign('$metadata', { $maxAge: 10 }))).to.equal(undefined);
  });

  // The catalogue is an object literal: a type named like an Object.prototype member must not find an inherited one.
  it('skips types named like Object.prototype members, without throwing', () => {
    for (const type of ['constructor', 'toString', 'hasOwnProperty', '__proto__']) {
      expect(() => decodeDomainEvent(foreign(type, {})), type).to.not.throw();
      expect(decodeDomainEvent(foreign(type, {})), type).to.equal(undefined);
    }
  });

  it('skips schema versions newer than the catalogue knows', () => {
    const newer = foreign('EventTrashed', samples.EventTrashed.data, {
      schemaVersion: catalogue.EventTrashed.version + 1,
    });
    expect(decodeDomainEvent(newer)).to.equal(undefined);
  });

  describe('malformed data decodes to undefined, never throws', () => {
    const cases: Array<[string, string, unknown]> = [
      ['null data', 'EventScheduled', null],
      ['a string', 'EventTrashed', 'jazz-night__trashed'],
      ['a number', 'SlugReserved', 42],
      ['an empty object', 'EventScheduled', {}],
      ['a text id', 'EventTrashed', { id: '7', previousStatus: 'publish', slug: 'x__trashed' }],
      ['an unknown status', 'EventTrashed', { id: 7, previousStatus: 'archived', slug: 'x__trashed' }],
      ['facts missing a field', 'EventScheduled', { id: 7, facts: { ...facts, allDay: undefined } }],
      ['a change of the wrong type', 'EventDetailsChanged', { id: 7, changes: { sticky: 'yes' } }],
      ['an unknown role', 'UserRegistered', { ...samples.UserRegistered.data, role: 'owner' }],
      ['a missing owner', 'SlugReleased', {}],
      [
        'a category without parent',
        'CategoryCreated',
        { id: 2, facts: { language: 'en', name: 'W', slug: 'w', description: '' } },
      ],
      ['a tag name change of the wrong type', 'TagChanged', { id: 3, changes: { name: 7 } }],
    ];
    for (const [what, type, data] of cases) {
      it(`${type} with ${what}`, () => {
        let decoded: DomainEvent | undefined;
        expect(() => (decoded = decodeDomainEvent(foreign(type, data)))).to.not.throw();
        expect(decoded).to.equal(undefined);
      });
    }
  });
});
