// The event-linked list filters of venues and organizers (docs/api.md §7: `event`, `has_events`, `only_with_upcoming`),
// answered from the event read model.
import type { PostStatus } from '../../../events/catalogue/values.ts';
import { instantToUtc } from '../../../domain/localDateTime.ts';
import type { ReadStore } from '../../../projections/readStore.ts';
import type { LinkFilters } from '../items/itemListRoute.ts';
import { eventLinksVisible } from './eventAccess.ts';

const allButTrash: PostStatus[] = ['publish', 'future', 'draft', 'pending', 'private'];

export function itemLinkFilters(readStore: ReadStore, field: 'venues' | 'organizers'): LinkFilters {
  return {
    async forEvent(eventId, scope) {
      const doc = await readStore.events.get(eventId);
      if (!doc) return 'no-such-event';
      return eventLinksVisible(doc, scope) ? [...doc[field]] : [];
    },
    withEvents: () => readStore.events.linkedIds(field, { statuses: ['publish', 'future', 'private'] }),
    withUpcoming: (now, canSeeNonPublished) =>
      readStore.events.linkedIds(field, {
        statuses: canSeeNonPublished ? allButTrash : ['publish'],
        startUtcFrom: instantToUtc(now),
      }),
  };
}
