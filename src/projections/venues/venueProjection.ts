// The venue projector (pure) and the projection handler that stores its documents.
import { isVenueEvent, type VenueEvent } from '../../events/catalogue/venues.ts';
import type { VenueFacts } from '../../events/catalogue/venues.ts';
import { venueKind } from '../../commands/venues/venueKind.ts';
import type { ProjectionHandler } from '../projectionHandler.ts';
import { appliedOf, type Applied } from '../events/eventProjector.ts';
import { searchTextOf } from '../posts/itemDocument.ts';
import { projectItem } from '../posts/itemProjector.ts';
import type { VenueDocument } from './venueDocument.ts';

const venueSearchText = (f: VenueFacts): string =>
  searchTextOf([f.name, f.description, f.excerpt, f.address, f.city, f.province, f.state, f.stateprovince, f.zip, f.phone]);

export function projectVenue(doc: VenueDocument | undefined, event: VenueEvent, at: Applied): VenueDocument | undefined {
  return projectItem(doc, venueKind.factOf(event), at, venueSearchText);
}

export const venueProjection: ProjectionHandler = {
  name: 'venues',
  handles: isVenueEvent,
  async apply(event, recorded, readStore) {
    if (!isVenueEvent(event)) return;
    const current = await readStore.venues.get(event.data.id);
    const next = projectVenue(current, event, appliedOf(recorded));
    if (next && next !== current) await readStore.venues.put(next);
  },
};
