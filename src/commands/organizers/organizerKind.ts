// Organizers as an item kind: blank facts of a new organizer, their events, and the fields a duplicate is compared on.
import {
  isOrganizerEvent,
  organizerStreamId,
  type OrganizerEvent,
  type OrganizerFacts,
} from '../../events/catalogue/organizers.ts';
import { optionalRoot, organizerFactOf } from '../../events/catalogue/itemFacts.ts';
import type { ItemStreamKind } from '../posts/itemCommands.ts';

export const organizerKind: ItemStreamKind<OrganizerFacts, OrganizerEvent> = {
  resource: 'organizer',
  blankFacts: (defaults, nowUtc) => ({
    language: defaults.language,
    author: defaults.author,
    status: defaults.status,
    publishedUtc: nowUtc,
    name: '',
    description: '',
    excerpt: '',
    slug: '',
    image: null,
    phone: '',
    website: '',
    email: '',
    passwordHash: null,
  }),
  streamId: organizerStreamId,
  accepts: (event): event is OrganizerEvent => isOrganizerEvent(event),
  factOf: organizerFactOf,
  eventOf: (fact): OrganizerEvent => {
    switch (fact.type) {
      case 'registered':
        return {
          type: 'OrganizerRegistered',
          data: { id: fact.id, facts: fact.facts, ...optionalRoot(fact.translationOf) },
        };
      case 'changed':
        return { type: 'OrganizerDetailsChanged', data: { id: fact.id, changes: fact.changes } };
      case 'trashed':
        return {
          type: 'OrganizerTrashed',
          data: { id: fact.id, previousStatus: fact.previousStatus, slug: fact.slug },
        };
    }
  },
  duplicateFields: ['phone', 'email', 'website'],
};
