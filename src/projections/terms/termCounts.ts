// Term counts that converge whatever write of a projection step fails (docs/api.md §4.5 defines the counts). A step
// that changes counts marks them stale first, writes the event document, then sets each count (which clears its
// mark). When a write fails, the event is delivered again (the runner resubscribes, or a restart replays from the
// checkpoint) and finds its document already written: the counts still marked are then derived from the documents.
import type { EventDocument } from '../events/eventDocument.ts';
import type { ProjectedTerms, ProjectionTarget } from '../projectionTarget.ts';

type CountedField = 'categories' | 'tags';
const countedFields: readonly CountedField[] = ['categories', 'tags'];

const noTerms: readonly number[] = Object.freeze([]);

function countedTerms(doc: EventDocument | undefined, field: CountedField): readonly number[] {
  return doc && doc.status === 'publish' ? doc[field] : noTerms;
}

/**
 * Terms that count the event before and not after, or after and not before. Every projected event passes here: the
 * common cases (links left alone, so the same list; counted on one side only) make no set.
 */
function changedTerms(before: EventDocument | undefined, after: EventDocument, field: CountedField): readonly number[] {
  const was = countedTerms(before, field);
  const is = countedTerms(after, field);
  if (was === is) return noTerms;
  if (was.length === 0) return is;
  if (is.length === 0) return was;
  const wasSet = new Set(was);
  const isSet = new Set(is);
  return [...[...wasSet].filter((id) => !isSet.has(id)), ...[...isSet].filter((id) => !wasSet.has(id))];
}

/** Before anything of the step is written: marks the counts that going from `before` to `after` changes. */
export function markChangedCountsStale(
  target: ProjectionTarget,
  before: EventDocument | undefined,
  after: EventDocument,
): void {
  for (const field of countedFields) {
    const changed = changedTerms(before, after, field);
    if (changed.length > 0) target[field].markCountsStale(changed);
  }
}

/**
 * Derives every count still marked stale from the event documents: the published events of the term's language that
 * link it. Costs a scan of the term's events, so it runs only when an event is delivered again.
 */
export function settleStaleCounts(target: ProjectionTarget): void {
  for (const field of countedFields) settleField(target, field, target[field]);
}

function settleField(target: ProjectionTarget, field: CountedField, terms: ProjectedTerms): void {
  // A copy: setting a count clears its mark, and the list may be the collection's own.
  for (const id of [...terms.staleCounts()]) {
    const term = terms.get(id);
    if (!term) continue;
    const linking = target.events.linking(field, id);
    const counted = linking.filter((event) => event.status === 'publish' && event.language === term.doc.language);
    terms.setCount(id, counted.length);
  }
}
