// Folds a venue's or organizer's stream up to a revision into its document: the state a write produced.
import type { EventStore } from '../../events/eventStore.ts';
import { decodeDomainEvent } from '../../events/catalogue/envelope.ts';
import { isVenueEvent, venueStreamId } from '../../events/catalogue/venues.ts';
import { isOrganizerEvent, organizerStreamId } from '../../events/catalogue/organizers.ts';
import { appliedOf } from '../events/eventProjector.ts';
import { projectVenue } from '../venues/venueProjection.ts';
import { projectOrganizer } from '../organizers/organizerProjection.ts';
import type { VenueDocument } from '../venues/venueDocument.ts';
import type { OrganizerDocument } from '../organizers/organizerDocument.ts';

async function recordedUpTo(store: EventStore, streamId: string, revision: bigint) {
  return (await store.readStream(streamId, { maxCount: Number(revision) + 1 })).map((recorded) => ({ recorded, event: decodeDomainEvent(recorded) }));
}

export async function venueDocumentAt(store: EventStore, id: number, revision: bigint): Promise<VenueDocument | undefined> {
  let doc: VenueDocument | undefined;
  for (const { recorded, event } of await recordedUpTo(store, venueStreamId(id), revision)) {
    if (event && isVenueEvent(event)) doc = projectVenue(doc, event, appliedOf(recorded));
  }
  return doc;
}

export async function organizerDocumentAt(store: EventStore, id: number, revision: bigint): Promise<OrganizerDocument | undefined> {
  let doc: OrganizerDocument | undefined;
  for (const { recorded, event } of await recordedUpTo(store, organizerStreamId(id), revision)) {
    if (event && isOrganizerEvent(event)) doc = projectOrganizer(doc, event, appliedOf(recorded));
  }
  return doc;
}
