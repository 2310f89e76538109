// The pure fold from venue or organizer lifecycle facts to their read-model document, idempotent by revision.
import type { ItemFact, ItemFacts } from '../../events/catalogue/itemFacts.ts';
import { foldPost } from '../../events/catalogue/postFold.ts';
import type { Applied } from '../events/eventProjector.ts';
import type { ItemDocument } from './itemDocument.ts';
import { groupOf } from '../translationGroups.ts';

/** The document after the fact, or the document unchanged when the fact is not newer than it. */
export function projectItem<F extends ItemFacts>(
  doc: ItemDocument<F> | undefined,
  fact: ItemFact<F>,
  at: Applied,
  searchText: (facts: F) => string,
): ItemDocument<F> | undefined {
  if (doc && at.revision <= doc.revision) return doc;
  const folded = foldPost(doc && { id: doc.id, facts: factsOf(doc), statusBeforeTrash: doc.statusBeforeTrash }, fact);
  if (!folded) return undefined;
  const { id, facts, statusBeforeTrash } = folded;
  const translationGroup = fact.type === 'registered' ? (fact.translationOf ?? fact.id) : doc ? groupOf(doc) : id;
  return {
    ...facts,
    id,
    revision: at.revision,
    modifiedUtc: at.occurredUtc,
    statusBeforeTrash,
    searchText: searchText(facts),
    translationGroup,
  } as ItemDocument<F>;
}

function factsOf<F extends ItemFacts>(doc: ItemDocument<F>): F {
  const {
    id: _id,
    revision: _revision,
    modifiedUtc: _modified,
    statusBeforeTrash: _before,
    searchText: _search,
    translationGroup: _group,
    ...facts
  } = doc;
  return facts as unknown as F;
}
