// Folds a term's stream up to a revision into its document: the state a write produced, whatever came after it.
import type { EventStore } from '../../events/eventStore.ts';
import { decodeDomainEvent } from '../../events/catalogue/envelope.ts';
import { isTermEvent, termStreamId, type Taxonomy } from '../../events/catalogue/terms.ts';
import type { TermDocument } from './termDocument.ts';
import { projectTerm } from './termProjector.ts';

export async function termDocumentAt(store: EventStore, taxonomy: Taxonomy, id: number, revision: bigint): Promise<TermDocument | undefined> {
  let doc: TermDocument | undefined;
  for (const recorded of await store.readStream(termStreamId(taxonomy, id), { maxCount: Number(revision) + 1 })) {
    const event = decodeDomainEvent(recorded);
    if (!event || !isTermEvent(event)) continue;
    doc = projectTerm(doc, event, { revision: Number(recorded.revision) });
  }
  return doc;
}
