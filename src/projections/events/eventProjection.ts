// Feeds calendar event domain events to the pure event projector, embeds the linked items, and keeps term counts.
import { eventStreamTypes } from '../../events/catalogue/streams.ts';
import { isCalendarEventEvent } from '../../events/catalogue/calendarEvents.ts';
import type { TypedProjectionHandler } from '../projectionStep.ts';
import type { ReadStore } from '../readStore.ts';
import type { TermCollection } from '../terms/termCollection.ts';
import { embedLinks, linksUnchanged } from '../links/embedLinks.ts';
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
  async apply(event, recorded, readStore) {
    if (!isCalendarEventEvent(event)) return;
    const current = await readStore.events.get(event.data.id);
    const at = appliedOf(recorded);
    const update = eventUpdate(current, event, at);
    // Delivered again: this step may have failed after writing the document, before its counts (termCounts.ts).
    if (!update) return settleStaleCounts(readStore);
    const next = eventDocumentOf(update, at, await embeddedAfter(readStore, update, memos), memos);
    await markChangedCountsStale(readStore, current, next);
    await readStore.events.put(next);
    await recountTerms(readStore, current, next);
    if (next.occurrences) await projectOccurrences(readStore, next, memos);
    if (isSeriesEvent(event)) await removeOccurrences(readStore, removedBy(event), next.revision);
  },
});

/** Every occurrence of the series follows the series item as it now stands (docs/api.md §20.3). */
async function projectOccurrences(readStore: ReadStore, series: EventDocument, memos: ProjectionMemos) {
  for (const occurrence of series.occurrences ?? []) {
    const current = await readStore.events.get(occurrence.id);
    if (current && current.revision >= series.revision) continue;
    const facts = occurrenceFactsFrom(series, occurrence, memos);
    const embedded = linksUnchanged(series, facts) ? series.embedded : await embedLinks(readStore, facts, memos.lists);
    const next = occurrenceDocumentOf(series, occurrence, facts, current, embedded, memos);
    await readStore.events.put(next);
    await recountTerms(readStore, current, next);
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

async function removeOccurrences(readStore: ReadStore, removed: readonly number[], revision: number) {
  for (const id of removed) {
    const current = await readStore.events.get(id);
    if (!current || current.revision >= revision) continue;
    const next = removedOccurrenceOf(current, revision);
    await readStore.events.put(next);
    await recountTerms(readStore, current, next);
  }
}

async function embeddedAfter(readStore: ReadStore, update: EventUpdate, memos: ProjectionMemos) {
  const { previous, facts } = update;
  return previous && linksUnchanged(previous, facts) ? previous.embedded : embedLinks(readStore, facts, memos.lists);
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
async function recountTerms(
  readStore: ReadStore,
  before: EventDocument | undefined,
  after: EventDocument,
): Promise<void> {
  await recount(
    readStore.categories,
    countedTerms(before, 'categories'),
    countedTerms(after, 'categories'),
    after.language,
  );
  await recount(readStore.tags, countedTerms(before, 'tags'), countedTerms(after, 'tags'), after.language);
}

async function recount(
  collection: TermCollection,
  was: readonly number[],
  is: readonly number[],
  language: string,
): Promise<void> {
  // The same list (links left alone, published before and after) or nothing counted either way.
  if (was === is) return;
  for (const [id, change] of countChanges(was, is)) {
    if (change === 0) continue;
    const term = await collection.get(id);
    // Only events of the term's own language count (an event never changes language).
    if (term && term.doc.language === language) await collection.setCount(id, Math.max(0, term.count + change));
  }
}

/** Term id → change of its count; an event newly counted (or no longer) moves each of its terms by one. */
function countChanges(was: readonly number[], is: readonly number[]): Iterable<readonly [number, number]> {
  if (was.length === 0) return is.map((id) => [id, 1] as const);
  if (is.length === 0) return was.map((id) => [id, -1] as const);
  const delta = new Map<number, number>();
  for (const id of was) delta.set(id, (delta.get(id) ?? 0) - 1);
  for (const id of is) delta.set(id, (delta.get(id) ?? 0) + 1);
  return delta;
}
