// Folds an event's stream up to a point into its document: the state a write produced, or a past state.
import type { EventStore } from '../../events/eventStore.ts';
import { decodeDomainEvent } from '../../events/catalogue/envelope.ts';
import { eventStreamId, isCalendarEventEvent } from '../../events/catalogue/calendarEvents.ts';
import { foldDocument, type DocumentFold } from '../history/documentFold.ts';
import { readStreamUpTo, type FoldPoint } from '../history/foldPoint.ts';
import type { EventDocument } from './eventDocument.ts';
import { appliedOf, projectEvent } from './eventProjector.ts';

/** The event's own stream only: embedded copies of linked items stay empty (callers embed them as they need). */
export const eventFold: DocumentFold<EventDocument> = (doc, recorded) => {
  const event = decodeDomainEvent(recorded);
  return event && isCalendarEventEvent(event) ? projectEvent(doc, event, appliedOf(recorded)) : doc;
};

/** `at`: a revision (bigint) or any fold point. */
export async function eventDocumentAt(store: EventStore, id: number, at: bigint | FoldPoint): Promise<EventDocument | undefined> {
  return foldDocument(eventFold, await readStreamUpTo(store, eventStreamId(id), at));
}
