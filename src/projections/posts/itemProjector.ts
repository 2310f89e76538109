// The pure fold from venue or organizer lifecycle facts to their read-model document, idempotent by revision.
import type { ItemFact, ItemFacts } from '../../events/catalogue/itemFacts.ts';
import type { PostStatus } from '../../events/catalogue/values.ts';
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
  const documentOf = (id: number, facts: F, statusBeforeTrash: PostStatus | null, translationGroup = doc ? groupOf(doc) : id): ItemDocument<F> =>
    ({ ...facts, id, revision: at.revision, modifiedUtc: at.occurredUtc, statusBeforeTrash, searchText: searchText(facts), translationGroup }) as ItemDocument<F>;
  switch (fact.type) {
    case 'registered':
      return documentOf(fact.id, fact.facts, null, fact.translationOf ?? fact.id);
    case 'changed': {
      if (!doc) return undefined;
      const next = { ...factsOf(doc), ...fact.changes } as F;
      return documentOf(doc.id, next, next.status === 'trash' ? doc.statusBeforeTrash : null);
    }
    case 'trashed':
      return doc && documentOf(doc.id, { ...factsOf(doc), status: 'trash', slug: fact.slug } as F, fact.previousStatus);
  }
}

function factsOf<F extends ItemFacts>(doc: ItemDocument<F>): F {
  const { id: _id, revision: _revision, modifiedUtc: _modified, statusBeforeTrash: _before, searchText: _search, translationGroup: _group, ...facts } = doc;
  return facts as unknown as F;
}
