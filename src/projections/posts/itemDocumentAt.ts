// Folds a venue's or organizer's stream up to a point into its document: the state a write produced, or a past state.
import { decodeDomainEvent } from '../../events/catalogue/envelope.ts';
import { isVenueEvent, venueStreamId } from '../../events/catalogue/venues.ts';
import { isOrganizerEvent, organizerStreamId } from '../../events/catalogue/organizers.ts';
import { appliedOf } from '../events/eventProjector.ts';
import { projectVenue } from '../venues/venueProjection.ts';
import { projectOrganizer } from '../organizers/organizerProjection.ts';
import type { DocumentFold } from '../history/documentFold.ts';
import type { FoldPoint } from '../history/foldPoint.ts';
import { foldsOf, type FoldSource } from '../history/streamFolds.ts';
import type { VenueDocument } from '../venues/venueDocument.ts';
import type { OrganizerDocument } from '../organizers/organizerDocument.ts';

export const venueFold: DocumentFold<VenueDocument> = (doc, recorded) => {
  const event = decodeDomainEvent(recorded);
  return event && isVenueEvent(event) ? projectVenue(doc, event, appliedOf(recorded)) : doc;
};

export const organizerFold: DocumentFold<OrganizerDocument> = (doc, recorded) => {
  const event = decodeDomainEvent(recorded);
  return event && isOrganizerEvent(event) ? projectOrganizer(doc, event, appliedOf(recorded)) : doc;
};

/** `at`: a revision (bigint) or any fold point. */
export async function venueDocumentAt(
  source: FoldSource,
  id: number,
  at: bigint | FoldPoint,
): Promise<VenueDocument | undefined> {
  return (await foldsOf(source).foldAt(venueStreamId(id), venueFold, at)).doc;
}

export async function organizerDocumentAt(
  source: FoldSource,
  id: number,
  at: bigint | FoldPoint,
): Promise<OrganizerDocument | undefined> {
  return (await foldsOf(source).foldAt(organizerStreamId(id), organizerFold, at)).doc;
}
