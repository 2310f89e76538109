// Folds an event's stream up to a revision into its document: the state a write produced, or a past state.
import type { EventStore } from '../../events/eventStore.ts';
import { decodeDomainEvent } from '../../events/catalogue/envelope.ts';
import { eventStreamId, isCalendarEventEvent } from '../../events/catalogue/calendarEvents.ts';
import type { EventDocument } from './eventDocument.ts';
import { appliedOf, projectEvent } from './eventProjector.ts';

export async function eventDocumentAt(store: EventStore, id: number, revision: bigint): Promise<EventDocument | undefined> {
  let doc: EventDocument | undefined;
  for (const recorded of await store.readStream(eventStreamId(id), { maxCount: Number(revision) + 1 })) {
    const event = decodeDomainEvent(recorded);
    if (!event || !isCalendarEventEvent(event)) continue;
    doc = projectEvent(doc, event, appliedOf(recorded));
  }
  return doc;
}
