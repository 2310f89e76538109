// Seeded venues and organizers in the three languages, each with its slug claim and translation links.
import { slugify } from '../src/domain/slug.ts';
import type { Language } from '../src/events/catalogue/values.ts';
import type { VenueFacts } from '../src/events/catalogue/venues.ts';
import type { OrganizerFacts } from '../src/events/catalogue/organizers.ts';
import type { SeedItem, SeedLayout, SeedShape } from './seedShape.ts';
import { languageAt, vocabularyOf } from './seedLanguages.ts';
import { slugClaim, translationOfItem } from './seedClaims.ts';

const places: Record<Language, { city: string; country: string; state: string; zip: string }> = {
  en: { city: 'Springfield', country: 'United States', state: 'IL', zip: '62701' },
  es: { city: 'Madrid', country: 'España', state: 'Madrid', zip: '28013' },
  ca: { city: 'Barcelona', country: 'Espanya', state: 'Catalunya', zip: '08002' },
};

/** Facts every post-like item shares: published by the administrator, no image, no password. */
function postBase(language: Language, publishedUtc: string) {
  return {
    language,
    author: '1',
    status: 'publish' as const,
    publishedUtc,
    excerpt: '',
    image: null,
    passwordHash: null,
  };
}

export function* venueItems(shape: SeedShape, layout: SeedLayout, publishedUtc: string): Generator<SeedItem> {
  for (let index = 0; index < shape.venues; index++) {
    const id = layout.firstVenue + index;
    const language = languageAt(index);
    const name = `${vocabularyOf(language).venue} ${id}`;
    const place = places[language];
    const facts: VenueFacts = {
      ...postBase(language, publishedUtc),
      name,
      slug: slugify(name),
      description: vocabularyOf(language).sentence,
      address: `${id} Main St`,
      city: place.city,
      country: place.country,
      province: '',
      state: place.state,
      stateprovince: '',
      zip: place.zip,
      phone: `+1 555 ${String(id).padStart(4, '0')}`,
      website: `https://venue-${id}.example.org`,
      showMap: true,
      showMapLink: true,
      geo: { lat: null, lng: null },
    };
    const translation = translationOfItem('venue', index, layout.firstVenue);
    yield slugClaim('venue', language, facts.slug, id);
    yield* translation.claims;
    yield [`venue-${id}`, { type: 'VenueRegistered', data: { id, facts, ...translation.link } }];
  }
}

export function* organizerItems(shape: SeedShape, layout: SeedLayout, publishedUtc: string): Generator<SeedItem> {
  for (let index = 0; index < shape.organizers; index++) {
    const id = layout.firstOrganizer + index;
    const language = languageAt(index);
    const name = `${vocabularyOf(language).organizer} ${id}`;
    const facts: OrganizerFacts = {
      ...postBase(language, publishedUtc),
      name,
      slug: slugify(name),
      description: '',
      phone: '',
      website: `https://organizer-${id}.example.org`,
      email: `organizer${id}@example.org`,
    };
    const translation = translationOfItem('organizer', index, layout.firstOrganizer);
    yield slugClaim('organizer', language, facts.slug, id);
    yield* translation.claims;
    yield [`organizer-${id}`, { type: 'OrganizerRegistered', data: { id, facts, ...translation.link } }];
  }
}
