// The pure fold from category and tag domain events to the term read-model document.
import type { TermEvent } from '../../events/catalogue/terms.ts';
import type { Applied } from '../events/eventProjector.ts';
import type { TermDocument } from './termDocument.ts';
import { groupOf } from '../translationGroups.ts';

/**
 * Returns the document after the event, or the document unchanged when the event is not newer than it, which makes
 * re-delivery (replay after a crash between document and checkpoint writes) harmless.
 */
export function projectTerm(
  doc: TermDocument | undefined,
  event: TermEvent,
  at: Pick<Applied, 'revision'>,
): TermDocument | undefined {
  if (doc && at.revision <= doc.revision) return doc;
  switch (event.type) {
    case 'CategoryCreated':
      return documentOf({
        id: event.data.id,
        taxonomy: 'category',
        ...event.data.facts,
        revision: at.revision,
        deleted: false,
        translationGroup: event.data.translationOf ?? event.data.id,
      });
    case 'TagCreated':
      return documentOf({
        id: event.data.id,
        taxonomy: 'tag',
        ...event.data.facts,
        parent: 0,
        revision: at.revision,
        deleted: false,
        translationGroup: event.data.translationOf ?? event.data.id,
      });
    case 'CategoryChanged':
    case 'TagChanged':
      return doc && documentOf({ ...doc, ...event.data.changes, revision: at.revision });
    case 'CategoryDeleted':
    case 'TagDeleted':
      return doc && documentOf({ ...doc, revision: at.revision, deleted: true });
  }
}

/** One literal with a fixed key order, so that every document has the same shape (and hidden class). */
function documentOf(d: TermDocument): TermDocument {
  return {
    id: d.id,
    taxonomy: d.taxonomy,
    language: d.language,
    name: d.name,
    slug: d.slug,
    description: d.description,
    parent: d.parent,
    revision: d.revision,
    deleted: d.deleted,
    translationGroup: groupOf(d),
  };
}
