// A resource's document as a pure fold over its stream's recorded events, one step per event.
import type { RecordedEvent } from '../../events/eventStore.ts';

/** The document after one recorded event; events the fold does not know leave it as it was. */
export type DocumentFold<D> = (doc: D | undefined, recorded: RecordedEvent) => D | undefined;

export function foldDocument<D>(fold: DocumentFold<D>, events: readonly RecordedEvent[]): D | undefined {
  let doc: D | undefined;
  for (const recorded of events) doc = fold(doc, recorded);
  return doc;
}
