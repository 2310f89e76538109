// A projection the runner feeds: it applies the domain events it handles to the read model, idempotently.
import type { RecordedEvent } from '../events/eventStore.ts';
import type { DomainEvent } from '../events/catalogue/index.ts';
import type { ReadStore } from './readStore.ts';

export interface ProjectionHandler {
  readonly name: string;
  handles(event: DomainEvent): boolean;
  /** Re-applying an event already reflected in the documents must change nothing (revision guards). */
  apply(event: DomainEvent, recorded: RecordedEvent, readStore: ReadStore): Promise<void>;
}
