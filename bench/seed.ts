// Seeds a fresh embedded store straight through the EventStore port: events spread over three years around now.
import { randomUUID } from 'node:crypto';
import type { EventStore, NewEvent } from '../src/events/eventStore.ts';
import { toNewEvent } from '../src/events/catalogue/envelope.ts';
import type { EventFacts } from '../src/events/catalogue/calendarEvents.ts';
import { instantToLocal } from '../src/domain/localDateTime.ts';

const hour = 3_600_000;

export async function seedEvents(store: EventStore, count: number, now: Date): Promise<void> {
  const ctx = { actor: '1', now, correlationId: randomUUID(), causationId: randomUUID() };
  // The id sequence is reserved the same way the service does it, so the service continues after the seeded ids.
  await store.append('ids-post', [toNewEvent({ type: 'IdBlockReserved', data: { first: 1, last: count } }, ctx)], 'no_stream');
  const batch: Promise<unknown>[] = [];
  const span = 3 * 365 * 24;
  for (let id = 1; id <= count; id++) {
    const start = new Date(now.getTime() + (((id * 7919) % span) - span / 3) * hour);
    const startLocal = instantToLocal(start, 'UTC');
    const endLocal = instantToLocal(new Date(start.getTime() + 2 * hour), 'UTC');
    const facts: EventFacts = {
      language: 'en', author: '1', status: 'publish', publishedUtc: instantToLocal(now, 'UTC'),
      title: `Seeded event ${id}`, description: `Description of seeded event ${id} with some words`, excerpt: '',
      slug: `seeded-event-${id}`, timezone: 'UTC', allDay: false, start: startLocal, end: endLocal,
      startUtc: startLocal, endUtc: endLocal, cost: id % 3 === 0 ? { entries: ['10'] } : null, website: null,
      showMap: false, showMapLink: false, hideFromListings: false, sticky: false, featured: id % 10 === 0, image: null,
      categories: [], tags: [], venues: [], organizers: [], passwordSha256: null,
    };
    const event: NewEvent = toNewEvent({ type: 'EventScheduled', data: { id, facts } }, ctx);
    batch.push(store.append(`event-${id}`, [event], 'no_stream'));
    if (batch.length >= 2000) await Promise.all(batch.splice(0));
  }
  await Promise.all(batch);
}
