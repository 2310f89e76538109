// Builds event read-model documents for ReadStore tests: a plausible published event, with the fields a test cares
// about.
import { randomUUID } from 'node:crypto';
import type { EventFacts } from '../../src/events/catalogue/calendarEvents.ts';
import { noEmbeddedLinks, type EventDocument } from '../../src/projections/events/eventDocument.ts';
import { wallClockSeconds } from '../../src/domain/localDateTime.ts';
import { venueLocationsOf } from '../../src/projections/events/venueLocations.ts';
import { testMemos } from '../support/memos.ts';
import { someEventFacts } from '../support/eventFacts.ts';

/**
 * A published English event on 2025-03-01, 10:00–12:00. `searchText` follows the title, excerpt and description
 * given, and `venueLocations` the embedded venues (as the projector derives them), unless the test sets them.
 */
export function anEventDocument(overrides: Partial<EventDocument> = {}): EventDocument {
  const base: EventDocument = {
    id: 1,
    revision: 0,
    ...someEventFacts({
      publishedUtc: '2025-01-01 09:00:00',
      title: 'An event',
      slug: 'an-event',
      start: '2025-03-01 10:00:00',
      end: '2025-03-01 12:00:00',
      startUtc: '2025-03-01 10:00:00',
      endUtc: '2025-03-01 12:00:00',
    }),
    modifiedUtc: '2025-01-01 09:00:00',
    timezoneAbbr: 'UTC',
    startKey: 0,
    endKey: 0,
    statusBeforeTrash: null,
    embedded: noEmbeddedLinks,
    venueLocations: [],
    searchText: '',
  };
  const doc = { ...base, ...overrides };
  const searchText =
    overrides.searchText ?? [doc.title, doc.excerpt, doc.description].map((s) => s.toLowerCase()).join('\u0000');
  const venueLocations = overrides.venueLocations ?? venueLocationsOf(doc.embedded.venues, testMemos.venues);
  return {
    ...doc,
    searchText,
    venueLocations,
    startKey: wallClockSeconds(doc.start),
    endKey: wallClockSeconds(doc.end),
  };
}

/** Every field set to something other than its default, to show that a store keeps each one. */
export const aFullyDetailedEventDocument: EventDocument = anEventDocument({
  id: 42,
  revision: 7,
  language: 'ca',
  author: '3',
  status: 'private',
  publishedUtc: '2025-02-02 08:30:00',
  title: 'Concert de Nadal',
  description: '<p>Cor i orquestra.</p>',
  excerpt: 'Música',
  slug: 'concert-de-nadal',
  timezone: 'Europe/Madrid',
  allDay: true,
  start: '2025-12-24 00:00:00',
  end: '2025-12-24 23:59:59',
  startUtc: '2025-12-23 23:00:00',
  endUtc: '2025-12-24 22:59:59',
  cost: { entries: ['10', '15.50'] },
  website: 'https://example.org/nadal',
  showMap: true,
  showMapLink: true,
  sticky: true,
  featured: true,
  image: { id: 90, url: 'https://example.org/nadal.jpg' },
  categories: [5, 6],
  tags: [8],
  venues: [11],
  venueLocations: [{ type: 'Point', coordinates: [2.17, 41.38] }],
  organizers: [12, 13],
  passwordHash: '5e884898da28047151d0e56f8dc6292773603d0d6aabbdd62a11ef721d1542d8',
  modifiedUtc: '2025-02-03 10:00:00',
  timezoneAbbr: 'CET',
  statusBeforeTrash: null,
});

/** The facts an `EventScheduled` of `anEventDocument()` carries: the document without what the projection adds. */
export function anEventsFacts(): EventFacts {
  const {
    id: _id,
    revision: _r,
    modifiedUtc: _m,
    timezoneAbbr: _a,
    searchText: _s,
    statusBeforeTrash: _t,
    ...facts
  } = anEventDocument();
  return facts;
}

/** The context of commands written by projection tests: user 1 at a fixed instant, one correlation per file. */
export function aCommandContext() {
  return { actor: '1', now: new Date('2026-11-22T10:00:00Z'), correlationId: randomUUID(), causationId: randomUUID() };
}
