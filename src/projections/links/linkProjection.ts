// Keeps embedded copies fresh: when a venue, organizer or term changes, every event linking it is re-embedded.
import type { DomainEvent } from '../../events/catalogue/index.ts';
import { isVenueEvent } from '../../events/catalogue/venues.ts';
import { isOrganizerEvent } from '../../events/catalogue/organizers.ts';
import { isCategoryEvent, isTagEvent } from '../../events/catalogue/terms.ts';
import type { LinkField } from '../events/eventDocument.ts';
import type { TypedProjectionHandler } from '../projectionStep.ts';
import type { SharedLists } from '../events/sharedLists.ts';
import { embedLinksNow } from './embedLinks.ts';

function linkedItem(event: DomainEvent): { field: LinkField; id: number } | undefined {
  if (isVenueEvent(event)) return { field: 'venues', id: event.data.id };
  if (isOrganizerEvent(event)) return { field: 'organizers', id: event.data.id };
  if (isCategoryEvent(event)) return { field: 'categories', id: event.data.id };
  if (isTagEvent(event)) return { field: 'tags', id: event.data.id };
  return undefined;
}

/**
 * Runs after the item's own projection, so the copies it embeds are the item's new state. `lists`: the read model's,
 * the ones its event projection embeds with.
 */
export const linkProjection = (lists: SharedLists): TypedProjectionHandler => ({
  name: 'links',
  eventTypes: [
    'VenueRegistered',
    'VenueDetailsChanged',
    'VenueTrashed',
    'OrganizerRegistered',
    'OrganizerDetailsChanged',
    'OrganizerTrashed',
    'CategoryCreated',
    'CategoryChanged',
    'CategoryDeleted',
    'TagCreated',
    'TagChanged',
    'TagDeleted',
  ],
  handles: (event) => linkedItem(event) !== undefined,
  apply(event, _recorded, target) {
    const item = linkedItem(event);
    if (!item) return;
    // A copy: re-embedding may change what the target's own list holds.
    for (const doc of [...target.events.linking(item.field, item.id)]) {
      target.events.setEmbedded(doc.id, embedLinksNow(target, doc, lists));
    }
  },
});
