// Term counts that converge whatever write of a projection step fails (docs/api.md §4.5 defines the counts). A step
// that changes counts marks them stale first, writes the event document, then sets each count (which clears its
// mark). When a write fails, the event is delivered again (the runner resubscribes, or a restart replays from the
// checkpoint) and finds its document already written: the counts still marked are then derived from the documents.
import type { EventDocument } from '../events/eventDocument.ts';
import type { ReadStore } from '../readStore.ts';
import type { TermCollection } from './termCollection.ts';

type CountedField = 'categories' | 'tags';
const countedFields: readonly CountedField[] = ['categories', 'tags'];

function countedTerms(doc: EventDocument | undefined, field: CountedField): readonly number[] {
  return doc && doc.status === 'publish' ? doc[field] : [];
}

/** Terms that count the event before and not after, or after and not before. */
function changedTerms(before: EventDocument | undefined, after: EventDocument, field: CountedField): number[] {
  const was = new Set(countedTerms(before, field));
  const is = new Set(countedTerms(after, field));
  return [...[...was].filter((id) => !is.has(id)), ...[...is].filter((id) => !was.has(id))];
}

/** Before anything of the step is written: marks the counts that going from `before` to `after` changes. */
export async function markChangedCountsStale(
  readStore: ReadStore,
  before: EventDocument | undefined,
  after: EventDocument,
): Promise<void> {
  for (const field of countedFields) {
    const changed = changedTerms(before, after, field);
    if (changed.length > 0) await readStore[field].markCountsStale(changed);
  }
}

/**
 * Derives every count still marked stale from the event documents: the published events of the term's language that
 * link it. Costs a scan of the term's events, so it runs only when an event is delivered again.
 */
export async function settleStaleCounts(readStore: ReadStore): Promise<void> {
  for (const field of countedFields) await settleField(readStore, field, readStore[field]);
}

async function settleField(readStore: ReadStore, field: CountedField, terms: TermCollection): Promise<void> {
  for (const id of await terms.staleCounts()) {
    const term = await terms.get(id);
    if (!term) continue;
    const linking = await readStore.events.linking(field, id);
    const counted = linking.filter((event) => event.status === 'publish' && event.language === term.doc.language);
    await terms.setCount(id, counted.length);
  }
}
