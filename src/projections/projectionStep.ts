// One step of the read-model projection, shared by the live runner and replays: a recorded event through every handler.
import type { RecordedEvent } from '../events/eventStore.ts';
import { decodeDomainEvent } from '../events/catalogue/envelope.ts';
import type { ReadStore } from './readStore.ts';
import type { ProjectionHandler } from './projectionHandler.ts';

/** Name of the read model's checkpoint in the CheckpointStore. */
export const readModelCheckpoint = 'read-model';

/** Events that are not domain events (registries, users) change no document but still count as applied. */
export async function applyRecordedEvent(recorded: RecordedEvent, handlers: readonly ProjectionHandler[], readStore: ReadStore): Promise<void> {
  const event = decodeDomainEvent(recorded);
  if (!event) return;
  for (const handler of handlers) if (handler.handles(event)) await handler.apply(event, recorded, readStore);
}
