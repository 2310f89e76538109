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

/**
 * Term counts are published events per term and language (wire.md §4.5). Each applied event moves them by the
 * difference it makes: the event counted before for some terms, and after for others. Applying an event once per
 * revision (the guard above) keeps the sums exact, on replays too.
 */
async function recountTerms(readStore: ReadStore, before: EventDocument | undefined, after: EventDocument): Promise<void> {
  const counted = (doc: EventDocument | undefined, field: 'categories' | 'tags'): readonly number[] =>
    doc && doc.status === 'publish' ? doc[field] : [];
  for (const [field, collection] of [['categories', readStore.categories], ['tags', readStore.tags]] as const) {
    const delta = new Map<number, number>();
    for (const id of counted(before, field)) delta.set(id, (delta.get(id) ?? 0) - 1);
    for (const id of counted(after, field)) delta.set(id, (delta.get(id) ?? 0) + 1);
    for (const [id, change] of delta) {
      if (change === 0) continue;
      const term = await collection.get(id);
      // Only events of the term's own language count (an event never changes language).
      if (term && term.doc.language === after.language) await collection.setCount(id, Math.max(0, term.count + change));
    }
  }
}
