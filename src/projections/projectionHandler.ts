// A projection the runner feeds: it applies the domain events it handles to the read model, idempotently.
import type { RecordedEvent } from '../events/eventStore.ts';
import type { DomainEvent } from '../events/catalogue/index.ts';
import type { ProjectionTarget } from './projectionTarget.ts';

export interface ProjectionHandler {
  readonly name: string;
  handles(event: DomainEvent): boolean;
  /**
   * Re-applying an event already reflected in the documents must change nothing (revision guards). Synchronous: the
   * target answers in the calling turn (projectionTarget.ts); a step run through a unit of work may be run again
   * once what it read is loaded, so it writes nothing but through the target.
   */
  apply(event: DomainEvent, recorded: RecordedEvent, target: ProjectionTarget): void;
}
