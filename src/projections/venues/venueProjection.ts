// The venue projector (pure) and the projection handler that stores its documents.
import { isVenueEvent, type VenueChanges, type VenueEvent, type VenueFacts } from '../../events/catalogue/venues.ts';
import { venueFactOf, type ItemFact } from '../../events/catalogue/itemFacts.ts';
import type { TypedProjectionHandler } from '../projectionStep.ts';
import { appliedOf, type Applied } from '../events/eventProjector.ts';
import { searchTextOf } from '../posts/itemDocument.ts';
import { projectItem } from '../posts/itemProjector.ts';
import {
  storedCoordinateChanges,
  storedCoordinates,
  type StoredVenueFacts,
  type VenueDocument,
} from './venueDocument.ts';

const venueSearchText = (f: StoredVenueFacts): string =>
  searchTextOf([
    f.name,
    f.description,
    f.excerpt,
    f.address,
    f.city,
    f.province,
    f.state,
    f.stateprovince,
    f.zip,
    f.phone,
  ]);

/** A venue fact with its coordinates as the document stores them; a change sets only the coordinates it holds. */
export function storedVenueFact(fact: ItemFact<VenueFacts, VenueChanges>): ItemFact<StoredVenueFacts> {
  switch (fact.type) {
    case 'registered': {
      const { geo, ...facts } = fact.facts;
      return { ...fact, facts: { ...facts, ...storedCoordinates(geo) } };
    }
    case 'changed': {
      const { geo, ...changes } = fact.changes;
      return { ...fact, changes: geo === undefined ? changes : { ...changes, ...storedCoordinateChanges(geo) } };
    }
    case 'trashed':
      return fact;
  }
}

export function projectVenue(
  doc: VenueDocument | undefined,
  event: VenueEvent,
  at: Applied,
): VenueDocument | undefined {
  return projectItem(doc, storedVenueFact(venueFactOf(event)), at, venueSearchText);
}

export const venueProjection: TypedProjectionHandler = {
  name: 'venues',
  eventTypes: ['VenueRegistered', 'VenueDetailsChanged', 'VenueTrashed'],
  handles: isVenueEvent,
  apply(event, recorded, target) {
    if (!isVenueEvent(event)) return;
    const current = target.venues.get(event.data.id);
    const next = projectVenue(current, event, appliedOf(recorded));
    if (next && next !== current) target.venues.put(next);
  },
};
