// How the memory event collection picks a list page once it knows where to look: from a candidate set named by an
// index (ids, linked items, search words, a location) or from the date windows of the start-ordered partitions; in
// both, conditions are checked on the columns first and a document is read only when a condition needs it.
import type { EventDocument } from '../events/eventDocument.ts';
import type { EventListQuery, Page } from '../events/eventListQuery.ts';
import { compileEventQuery } from '../events/matchesEventQuery.ts';
import type { CandidateSource } from './eventCandidates.ts';
import type { EventColumns } from './eventColumns.ts';
import { EarliestFirst } from './earliestFirst.ts';
import { readsDocuments } from './listingCost.ts';
import { mergedPage } from './mergedPage.ts';
import { hasResidual, type ListingCheck, type StartOrderedPartition } from './startOrderedPartition.ts';

/**
 * The query's conditions on a candidate slot: those the columns hold read there, the document read only for the
 * others (but for the condition the candidates meet already).
 */
function candidateCheckOf(
  columns: EventColumns,
  q: EventListQuery,
  decided: keyof EventListQuery | undefined,
): (slot: number) => boolean {
  const admits = columns.admits(q);
  if (!readsDocuments(q, decided)) return admits;
  const matches = compileEventQuery(q);
  return (slot) => admits(slot) && matches(columns.doc(slot));
}

/** The query's conditions on the documents of a window: on the columns alone, or else all on the document. */
function scanCheckOf(columns: EventColumns, q: EventListQuery): ListingCheck {
  if (!readsDocuments(q)) return columns.admits(q);
  const matches = compileEventQuery(q);
  return (_slot, doc) => matches(doc);
}

/**
 * Every candidate checked on the columns first, and on its document only for conditions the candidate set does not
 * decide; the page picked by a bounded heap, so only the page's documents are read.
 */
export function pageOfCandidates(
  columns: EventColumns,
  candidates: CandidateSource,
  q: EventListQuery,
): Page<EventDocument> {
  const matches = candidateCheckOf(columns, q, candidates.decides);
  const earliest = new EarliestFirst(q.offset >= candidates.size ? 0 : q.offset + q.limit, columns.compare);
  let total = 0;
  candidates.forEachSlot((slot) => {
    if (!matches(slot)) return;
    total++;
    earliest.offer(slot);
  });
  return {
    items: earliest
      .inOrder()
      .slice(q.offset)
      .map((slot) => columns.doc(slot)),
    total,
  };
}

/** The page and total from the date windows of the start-ordered partitions (one per status). */
export function pageOfPartitions(
  columns: EventColumns,
  parts: readonly StartOrderedPartition[],
  q: EventListQuery,
): Page<EventDocument> {
  const matches = scanCheckOf(columns, q);
  if (!hasResidual(q)) {
    // Counting from positions is cheap: a page past the end then costs no walk through the window.
    const total = parts.reduce((sum, p) => sum + p.count(q, matches), 0);
    if (q.offset >= total) return { items: [], total };
  }
  const selections = parts.map((p) => p.select(q, matches, q.offset + q.limit));
  const total = selections.reduce((sum, s) => sum + s.total, 0);
  const page = mergedPage(
    selections.map((s) => s.first),
    q.offset,
    q.limit,
    columns.compare,
  );
  return { items: page.map((slot) => columns.doc(slot)), total };
}
