// Replays the event store into a read model up to a given global position, in pages: for `cal verify` and rebuilds.
import type { EventStore, ReadAllOptions, RecordedEvent } from '../events/eventStore.ts';
import type { CheckpointStore, ReadStore } from './readStore.ts';
import type { ProjectionHandler } from './projectionHandler.ts';
import { handledTypes, readModelCheckpoint } from './projectionStep.ts';
import { VenueLocations } from './events/venueLocations.ts';
import { projectionDriver, type ProjectionDriver } from './projectionDriver.ts';

const defaultPageSize = 500;

export interface ReplayOptions {
  /**
   * Inclusive: the last global position to apply. Events after it are left alone even when they exist already, so
   * that the result matches a read model known to be at that position while writes go on. Omitted: the store's head
   * when the replay starts.
   */
  readonly upTo?: bigint;
  /** Exclusive: resumes after this position (a replay continued to a later position). Omitted: from the start. */
  readonly after?: bigint;
  /** The projections to apply: `allProjections(memos)` with the memos of the read store replayed into. */
  readonly handlers: readonly ProjectionHandler[];
  readonly pageSize?: number;
  /** Called after each page, for progress bars and rates. */
  readonly onProgress?: (progress: ReplayProgress) => void;
  /**
   * Omitted: each event is written as it is applied (at once into a read store with a projection target, such as the
   * memory read model; else through a unit of work flushed after each event).
   */
  readonly writeBehind?: WriteBehindOptions;
  /** The read model's memo (`ProjectionMemos.venues`), for a read store without a projection target; omitted: own. */
  readonly venueLocations?: VenueLocations;
}

/** Batches of events whose writes reach the read store as one bulk write per collection (bufferedProjection.ts). */
export interface WriteBehindOptions {
  /** The checkpoint is saved after each flush, so a failed flush costs a replay of one batch at most. */
  readonly eventsPerFlush: number;
  /** The read store's memo of venue locations (`ProjectionMemos.venues`). */
  readonly venueLocations: VenueLocations;
}

export interface ReplayProgress {
  /** Events applied so far by this replay. */
  readonly appliedEvents: number;
  readonly appliedPosition: bigint;
  /** The position the replay goes to. */
  readonly upTo: bigint;
}

export interface ReplayResult {
  /** Position of the last event applied; `after` (or -1n) when none was. */
  readonly appliedPosition: bigint;
  readonly appliedEvents: number;
}

/**
 * Applies every event after `after` up to `upTo`, then stores the checkpoint, so that a ProjectionRunner started on
 * the same read store carries on from there. Ends early when the store holds nothing more: the caller compares
 * `appliedPosition` with the position it wanted.
 */
export async function replayInto(
  store: EventStore,
  readStore: ReadStore,
  options: ReplayOptions,
): Promise<ReplayResult> {
  const upTo = options.upTo ?? (await store.headPosition());
  const { writeBehind } = options;
  const venueLocations = writeBehind?.venueLocations ?? options.venueLocations ?? new VenueLocations();
  const driver = projectionDriver(readStore, options.handlers, venueLocations, { writeBehind: !!writeBehind });
  const batches = writeBehind && new FlushedBatches(readStore, driver, writeBehind.eventsPerFlush);
  // Counts left marked by a flush that failed half-way are derived from the documents before anything moves them.
  if (batches) await batches.settleCounts();
  const pageSize = options.pageSize ?? defaultPageSize;
  let appliedPosition = options.after ?? -1n;
  let appliedEvents = 0;
  let more = appliedPosition < upTo;
  const types = handledTypes(options.handlers);
  while (more) {
    const page = await readPage(
      store,
      { ...(appliedPosition >= 0n ? { after: appliedPosition } : {}), maxCount: pageSize },
      upTo,
      types,
    );
    for (const item of page) {
      const position = typeof item === 'bigint' ? item : item.position;
      if (position > upTo) {
        more = false;
        break;
      }
      // Awaited only when there is something to wait for: into the memory read model, no event makes a promise.
      const applying = typeof item === 'bigint' ? undefined : driver.apply(item);
      if (applying) await applying;
      appliedPosition = position;
      appliedEvents++;
      if (batches) {
        if (batches.flushDue()) await batches.flush(appliedPosition);
      } else {
        const flushing = driver.flush();
        if (flushing) await flushing;
      }
    }
    options.onProgress?.({ appliedEvents, appliedPosition, upTo });
    if (page.length < pageSize || appliedPosition >= upTo) more = false;
  }
  await batches?.flush(appliedPosition);
  if (appliedEvents > 0 && !batches) await readStore.checkpoints.set(readModelCheckpoint, appliedPosition);
  return { appliedPosition, appliedEvents };
}

