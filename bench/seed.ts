// Seeds a fresh embedded store straight through the EventStore port: venues, organizers, a category hierarchy, tags,
// and events spread over three years around now, each linked to a venue, an organizer, a category and tags.
import { randomUUID } from 'node:crypto';
import type { EventStore, NewEvent } from '../src/events/eventStore.ts';
import { toNewEvent, type WriteContext } from '../src/events/catalogue/envelope.ts';
import type { DomainEvent } from '../src/events/catalogue/index.ts';
import type { EventFacts } from '../src/events/catalogue/calendarEvents.ts';
import type { VenueFacts } from '../src/events/catalogue/venues.ts';
import type { OrganizerFacts } from '../src/events/catalogue/organizers.ts';
import { instantToLocal } from '../src/domain/localDateTime.ts';

const hour = 3_600_000;

export interface SeedShape {
  readonly events: number;
  readonly venues: number;
  readonly organizers: number;
  /** Categories in a hierarchy: a tenth are top level, the rest children of those. */
  readonly categories: number;
  readonly tags: number;
}

/** Ids of the seeded items, for the filtered scenarios. */
export interface Seeded {
  readonly venueIds: { first: number; last: number };
  readonly topCategoryIds: { first: number; last: number };
  readonly firstEventId: number;
}

/** Appends in batches: lmdb groups concurrent appends into one commit. */
async function appendAll(store: EventStore, items: Iterable<[string, DomainEvent]>, ctx: WriteContext): Promise<void> {
  let batch: Promise<unknown>[] = [];
  for (const [stream, event] of items) {
    const newEvent: NewEvent = toNewEvent(event, ctx);
    batch.push(store.append(stream, [newEvent], 'no_stream'));
    if (batch.length >= 2000) {
      await Promise.all(batch);
      batch = [];
    }
  }
  await Promise.all(batch);
}

export async function seed(store: EventStore, shape: SeedShape, now: Date): Promise<Seeded> {
  const ctx = { actor: '1', now, correlationId: randomUUID(), causationId: randomUUID() };
  const published = instantToLocal(now, 'UTC');
  const firstVenue = 1;
  const firstOrganizer = firstVenue + shape.venues;
  const firstEvent = firstOrganizer + shape.organizers;
  const lastPost = firstEvent + shape.events - 1;
  const tops = Math.max(1, Math.floor(shape.categories / 10));
  const firstTag = shape.categories + 1;
  // The id sequences are reserved the way the service does it, so the service continues after the seeded ids.
  await store.append('ids-post', [toNewEvent({ type: 'IdBlockReserved', data: { first: 1, last: lastPost } }, ctx)], 'no_stream');
  await store.append('ids-term', [toNewEvent({ type: 'IdBlockReserved', data: { first: 1, last: shape.categories + shape.tags } }, ctx)], 'no_stream');

  const post = { language: 'en' as const, author: '1', status: 'publish' as const, publishedUtc: published, description: '', excerpt: '', image: null, passwordSha256: null };
  function* items(): Generator<[string, DomainEvent]> {
    for (let i = 0; i < shape.categories; i++) {
      const id = i + 1;
      const parent = i < tops ? 0 : 1 + (i % tops);
      yield [`category-${id}`, { type: 'CategoryCreated', data: { id, facts: { language: 'en', name: `Category ${id}`, slug: `category-${id}`, description: '', parent } } }];
    }
    for (let i = 0; i < shape.tags; i++) {
      const id = firstTag + i;
      yield [`tag-${id}`, { type: 'TagCreated', data: { id, facts: { language: 'en', name: `tag ${id}`, slug: `tag-${id}`, description: '' } } }];
    }
    for (let i = 0; i < shape.venues; i++) {
      const id = firstVenue + i;
      const facts: VenueFacts = {
        ...post, name: `Venue ${id}`, slug: `venue-${id}`, address: `${id} Main St`, city: 'Springfield', country: 'United States',
        province: '', state: 'IL', stateprovince: '', zip: '62701', phone: '', website: '', showMap: true, showMapLink: true, geo: { lat: null, lng: null },
      };
      yield [`venue-${id}`, { type: 'VenueRegistered', data: { id, facts } }];
    }
    for (let i = 0; i < shape.organizers; i++) {
      const id = firstOrganizer + i;
      const facts: OrganizerFacts = { ...post, name: `Organizer ${id}`, slug: `organizer-${id}`, phone: '', website: '', email: `o${id}@example.com` };
      yield [`organizer-${id}`, { type: 'OrganizerRegistered', data: { id, facts } }];
    }
    const span = 3 * 365 * 24;
    for (let i = 0; i < shape.events; i++) {
      const id = firstEvent + i;
      const start = new Date(now.getTime() + (((id * 7919) % span) - span / 3) * hour);
      const startLocal = instantToLocal(start, 'UTC');
      const endLocal = instantToLocal(new Date(start.getTime() + 2 * hour), 'UTC');
      const facts: EventFacts = {
        ...post, title: `Seeded event ${id}`, description: `Description of seeded event ${id} with some words`,
        slug: `seeded-event-${id}`, timezone: 'UTC', allDay: false, start: startLocal, end: endLocal, startUtc: startLocal, endUtc: endLocal,
        cost: id % 3 === 0 ? { entries: ['10'] } : null, website: null, showMap: false, showMapLink: false, hideFromListings: false,
        sticky: false, featured: id % 10 === 0,
        categories: shape.categories > 0 ? [1 + (i % shape.categories)] : [],
        tags: shape.tags > 0 ? [...new Set([firstTag + (i % shape.tags), firstTag + ((i * 7) % shape.tags)])] : [],
        venues: shape.venues > 0 ? [firstVenue + (i % shape.venues)] : [],
        organizers: shape.organizers > 0 ? [firstOrganizer + (i % shape.organizers)] : [],
      };
      yield [`event-${id}`, { type: 'EventScheduled', data: { id, facts } }];
    }
  }
  await appendAll(store, items(), ctx);
  return {
    venueIds: { first: firstVenue, last: firstVenue + shape.venues - 1 },
    topCategoryIds: { first: 1, last: tops },
    firstEventId: firstEvent,
  };
}
