// The pure fold from calendar event domain events to the event read-model document.
import type { CalendarEventEvent, EventFacts } from '../../events/catalogue/calendarEvents.ts';
import type { PostStatus } from '../../events/catalogue/values.ts';
import { timeZoneAbbreviation } from '../../domain/timeZone.ts';
import { instantToLocal, wallClockSeconds } from '../../domain/localDateTime.ts';
import type { RecordedEvent } from '../../events/eventStore.ts';
import { noEmbeddedLinks, type EmbeddedLinks, type EventDocument } from './eventDocument.ts';
import { venueLocationsOf } from './venueLocations.ts';
import { groupOf } from '../translationGroups.ts';

export interface Applied {
  /** Stream revision of the event being applied. */
  readonly revision: number;
  /** When it happened (metadata `occurredAt`), UTC wall clock. */
  readonly occurredUtc: string;
}

/** Where and when a recorded event happened, as the projector needs it. */
export function appliedOf(recorded: RecordedEvent): Applied {
  return { revision: Number(recorded.revision), occurredUtc: instantToLocal(new Date(String(recorded.metadata.occurredAt)), 'UTC') };
}

/**
 * Returns the document after the event, or the document unchanged when the event is not newer than it, which makes
 * re-delivery (replay after a crash between document and checkpoint writes) harmless.
 */
export function projectEvent(
  doc: EventDocument | undefined,
  event: CalendarEventEvent,
  at: Applied,
  /** Copies of the linked items after the event; omitted: the previous document's. */
  embedded: EmbeddedLinks = doc?.embedded ?? noEmbeddedLinks,
): EventDocument | undefined {
  if (doc && at.revision <= doc.revision) return doc;
  switch (event.type) {
    case 'EventScheduled':
      return documentOf(event.data.id, event.data.facts, at, null, embedded, event.data.translationOf ?? event.data.id);
    case 'EventDetailsChanged': {
      if (!doc) return undefined;
      const next = { ...doc, ...event.data.changes };
      return documentOf(doc.id, next, at, next.status === 'trash' ? doc.statusBeforeTrash : null, embedded, groupOf(doc));
    }
    case 'EventTrashed':
      return doc && documentOf(doc.id, { ...doc, status: 'trash', slug: event.data.slug }, at, event.data.previousStatus, embedded, groupOf(doc));
  }
}

/**
 * Built as one literal with a fixed key order: documents then share one hidden class, which keeps the list scans
 * (a property read per filter per document) fast; spreading many keys into a new object would not.
 */
function documentOf(
  id: number,
  f: EventFacts,
  at: Applied,
  statusBeforeTrash: PostStatus | null,
  embedded: EmbeddedLinks,
  translationGroup: number,
): EventDocument {
  return {
    id,
    revision: at.revision,
    modifiedUtc: at.occurredUtc,
    timezoneAbbr: timeZoneAbbreviation(f.timezone, f.startUtc),
    startKey: wallClockSeconds(f.start),
    endKey: wallClockSeconds(f.end),
    statusBeforeTrash,
    searchText: [f.title, f.excerpt, f.description].map((s) => s.toLowerCase()).join('\u0000'),
    translationGroup,
    language: f.language,
    author: f.author,
    status: f.status,
    publishedUtc: f.publishedUtc,
    title: f.title,
    description: f.description,
    excerpt: f.excerpt,
    slug: f.slug,
    timezone: f.timezone,
    allDay: f.allDay,
    start: f.start,
    end: f.end,
    startUtc: f.startUtc,
    endUtc: f.endUtc,
    cost: f.cost,
    website: f.website,
    showMap: f.showMap,
    showMapLink: f.showMapLink,
    hideFromListings: f.hideFromListings,
    sticky: f.sticky,
    featured: f.featured,
    image: f.image,
    categories: f.categories,
    tags: f.tags,
    venues: f.venues,
    organizers: f.organizers,
    passwordSha256: f.passwordSha256,
    embedded,
    venueLocations: venueLocationsOf(embedded.venues),
  };
}