/**
 * A page of events after `options.after`, where the store can pass events of types no handler takes over as their
 * positions (undecoded: most of a store is registry bookkeeping), else every event decoded.
 */
function readPage(
  store: EventStore,
  options: ReadAllOptions,
  upTo: bigint,
  types: ReadonlySet<string> | undefined,
): Promise<readonly (RecordedEvent | bigint)[]> {
  return types && store.readAllPassingOver ? store.readAllPassingOver(options, upTo, types) : store.readAll(options);
}

/** The write-behind batches of a replay, flushed every `eventsPerFlush` events, each flush then the checkpoint. */
class FlushedBatches {
  private unflushed = 0;

  constructor(
    private readonly readStore: ReadStore,
    private readonly driver: ProjectionDriver,
    private readonly eventsPerFlush: number,
  ) {}

  async settleCounts(): Promise<void> {
    await this.driver.settleCounts();
    await this.driver.flush();
  }

  /** Counts one more applied event; true when the batch is full and must be flushed before the next. */
  flushDue(): boolean {
    return ++this.unflushed >= this.eventsPerFlush;
  }

  /** The checkpoint only once the documents it covers are written. */
  async flush(position: bigint): Promise<void> {
    if (this.unflushed === 0) return;
    await this.driver.flush();
    await this.readStore.checkpoints.set(readModelCheckpoint, position);
    this.unflushed = 0;
  }
}

/** Below this many events, a catch-up pass is short enough that the rest is left to the live projector. */
const defaultCatchUpThreshold = 100;
/** Writers faster than the replay would keep it going forever; the live projector takes whatever remains. */
const defaultMaxCatchUpPasses = 20;

export interface CatchUpOptions extends Omit<ReplayOptions, 'upTo'> {
  readonly threshold?: number;
  readonly maxPasses?: number;
  /** Called after each pass with what it applied; the next pass waits for it. */
  readonly onPass?: (pass: number, result: ReplayResult) => void | Promise<void>;
}

export interface CatchUpResult extends ReplayResult {
  readonly passes: number;
}

/**
 * Replays after `after` up to the head as it is at each pass, again and again while writes keep coming, until a pass
 * applies fewer than `threshold` events: a read model built beside a running service is then nearly current.
 */
export async function replayUntilCaughtUp(
  store: EventStore,
  readStore: ReadStore,
  options: CatchUpOptions,
): Promise<CatchUpResult> {
  const { threshold = defaultCatchUpThreshold, maxPasses = defaultMaxCatchUpPasses, onPass, ...replay } = options;
  let appliedPosition = options.after ?? -1n;
  let appliedEvents = 0;
  let passes = 0;
  while (passes < maxPasses) {
    const result = await replayInto(store, readStore, { ...replay, after: appliedPosition });
    passes++;
    appliedPosition = result.appliedPosition;
    appliedEvents += result.appliedEvents;
    await onPass?.(passes, result);
    if (result.appliedEvents < threshold) break;
  }
  return { appliedPosition, appliedEvents, passes };
}

/** A rebuilt version that could not reach the active one's checkpoint: it must not be switched to. */
export class RebuildBehindActive extends Error {
  override readonly name = 'RebuildBehindActive';
}

/**
 * Replays until `readStore` holds at least what `reference` (the checkpoint of the version it is to replace) says the
 * active version holds: readers switched over must never see the read model go back, and a write answered against
 * the old version must read back on the new one. Rejects with RebuildBehindActive when `maxPasses` did not suffice.
 */
export async function replayPastCheckpoint(
  store: EventStore,
  readStore: ReadStore,
  reference: CheckpointStore,
  options: Omit<ReplayOptions, 'upTo'> & { readonly maxPasses?: number },
): Promise<CatchUpResult> {
  const { maxPasses = defaultMaxCatchUpPasses, ...replay } = options;
  let appliedPosition = options.after ?? -1n;
  let appliedEvents = 0;
  let passes = 0;
  let needed = (await reference.get(readModelCheckpoint)) ?? -1n;
  while (appliedPosition < needed && passes < maxPasses) {
    const result = await replayInto(store, readStore, { ...replay, after: appliedPosition, upTo: needed });
    passes++;
    appliedPosition = result.appliedPosition;
    appliedEvents += result.appliedEvents;
    if (result.appliedEvents === 0) break;
    needed = (await reference.get(readModelCheckpoint)) ?? -1n;
  }
  if (appliedPosition < needed)
    throw new RebuildBehindActive(`the rebuilt version reached ${appliedPosition}, the active one is at ${needed}`);
  return { appliedPosition, appliedEvents, passes };
}
