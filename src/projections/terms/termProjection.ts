// Feeds category and tag domain events to the pure term projector and stores the documents, per taxonomy.
import { isTermEvent, taxonomyOf } from '../../events/catalogue/terms.ts';
import type { TypedProjectionHandler } from '../projectionStep.ts';
import { projectTerm } from './termProjector.ts';

/**
 * Idempotent: a re-delivered event is not newer than the stored document, so the projector returns it unchanged;
 * a re-delivered creation of a deleted term is refused by the revision guard of `put` (deleted documents stay).
 */
export const termProjection: TypedProjectionHandler = {
  name: 'terms',
  eventTypes: ['CategoryCreated', 'CategoryChanged', 'CategoryDeleted', 'TagCreated', 'TagChanged', 'TagDeleted'],
  handles: isTermEvent,
  apply(event, recorded, target) {
    if (!isTermEvent(event)) return;
    const collection = taxonomyOf(event) === 'category' ? target.categories : target.tags;
    const current = collection.get(event.data.id)?.doc;
    const next = projectTerm(current, event, { revision: Number(recorded.revision) });
    if (next && next !== current) collection.put(next);
  },
};
