// Folds an event's stream up to a point into its document: the state a write produced, or a past state.
import { decodeDomainEvent } from '../../events/catalogue/envelope.ts';
import { eventStreamId, isCalendarEventEvent } from '../../events/catalogue/calendarEvents.ts';
import type { DocumentFold } from '../history/documentFold.ts';
import type { FoldPoint } from '../history/foldPoint.ts';
import { foldsOf, type FoldSource } from '../history/streamFolds.ts';
import type { ProjectionMemos } from '../projectionMemos.ts';
import type { EventDocument } from './eventDocument.ts';
import { appliedOf, projectEvent } from './eventProjector.ts';

/**
 * The event fold and the memos its documents are built with. Made once by the composition root (`eventFoldingOf`):
 * the fold cache knows states by the fold's identity, so a fold made per call would never find one.
 */
export interface EventFolding {
  readonly memos: ProjectionMemos;
  /** The event's own stream only: embedded copies of linked items stay empty (callers embed them as they need). */
  readonly fold: DocumentFold<EventDocument>;
}

export function eventFoldingOf(memos: ProjectionMemos): EventFolding {
  const fold: DocumentFold<EventDocument> = (doc, recorded) => {
    const event = decodeDomainEvent(recorded);
    return event && isCalendarEventEvent(event) ? projectEvent(doc, event, appliedOf(recorded), memos) : doc;
  };
  return { memos, fold };
}

/** `at`: a revision (bigint) or any fold point. */
export async function eventDocumentAt(
  source: FoldSource,
  folding: EventFolding,
  id: number,
  at: bigint | FoldPoint,
): Promise<EventDocument | undefined> {
  return (await foldsOf(source).foldAt(eventStreamId(id), folding.fold, at)).doc;
}
