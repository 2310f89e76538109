// Venue and organizer documents for the collection specifications.
import type { VenueDocument } from '../../../src/projections/venues/venueDocument.ts';
import type { OrganizerDocument } from '../../../src/projections/organizers/organizerDocument.ts';

export function aVenueDocument(changes: Partial<VenueDocument> & { id: number }): VenueDocument {
  const base: VenueDocument = {
    id: changes.id,
    revision: 0,
    modifiedUtc: '2026-01-01 00:00:00',
    statusBeforeTrash: null,
    searchText: '',
    language: 'en',
    author: '1',
    status: 'publish',
    publishedUtc: '2026-01-01 00:00:00',
    name: 'Venue',
    description: '',
    excerpt: '',
    slug: `venue-${changes.id}`,
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
    showMap: true,
    showMapLink: true,
    geoLat: null,
    geoLng: null,
    passwordHash: null,
  };
  const doc = { ...base, ...changes };
  return {
    ...doc,
    searchText:
      changes.searchText ??
      [doc.name, doc.description, doc.excerpt, doc.city].map((s) => s.toLowerCase()).join('\u0000'),
  };
}

export function anOrganizerDocument(changes: Partial<OrganizerDocument> & { id: number }): OrganizerDocument {
  const base: OrganizerDocument = {
    id: changes.id,
    revision: 0,
    modifiedUtc: '2026-01-01 00:00:00',
    statusBeforeTrash: null,
    searchText: '',
    language: 'en',
    author: '1',
    status: 'publish',
    publishedUtc: '2026-01-01 00:00:00',
    name: 'Organizer',
    description: '',
    excerpt: '',
    slug: `organizer-${changes.id}`,
    image: null,
    phone: '',
    website: '',
    email: '',
    passwordHash: null,
  };
  return { ...base, ...changes };
}
