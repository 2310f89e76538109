// The organizer projector (pure) and the projection handler that stores its documents.
import { isOrganizerEvent, type OrganizerEvent, type OrganizerFacts } from '../../events/catalogue/organizers.ts';
import { organizerFactOf } from '../../events/catalogue/itemFacts.ts';
import type { TypedProjectionHandler } from '../projectionStep.ts';
import { appliedOf, type Applied } from '../events/eventProjector.ts';
import { searchTextOf } from '../posts/itemDocument.ts';
import { projectItem } from '../posts/itemProjector.ts';
import type { OrganizerDocument } from './organizerDocument.ts';

const organizerSearchText = (f: OrganizerFacts): string =>
  searchTextOf([f.name, f.description, f.excerpt, f.phone, f.email, f.website]);

export function projectOrganizer(
  doc: OrganizerDocument | undefined,
  event: OrganizerEvent,
  at: Applied,
): OrganizerDocument | undefined {
  return projectItem(doc, organizerFactOf(event), at, organizerSearchText);
}

export const organizerProjection: TypedProjectionHandler = {
  name: 'organizers',
  eventTypes: ['OrganizerRegistered', 'OrganizerDetailsChanged', 'OrganizerTrashed'],
  handles: isOrganizerEvent,
  apply(event, recorded, target) {
    if (!isOrganizerEvent(event)) return;
    const current = target.organizers.get(event.data.id);
    const next = projectOrganizer(current, event, appliedOf(recorded));
    if (next && next !== current) target.organizers.put(next);
  },
};
