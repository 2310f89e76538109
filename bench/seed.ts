// Seeds a fresh embedded store straight through the EventStore port (the fast path: no HTTP, no command handlers), with
// the same streams and events the service writes: id blocks, claims, terms, venues, organizers, events and edits.
import { randomUUID } from 'node:crypto';
import { AnyRevision, type EventStore } from '../src/events/eventStore.ts';
import { toNewEvent, type WriteContext } from '../src/events/catalogue/envelope.ts';
import { layoutOf, type SeedItem, type SeedLayout, type SeedShape } from './seedShape.ts';
import { categoryItems, tagItems } from './seedTerms.ts';
import { organizerItems, venueItems } from './seedVenuesOrganizers.ts';
import { eventItems } from './seedEvents.ts';
import { seriesItems } from './seedSeries.ts';
import { instantToUtc } from '../src/domain/localDateTime.ts';

/** lmdb commits every append queued in one event turn together: batches make one commit each. */
const batchSize = 2_000;

export interface SeedResult {
  readonly layout: SeedLayout;
  /** Events written to the store, by domain event type. */
  readonly eventTypes: Readonly<Record<string, number>>;
  readonly storeEvents: number;
  /** Calendar events scheduled (fewer than the shape's when `maxStoreEvents` cut the seed short). */
  readonly calendarEvents: number;
}

/** Every append of the seed, in the order the service would have made them. */
export function* seedItems(shape: SeedShape, layout: SeedLayout, now: Date): Generator<SeedItem> {
  // The id sequences are reserved as the service does, so that its own ids continue after the seeded ones.
  yield ['ids-post', { type: 'IdBlockReserved', data: { first: 1, last: layout.lastPost } }];
  yield ['ids-term', { type: 'IdBlockReserved', data: { first: 1, last: layout.lastTerm } }];
  const publishedUtc = instantToUtc(now);
  yield* categoryItems(shape, layout);
  yield* tagItems(shape, layout);
  yield* venueItems(shape, layout, publishedUtc);
  yield* organizerItems(shape, layout, publishedUtc);
  yield* eventItems(shape, layout, now);
  yield* seriesItems(shape, layout, now);
}

/**
 * Appends the seed, stopping after `maxStoreEvents` (events come last, so a cut only leaves out events). Only the last
 * batch waits for the disk: lmdb commits in order, so its flush makes every earlier batch durable too.
 */
export async function seed(
  store: EventStore,
  shape: SeedShape,
  now: Date,
  maxStoreEvents = Infinity,
): Promise<SeedResult> {
  const layout = layoutOf(shape);
  const ctx: WriteContext = { actor: '1', now, correlationId: randomUUID(), causationId: randomUUID() };
  const eventTypes: Record<string, number> = {};
  const append = ([stream, event]: SeedItem, durable: boolean) =>
    store.append(stream, [toNewEvent(event, ctx)], AnyRevision, { durable });
  let storeEvents = 0;
  let batch: Promise<unknown>[] = [];
  // One item is held back so that the very last append, and only it, is made durable.
  let held: SeedItem | undefined;
  const items = seedItems(shape, layout, now);
  for (let next = items.next(); !next.done && storeEvents < maxStoreEvents; next = items.next()) {
    storeEvents++;
    eventTypes[next.value[1].type] = (eventTypes[next.value[1].type] ?? 0) + 1;
    if (held) batch.push(append(held, false));
    held = next.value;
    if (batch.length >= batchSize) {
      await Promise.all(batch);
      batch = [];
    }
  }
  if (held) batch.push(append(held, true));
  await Promise.all(batch);
  return { layout, eventTypes, storeEvents, calendarEvents: eventTypes.EventScheduled ?? 0 };
}
