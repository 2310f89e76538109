// The past of one occurrence of a series (docs/api.md §19, §20.3). An occurrence has no stream of its own: its
// history is the series stream's events that concern it, and its past state the document the projection would have
// derived from the series as it then stood (occurrenceDocument.ts), so history, `as_of` and the read model agree.
import type { RecordedEvent } from '../../events/eventStore.ts';
import { eventStreamId } from '../../events/catalogue/calendarEvents.ts';
import { decodeDomainEvent } from '../../events/catalogue/envelope.ts';
import { noEmbeddedLinks, type EventDocument } from '../events/eventDocument.ts';
import type { EventFolding } from '../events/eventDocumentAt.ts';
import { occurrenceDocumentOf, occurrenceFactsFrom, removedOccurrenceOf } from '../events/occurrenceDocument.ts';
import { changesBetween } from './documentChanges.ts';
import type { GlobalPoint } from './foldPoint.ts';
import { readStreamUpTo } from './foldPoint.ts';
import { historyEntryOf, type HistoryEntry } from './historyEntries.ts';
import { embedLinksAt } from './pastEventDocument.ts';
import { resourceHistoryKindOf, type ResourceHistoryKinds } from './resourceHistoryKinds.ts';
import { foldsOf, type FoldSource } from './streamFolds.ts';

/** One event of the series stream and the occurrence's document before and after it (undefined: not planned yet). */
export interface OccurrenceStep {
  readonly recorded: RecordedEvent;
  readonly before: EventDocument | undefined;
  readonly after: EventDocument | undefined;
}

/** The occurrence's document after each of the series' events, in stream order (pure). */
export function occurrenceSteps(
  folding: EventFolding,
  occurrenceId: number,
  events: readonly RecordedEvent[],
): OccurrenceStep[] {
  let series: EventDocument | undefined;
  let doc: EventDocument | undefined;
  return events.map((recorded) => {
    series = folding.fold(series, recorded);
    const before = doc;
    doc = occurrenceAfter(folding, series, occurrenceId, before);
    return { recorded, before, after: doc };
  });
}

/** As the projection makes it: planned, the series' facts with its exception; no longer planned, in the trash. */
function occurrenceAfter(
  folding: EventFolding,
  series: EventDocument | undefined,
  occurrenceId: number,
  previous: EventDocument | undefined,
): EventDocument | undefined {
  const planned = series?.occurrences?.find((occurrence) => occurrence.id === occurrenceId);
  if (series && planned) {
    const facts = occurrenceFactsFrom(series, planned, folding.memos);
    return occurrenceDocumentOf(series, planned, facts, previous, noEmbeddedLinks, folding.memos);
  }
  return previous && series ? removedOccurrenceOf(previous, series.revision) : previous;
}

/** An exception or a cancellation of this occurrence, even one that changed nothing shown. */
function namesOccurrence(recorded: RecordedEvent, occurrenceId: number): boolean {
  const event = decodeDomainEvent(recorded);
  if (event?.type !== 'EventOccurrenceChanged' && event?.type !== 'EventOccurrenceCancelled') return false;
  return event.data.occurrence === occurrenceId;
}

/**
 * The entries of the series stream that concern the occurrence: the plan that created it, the series changes it
 * followed, its exception writes, its cancellation or removal. Changes to other occurrences are left out.
 */
export function occurrenceHistory(
  kinds: ResourceHistoryKinds,
  folding: EventFolding,
  seriesId: number,
  occurrenceId: number,
  events: readonly RecordedEvent[],
): HistoryEntry[] {
  const ignored = resourceHistoryKindOf(kinds, eventStreamId(seriesId))?.ignored ?? new Set<string>();
  const entries: HistoryEntry[] = [];
  for (const { recorded, before, after } of occurrenceSteps(folding, occurrenceId, events)) {
    const changes = before === after ? {} : changesBetween(before, after, ignored);
    if (Object.keys(changes).length > 0 || namesOccurrence(recorded, occurrenceId))
      entries.push(historyEntryOf(recorded, changes));
  }
  return entries;
}

/** The occurrence as it was at `point`, with the linked items as they were then; undefined when not planned yet. */
export async function pastOccurrenceDocument(
  store: FoldSource,
  folding: EventFolding,
  seriesId: number,
  occurrenceId: number,
  point: GlobalPoint,
): Promise<EventDocument | undefined> {
  const events = await readStreamUpTo(foldsOf(store).store, eventStreamId(seriesId), point);
  const folded = occurrenceSteps(folding, occurrenceId, events).at(-1)?.after;
  if (!folded) return undefined;
  const embedded = await embedLinksAt(store, folded, point);
  return { ...folded, embedded, venueLocations: folding.memos.venues.of(embedded.venues) };
}
