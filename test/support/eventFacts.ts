// The facts of a plain published calendar event, for specifications that need one and say only what differs.
import type { EventFacts } from '../../src/events/catalogue/calendarEvents.ts';

export function someEventFacts(overrides: Partial<EventFacts> = {}): EventFacts {
  return {
    language: 'en',
    author: '1',
    status: 'publish',
    publishedUtc: '2025-11-10 12:00:00',
    title: 'Choir',
    description: '',
    excerpt: '',
    slug: 'choir',
    timezone: 'UTC',
    allDay: false,
    start: '2025-11-20 19:00:00',
    end: '2025-11-20 21:00:00',
    startUtc: '2025-11-20 19:00:00',
    endUtc: '2025-11-20 21:00:00',
    cost: null,
    website: null,
    showMap: false,
    showMapLink: false,
    hideFromListings: false,
    sticky: false,
    featured: false,
    image: null,
    categories: [],
    tags: [],
    venues: [],
    organizers: [],
    passwordHash: null,
    ...overrides,
  };
}
