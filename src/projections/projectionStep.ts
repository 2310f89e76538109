// One step of the read-model projection, shared by the live runner and replays: a recorded event through every handler.
import type { RecordedEvent } from '../events/eventStore.ts';
import type { CatalogueType, DomainEvent } from '../events/catalogue/index.ts';
import { decodeDomainEvent } from '../events/catalogue/envelope.ts';
import type { ReadStore } from './readStore.ts';
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
 * Events that no handler takes (registries, users) or that do not decode change no document but still count as applied.
 * `types`: the handlers' `handledTypes`, which a caller applying many events works out once and passes in.
 * Returns undefined for an event passed over, so that replays (most stored events are registry bookkeeping) make no
 * promise for it; otherwise the promise of the handlers' writes.
 */
export function applyRecordedEvent(
  recorded: RecordedEvent,
  handlers: readonly ProjectionHandler[],
  readStore: ReadStore,
  types: ReadonlySet<string> | undefined = handledTypes(handlers),
): Promise<void> | undefined {
  if (types?.has(recorded.type) === false) return undefined;
  const event = decodeDomainEvent(recorded);
  if (!event) return undefined;
  return applyToHandlers(event, recorded, handlers, readStore);
}

async function applyToHandlers(
  event: DomainEvent,
  recorded: RecordedEvent,
  handlers: readonly ProjectionHandler[],
  readStore: ReadStore,
): Promise<void> {
  for (const handler of handlers) if (handler.handles(event)) await handler.apply(event, recorded, readStore);
}
