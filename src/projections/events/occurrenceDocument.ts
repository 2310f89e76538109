// The document of one occurrence of a series (docs/api.md §20.2), folded from the series item's document: the
// occurrence's facts (occurrenceFacts.ts: the series' facts on its own dates and slug, its exception over them) made
// into a document like any event's. Pure: the series stream is the only source.
import type { PlannedOccurrence } from '../../events/catalogue/seriesEvents.ts';
import { occurrenceFactsOf } from '../../events/catalogue/occurrenceFacts.ts';
import { trashedSlug } from '../../domain/slug.ts';
import type { EventFacts } from '../../events/catalogue/eventFactsCodec.ts';
import type { ProjectionMemos } from '../projectionMemos.ts';
import type { EmbeddedLinks, EventDocument } from './eventDocument.ts';
import { eventDocumentOf } from './eventProjector.ts';

/** The facts of the occurrence as the series item `series` (a document) now makes them. */
export const occurrenceFactsFrom = (
  series: EventDocument,
  occurrence: PlannedOccurrence,
  memos: ProjectionMemos,
): EventFacts => occurrenceFactsOf(series, occurrence, series.exceptions?.[occurrence.id], memos.zones);

/** The occurrence's document at the series' revision; `embedded`: its linked items (the series' unless it changed). */
export function occurrenceDocumentOf(
  series: EventDocument,
  occurrence: PlannedOccurrence,
  facts: EventFacts,
  previous: EventDocument | undefined,
  embedded: EmbeddedLinks,
  memos: ProjectionMemos,
): EventDocument {
  const doc = eventDocumentOf(
    {
      id: occurrence.id,
      facts,
      statusBeforeTrash: series.statusBeforeTrash,
      translationGroup: occurrence.id,
      previous,
      series: undefined,
    },
    { revision: series.revision, occurredUtc: series.modifiedUtc },
    embedded,
    memos,
  );
  return {
    ...doc,
    recurrence: series.recurrence ?? [],
    recurringEventId: series.id,
    originalStart: occurrence.originalStart,
  };
}

/** An occurrence the series no longer plans (cancelled, a new rule, the series ended): in the trash, out of lists. */
export function removedOccurrenceOf(doc: EventDocument, revision: number): EventDocument {
  if (doc.status === 'trash') return { ...doc, revision };
  return { ...doc, revision, status: 'trash', statusBeforeTrash: doc.status, slug: trashedSlug(doc.slug) };
}
