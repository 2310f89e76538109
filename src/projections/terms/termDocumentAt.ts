// Folds a term's stream up to a point into its document: the state a write produced, or a past state.
import { decodeDomainEvent } from '../../events/catalogue/envelope.ts';
import { isTermEvent, termStreamId, type Taxonomy } from '../../events/catalogue/terms.ts';
import type { DocumentFold } from '../history/documentFold.ts';
import type { FoldPoint } from '../history/foldPoint.ts';
import { foldsOf, type FoldSource } from '../history/streamFolds.ts';
import type { TermDocument } from './termDocument.ts';
import { projectTerm } from './termProjector.ts';

/** A deleted term keeps its document, marked `deleted`: readers decide whether that counts as absent. */
export const termFold: DocumentFold<TermDocument> = (doc, recorded) => {
  const event = decodeDomainEvent(recorded);
  return event && isTermEvent(event) ? projectTerm(doc, event, { revision: Number(recorded.revision) }) : doc;
};

/** `at`: a revision (bigint) or any fold point. */
export async function termDocumentAt(
  source: FoldSource,
  taxonomy: Taxonomy,
  id: number,
  at: bigint | FoldPoint,
): Promise<TermDocument | undefined> {
  return (await foldsOf(source).foldAt(termStreamId(taxonomy, id), termFold, at)).doc;
}
