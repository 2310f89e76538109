// The document of an event just written, as the write left it: what a write's answer renders (docs/api.md §10.1).
import type { RecordedEvent } from '../../events/eventStore.ts';
import type { FoldSource } from '../history/streamFolds.ts';
import { foldDocument } from '../history/documentFold.ts';
import { embedLinks } from '../links/embedLinks.ts';
import type { ReadStore } from '../readStore.ts';
import type { EventDocument } from './eventDocument.ts';
import { eventDocumentAt, type EventFolding } from './eventDocumentAt.ts';
import { occurrenceDocumentOf, occurrenceFactsFrom } from './occurrenceDocument.ts';

/** What a write reports of the event: its id and revision, and its stream when the write knew it without reading. */
export interface WrittenEvent {
  readonly id: number;
  readonly revision: bigint;
  readonly stream?: readonly RecordedEvent[];
  /** A write to an occurrence: the series whose stream holds it (docs/api.md §20.3). */
  readonly series?: number;
}

/**
 * The read model's document when it is at the write's revision; else folded from the event's own stream (as the write
 * knew it, or read up to the write), so concurrent writes never lend it their state, with the linked items embedded
 * from the read model, which a write's answer has waited for. Undefined only if the stream does not hold the write.
 */
export async function writtenEventDocument(
  store: FoldSource,
  readStore: ReadStore,
  written: WrittenEvent,
  folding: EventFolding,
): Promise<EventDocument | undefined> {
  const { id, revision, stream, series } = written;
  if (series === undefined) {
    // The read model at exactly this write's revision holds the same fold of the same events, its copies of linked
    // items as current as a fresh embedding: no need to fold and embed again. At any other revision (a later write
    // to the event, or a read model the wait gave up on) the answer is folded from the stream.
    const projected = await readStore.events.get(id);
    if (projected !== undefined && BigInt(projected.revision) === revision) return projected;
  }
  const streamOwner = series ?? id;
  const folded = stream
    ? foldDocument(folding.fold, stream)
    : await eventDocumentAt(store, folding, streamOwner, revision);
  if (!folded) return undefined;
  const { lists, venues } = folding.memos;
  if (series !== undefined) return writtenOccurrence(readStore, folded, id, folding);
  const embedded = await embedLinks(readStore, folded, lists);
  // Folded from the stream alone, the document lacks what the projection derives from linked items.
  return { ...folded, embedded, venueLocations: venues.of(embedded.venues) };
}

/**
 * An occurrence as the write to its series left it. A cancelled one is no longer planned: the read model's document,
 * which the answer waited for, is final (nothing writes a cancelled occurrence again).
 */
async function writtenOccurrence(
  readStore: ReadStore,
  series: EventDocument,
  id: number,
  folding: EventFolding,
): Promise<EventDocument | undefined> {
  const occurrence = series.occurrences?.find((planned) => planned.id === id);
  if (!occurrence) return readStore.events.get(id);
  const facts = occurrenceFactsFrom(series, occurrence, folding.memos);
  const embedded = await embedLinks(readStore, facts, folding.memos.lists);
  return occurrenceDocumentOf(series, occurrence, facts, undefined, embedded, folding.memos);
}
