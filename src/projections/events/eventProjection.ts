// Feeds calendar event domain events to the pure event projector, embeds the linked items, and keeps term counts.
import { eventStreamTypes } from '../../events/catalogue/streams.ts';
import { isCalendarEventEvent } from '../../events/catalogue/calendarEvents.ts';
import type { TypedProjectionHandler } from '../projectionStep.ts';
import type { ProjectedTerms, ProjectionTarget } from '../projectionTarget.ts';
import { embedLinksNow, linksUnchanged } from '../links/embedLinks.ts';
import type { ProjectionMemos } from '../projectionMemos.ts';
import type { EventDocument } from './eventDocument.ts';
import { isSeriesEvent, type SeriesEvent } from '../../events/catalogue/seriesEvents.ts';
import { occurrenceDocumentOf, occurrenceFactsFrom, removedOccurrenceOf } from './occurrenceDocument.ts';
import { markChangedCountsStale, settleStaleCounts } from '../terms/termCounts.ts';
import { appliedOf, eventDocumentOf, eventUpdate, type EventUpdate } from './eventProjector.ts';

/** `memos`: the read model's own, given once, so applying an event allocates none. */
export const eventProjection = (memos: ProjectionMemos): TypedProjectionHandler => ({
  name: 'events',
  eventTypes: eventStreamTypes,
  handles: isCalendarEventEvent,
  apply(event, recorded, target) {
    if (!isCalendarEventEvent(event)) return;
    const current = target.events.get(event.data.id);
    const at = appliedOf(recorded);
    const update = eventUpdate(current, event, at);
    // Delivered again: this step may have failed after writing the document, before its counts (termCounts.ts).
    if (!update) return settleStaleCounts(target);
    const next = eventDocumentOf(update, at, embeddedAfter(target, update, memos), memos);
    markChangedCountsStale(target, current, next);
    target.events.put(next);
    recountTerms(target, current, next);
    if (next.occurrences) projectOccurrences(target, next, memos);
    if (isSeriesEvent(event)) removeOccurrences(target, removedBy(event), next.revision);
  },
});

/** Every occurrence of the series follows the series item as it now stands (docs/api.md §20.3). */
function projectOccurrences(target: ProjectionTarget, series: EventDocument, memos: ProjectionMemos): void {
  for (const occurrence of series.occurrences ?? []) {
    const current = target.events.get(occurrence.id);
    if (current && current.revision >= series.revision) continue;
    const facts = occurrenceFactsFrom(series, occurrence, memos);
    const embedded = linksUnchanged(series, facts) ? series.embedded : embedLinksNow(target, facts, memos.lists);
    const next = occurrenceDocumentOf(series, occurrence, facts, current, embedded, memos);
    target.events.put(next);
    recountTerms(target, current, next);
  }
}

/** The occurrences a series event took out of the series. */
const removedBy = (event: SeriesEvent): readonly number[] => {
  switch (event.type) {
    case 'EventRecurrenceSet':
    case 'EventRecurrenceRemoved':
    case 'EventSeriesSplit':
      return event.data.removed;
    case 'EventOccurrenceCancelled':
      return [event.data.occurrence];
    case 'EventOccurrenceChanged':
      return [];
  }
};

function removeOccurrences(target: ProjectionTarget, removed: readonly number[], revision: number): void {
  for (const id of removed) {
    const current = target.events.get(id);
    if (!current || current.revision >= revision) continue;
    const next = removedOccurrenceOf(current, revision);
    target.events.put(next);
    recountTerms(target, current, next);
  }
}

function embeddedAfter(target: ProjectionTarget, update: EventUpdate, memos: ProjectionMemos) {
  const { previous, facts } = update;
  return previous && linksUnchanged(previous, facts) ? previous.embedded : embedLinksNow(target, facts, memos.lists);
}

const noTerms: readonly number[] = [];

function countedTerms(doc: EventDocument | undefined, field: 'categories' | 'tags'): readonly number[] {
  return doc && doc.status === 'publish' ? doc[field] : noTerms;
}

/**
 * Term counts are published events per term and language (docs/api.md §4.5). Each applied event moves them by the
 * difference it makes: the event counted before for some terms, and after for others. Applying an event once per
 * revision (the guard above) keeps the sums exact, on replays too; a step interrupted between its writes leaves its
 * counts marked stale, and they are derived again when the event is delivered again.
 */
function recountTerms(target: ProjectionTarget, before: EventDocument | undefined, after: EventDocument): void {
  recount(target.categories, countedTerms(before, 'categories'), countedTerms(after, 'categories'), after.language);
  recount(target.tags, countedTerms(before, 'tags'), countedTerms(after, 'tags'), after.language);
}

function recount(collection: ProjectedTerms, was: readonly number[], is: readonly number[], language: string): void {
  // The same list (links left alone, published before and after) or nothing counted either way.
  if (was === is) return;
  // Counted on one side only (a new or newly published event, one no longer published): no changes to work out.
  if (was.length === 0 || is.length === 0) {
    const change = was.length === 0 ? 1 : -1;
    const ids = was.length === 0 ? is : was;
    for (let i = 0; i < ids.length; i++) move(collection, ids[i] as number, change, language);
    return;
  }
  // Each term once, in the order it first appears (those counted before first): its count moves by how many more
  // times the event counts for it now. The lists are a few ids long: no map is worth making.
  for (let i = 0; i < was.length; i++) {
    const id = was[i] as number;
    if (was.indexOf(id) === i) moveBy(collection, id, occurrences(is, id) - occurrences(was, id), language);
  }
  for (let i = 0; i < is.length; i++) {
    const id = is[i] as number;
    if (is.indexOf(id) === i && !was.includes(id)) moveBy(collection, id, occurrences(is, id), language);
  }
}

function moveBy(collection: ProjectedTerms, id: number, change: number, language: string): void {
  if (change !== 0) move(collection, id, change, language);
}

/** Only events of the term's own language count (an event never changes language). */
function move(collection: ProjectedTerms, id: number, change: number, language: string): void {
  if (collection.document(id)?.language === language)
    collection.setCount(id, Math.max(0, collection.count(id) + change));
}

function occurrences(ids: readonly number[], id: number): number {
  let found = 0;
  for (let i = 0; i < ids.length; i++) if (ids[i] === id) found++;
  return found;
}
