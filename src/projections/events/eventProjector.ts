// The pure fold from calendar event domain events to the event read-model document.
import type { CalendarEventEvent, EventFacts } from '../../events/catalogue/calendarEvents.ts';
import type { PostStatus } from '../../events/catalogue/values.ts';
import { eventFactOf } from '../../events/catalogue/eventFacts.ts';
import { foldPost } from '../../events/catalogue/postFold.ts';
import { instantToUtc, wallClockSeconds } from '../../domain/localDateTime.ts';
import type { RecordedEvent } from '../../events/eventStore.ts';
import { noEmbeddedLinks, type EmbeddedLinks, type EventDocument } from './eventDocument.ts';
import { groupOf } from '../translationGroups.ts';
import type { ProjectionMemos } from '../projectionMemos.ts';
import { foldSeries, isSeriesEvent, type SeriesFacts } from '../../events/catalogue/seriesEvents.ts';

export interface Applied {
  /** Stream revision of the event being applied. */
  readonly revision: number;
  /** When it happened (metadata `occurredAt`), UTC wall clock. */
  readonly occurredUtc: string;
}

/** Where and when a recorded event happened, as the projector needs it. */
export function appliedOf(recorded: RecordedEvent): Applied {
  return { revision: Number(recorded.revision), occurredUtc: occurredUtcOf(recorded.metadata.occurredAt) };
}

/**
 * Every projected event passes here. The writers record `occurredAt` as `Date.toISOString()` gives it
 * (`2026-03-01T10:00:00.000Z`), whose digits are the UTC wall clock already: read them without building a Date. Any
 * other form goes the long way. (No memo of the last value: it would be state shared by every projector in the
 * process.)
 */
function occurredUtcOf(occurredAt: unknown): string {
  if (typeof occurredAt === 'string' && occurredAt.length === 24 && occurredAt[10] === 'T' && occurredAt[23] === 'Z') {
    // join, not a template: documents keep this value, and a template's result is a rope of pieces twice the size.
    return [occurredAt.slice(0, 10), occurredAt.slice(11, 19)].join(' ');
  }
  return instantToUtc(new Date(String(occurredAt)));
}

/** What an event makes of a document, before the linked items are embedded. */
export interface EventUpdate {
  readonly id: number;
  readonly facts: EventFacts;
  readonly statusBeforeTrash: PostStatus | null;
  readonly translationGroup: number;
  /**
   * The document the event applies to, whose derived values are reused where the facts they come from are unchanged.
   */
  readonly previous: EventDocument | undefined;
  /** The series the event is the item of after the event (docs/api.md §20); undefined for a single event. */
  readonly series: SeriesFacts | undefined;
}

/** The series a series item's document holds. */
export const seriesOfDocument = (doc: EventDocument | undefined): SeriesFacts | undefined =>
  doc?.recurrence && doc.occurrences
    ? { recurrence: doc.recurrence, occurrences: doc.occurrences, exceptions: doc.exceptions ?? {} }
    : undefined;

/**
 * The update an event makes, or undefined when it makes none: the event is not newer than the document (re-delivery
 * after a crash between document and checkpoint writes), or it changes an event never scheduled.
 */
export function eventUpdate(
  doc: EventDocument | undefined,
  event: CalendarEventEvent,
  at: Applied,
): EventUpdate | undefined {
  if (doc && at.revision <= doc.revision) return undefined;
  const fact = eventFactOf(event);
  // The document holds the facts, so it folds as them (only the fact keys are read from the result).
  const folded = foldPost(
    doc && { id: doc.id, facts: doc as EventFacts, statusBeforeTrash: doc.statusBeforeTrash },
    fact,
  );
  if (!folded) return undefined;
  const translationGroup =
    fact.type === 'registered' ? (fact.translationOf ?? fact.id) : doc ? groupOf(doc) : folded.id;
  const series = isSeriesEvent(event) ? foldSeries(seriesOfDocument(doc), event) : seriesOfDocument(doc);
  // A literal, not a spread of `folded`: every projected event passes here.
  return {
    id: folded.id,
    facts: folded.facts,
    statusBeforeTrash: folded.statusBeforeTrash,
    translationGroup,
    previous: doc,
    series,
  };
}

/**
 * Returns the document after the event, or the document unchanged when the event is not newer than it, which makes
 * re-delivery (replay after a crash between document and checkpoint writes) harmless.
 */
export function projectEvent(
  doc: EventDocument | undefined,
  event: CalendarEventEvent,
  at: Applied,
  memos: ProjectionMemos,
  /** Copies of the linked items after the event; omitted: the previous document's. */
  embedded: EmbeddedLinks = doc?.embedded ?? noEmbeddedLinks,
): EventDocument | undefined {
  if (doc && at.revision <= doc.revision) return doc;
  const update = eventUpdate(doc, event, at);
  return update && eventDocumentOf(update, at, embedded, memos);
}

/**
 * Built as one literal with a fixed key order: documents then share one hidden class, which keeps the list scans
 * (a property read per filter per document) fast; spreading many keys into a new object would not.
 */
export function eventDocumentOf(
  update: EventUpdate,
  at: Applied,
  embedded: EmbeddedLinks,
  memos: ProjectionMemos,
): EventDocument {
  const { id, facts: f, statusBeforeTrash, translationGroup, previous, series } = update;
  const { zones, lists, venues, costs } = memos;
  const doc: EventDocument = {
    id,
    revision: at.revision,
    modifiedUtc: at.occurredUtc,
    timezoneAbbr:
      previous?.timezone === f.timezone && previous.startUtc === f.startUtc
        ? previous.timezoneAbbr
        : zones.abbreviation(f.timezone, f.startUtc),
    startKey: wallClockSeconds(f.start),
    endKey: wallClockSeconds(f.end),
    statusBeforeTrash,
    searchText: searchTextAfter(f, previous),
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
    cost: costs.of(f.cost, previous?.cost),
    website: f.website,
    showMap: f.showMap,
    showMapLink: f.showMapLink,
    hideFromListings: f.hideFromListings,
    sticky: f.sticky,
    featured: f.featured,
    image: f.image,
    categories: lists.ids(f.categories),
    tags: lists.ids(f.tags),
    venues: lists.ids(f.venues),
    organizers: lists.ids(f.organizers),
    passwordHash: f.passwordHash,
    embedded,
    venueLocations: venues.of(embedded.venues),
  };
  return series ? withSeries(doc, series) : doc;
}

/**
 * The title, excerpt and description lower-cased and joined by NUL, so that a search never matches across two fields.
 * The previous document's own string when the three are unchanged (series events, edits of other fields): no new
 * string per event, and the search index sees the same text (searchWordIndex.ts). Else lower-cased once, joined: NUL
 * is neither a cased nor a case-ignorable character, so no context-dependent mapping (the Greek final sigma) reads
 * across it, and the result is that of lower-casing each field.
 */
export function searchTextAfter(f: EventFacts, previous: EventDocument | undefined): string {
  if (previous?.title === f.title && previous.excerpt === f.excerpt && previous.description === f.description)
    return previous.searchText;
  return `${f.title}\u0000${f.excerpt}\u0000${f.description}`.toLowerCase();
}

/** A series item's keys, added after the literal so that the documents of single events keep their one shape. */
const withSeries = (doc: EventDocument, series: SeriesFacts): EventDocument => ({
  ...doc,
  recurrence: series.recurrence,
  recurringEventId: doc.id,
  originalStart: doc.start,
  occurrences: series.occurrences,
  exceptions: series.exceptions,
});
