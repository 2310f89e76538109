// Feeds calendar event domain events to the pure event projector, embeds the linked items, and keeps term counts.
import { isCalendarEventEvent } from '../../events/catalogue/calendarEvents.ts';
import type { ProjectionHandler } from '../projectionHandler.ts';
import type { ReadStore } from '../readStore.ts';
import { embedLinks } from '../links/embedLinks.ts';
import type { EventDocument } from './eventDocument.ts';
import { appliedOf, projectEvent } from './eventProjector.ts';

export const eventProjection: ProjectionHandler = {
  name: 'events',
  handles: isCalendarEventEvent,
  async apply(event, recorded, readStore) {
    if (!isCalendarEventEvent(event)) return;
    const current = await readStore.events.get(event.data.id);
    const at = appliedOf(recorded);
    const facts = projectEvent(current, event, at);
    if (!facts || facts === current) return;
    const next = projectEvent(current, event, at, await embedLinks(readStore, facts)) as EventDocument;
    await readStore.events.put(next);
    await recountTerms(readStore, current, next);
  },
};

/** Term counts are published events per term and language (wire.md §4.5); any change of the event may move them. */
async function recountTerms(readStore: ReadStore, before: EventDocument | undefined, after: EventDocument): Promise<void> {
  for (const [field, collection] of [['categories', readStore.categories], ['tags', readStore.tags]] as const) {
    const ids = new Set([...(before?.[field] ?? []), ...after[field]]);
    for (const id of ids) {
      const term = await collection.get(id);
      if (term) await collection.setCount(id, await readStore.events.countLinking(field, id, term.doc.language, ['publish']));
    }
  }
}
