// One step of the read-model projection, shared by the live runner and replays: a recorded event through every handler.
import type { RecordedEvent } from '../events/eventStore.ts';
import type { CatalogueType } from '../events/catalogue/index.ts';
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

/** The handler list seen last (steps come with the same long-lived list, event after event) and its handled types. */
let lastHandlers: readonly ProjectionHandler[] | undefined;
let lastHandledTypes: ReadonlySet<string> | undefined;

/** The types any of the handlers takes; undefined when one of them does not say. */
export function handledTypes(handlers: readonly ProjectionHandler[]): ReadonlySet<string> | undefined {
  if (handlers !== lastHandlers) {
    lastHandledTypes = handlers.every(isTyped) ? new Set<string>(handlers.flatMap((handler) => handler.eventTypes)) : undefined;
    lastHandlers = handlers;
  }
  return lastHandledTypes;
}

/** Events that no handler takes (registries, users) or that do not decode change no document but still count as applied. */
export async function applyRecordedEvent(recorded: RecordedEvent, handlers: readonly ProjectionHandler[], readStore: ReadStore): Promise<void> {
  if (handledTypes(handlers)?.has(recorded.type) === false) return;
  const event = decodeDomainEvent(recorded);
  if (!event) return;
  for (const handler of handlers) if (handler.handles(event)) await handler.apply(event, recorded, readStore);
}
