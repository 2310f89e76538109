// One step of the read-model projection, shared by the live runner and replays: a recorded event through every handler.
import type { RecordedEvent } from '../events/eventStore.ts';
import type { CatalogueType, DomainEvent } from '../events/catalogue/index.ts';
import { decodeDomainEvent } from '../events/catalogue/envelope.ts';
import type { ProjectionTarget } from './projectionTarget.ts';
import type { ProjectionHandler } from './projectionHandler.ts';

/** Name of the read model's checkpoint in the CheckpointStore. */
export const readModelCheckpoint = 'read-model';

/**
 * A handler that also names every type its `handles` accepts. When all handlers of a step do, an event of a type none
 * of them names is passed over before it is decoded and checked: most stored events are registry bookkeeping (slug
 * claims, id blocks) that no document reflects.
 */
export interface TypedProjectionHandler extends ProjectionHandler {
  readonly eventTypes: readonly CatalogueType[];
}

const isTyped = (handler: ProjectionHandler): handler is TypedProjectionHandler => 'eventTypes' in handler;

/** The types any of the handlers takes; undefined when one of them does not say. */
export function handledTypes(handlers: readonly ProjectionHandler[]): ReadonlySet<string> | undefined {
  return handlers.every(isTyped) ? new Set<string>(handlers.flatMap((handler) => handler.eventTypes)) : undefined;
}

/**
 * The domain event of a recorded one that some handler may take; undefined for one passed over: of a type no handler
 * takes (registries, users; `types`: the handlers' `handledTypes`, worked out once by a caller applying many events),
 * or that does not decode. Such events change no document but still count as applied.
 */
export function handledEventOf(
  recorded: RecordedEvent,
  types: ReadonlySet<string> | undefined,
): DomainEvent | undefined {
  if (types?.has(recorded.type) === false) return undefined;
  return decodeDomainEvent(recorded);
}

/** The event through every handler that takes it, in the handlers' order. */
export function applyToHandlers(
  event: DomainEvent,
  recorded: RecordedEvent,
  handlers: readonly ProjectionHandler[],
  target: ProjectionTarget,
): void {
  for (const handler of handlers) if (handler.handles(event)) handler.apply(event, recorded, target);
}

/** One recorded event applied to a target that answers at once (projectionTarget.ts); passed over as above. */
export function applyRecordedEvent(
  recorded: RecordedEvent,
  handlers: readonly ProjectionHandler[],
  target: ProjectionTarget,
  types: ReadonlySet<string> | undefined = handledTypes(handlers),
): void {
  const event = handledEventOf(recorded, types);
  if (event) applyToHandlers(event, recorded, handlers, target);
}
