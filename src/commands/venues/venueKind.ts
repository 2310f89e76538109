// Venues as an item kind: blank facts of a new venue, their events, and the fields a duplicate is compared on.
import {
  isVenueEvent,
  venueStreamId,
  type VenueChanges,
  type VenueEvent,
  type VenueFacts,
} from '../../events/catalogue/venues.ts';
import { optionalRoot, venueFactOf } from '../../events/catalogue/itemFacts.ts';
import type { ItemStreamKind } from '../posts/itemCommands.ts';
import { applyVenueChanges, applyVenueRequest } from './venueCoordinates.ts';

export const venueKind: ItemStreamKind<VenueFacts, VenueEvent, VenueChanges> = {
  resource: 'venue',
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
    address: '',
    city: '',
    country: '',
    province: '',
    state: '',
    stateprovince: '',
    zip: '',
    phone: '',
    website: '',
    // Both default to true on create (docs/api.md §10.2).
    showMap: true,
    showMapLink: true,
    geo: { lat: null, lng: null },
    passwordHash: null,
  }),
  applyRequest: applyVenueRequest,
  applyChanges: applyVenueChanges,
  streamId: venueStreamId,
  accepts: (event): event is VenueEvent => isVenueEvent(event),
  factOf: venueFactOf,
  eventOf: (fact): VenueEvent => {
    switch (fact.type) {
      case 'registered':
        return {
          type: 'VenueRegistered',
          data: { id: fact.id, facts: fact.facts, ...optionalRoot(fact.translationOf) },
        };
      case 'changed':
        return { type: 'VenueDetailsChanged', data: { id: fact.id, changes: fact.changes } };
      case 'trashed':
        return { type: 'VenueTrashed', data: { id: fact.id, previousStatus: fact.previousStatus, slug: fact.slug } };
    }
  },
  duplicateFields: ['address', 'city', 'province', 'state', 'stateprovince', 'zip', 'phone'],
};
