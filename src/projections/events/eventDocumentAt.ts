// Folds an event's stream up to a revision into its document: the state a write produced, or a past state.
import type { EventStore } from '../../events/eventStore.ts';
import { decodeDomainEvent } from '../../events/catalogue/envelope.ts';
import { eventStreamId } from '../../events/catalogue/calendarEvents.ts';
import { instantToLocal } from '../../domain/localDateTime.ts';
import type { EventDocument } from './eventDocument.ts';
import { projectEvent } from './eventProjector.ts';

export async function eventDocumentAt(store: EventStore, id: number, revision: bigint): Promise<EventDocument | undefined> {
  let doc: EventDocument | undefined;
  for (const recorded of await store.readStream(eventStreamId(id), { maxCount: Number(revision) + 1 })) {
    const event = decodeDomainEvent(recorded);
    if (event?.type !== 'EventScheduled' && event?.type !== 'EventDetailsChanged' && event?.type !== 'EventTrashed') continue;
    const occurredUtc = instantToLocal(new Date(String(recorded.metadata.occurredAt)), 'UTC');
    doc = projectEvent(doc, event, { revision: Number(recorded.revision), occurredUtc });
  }
  return doc;
}
