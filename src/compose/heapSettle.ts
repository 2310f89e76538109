// Part of the composition root: gives the heap V8 grew under a burst of writes back once the writes go quiet. Each
// write promotes some garbage to the old generation, and V8 collects it only when the old generation reaches its next
// limit; its own memory reducer did not shrink an idle service in our measurements (the young generation stayed at
// its largest, the old one at its burst size, bench/RESULTS.md "Memory under writes, third round"). One full,
// memory-reducing collection after the burst returns both to the system.
import { Session } from 'node:inspector';
import { getHeapSpaceStatistics, getHeapStatistics } from 'node:v8';
import type { Logger } from 'pino';

/** A full, memory-reducing collection of the process's whole heap. */
export type CollectGarbage = () => Promise<void>;

/**
 * What the DevTools' "collect garbage" does, through an in-process inspector session (it opens no port and needs no
 * `--expose-gc`): every garbage object collected, and the young generation shrunk to its smallest size.
 */
export const collectAllGarbage: CollectGarbage = async () => {
  const session = new Session();
  session.connect();
  try {
    await new Promise<void>((resolve, reject) =>
      session.post('HeapProfiler.collectGarbage', (error) => (error ? reject(error) : resolve())),
    );
  } finally {
    // Not in the answer's callback: disconnecting a session from inside its own callback never returns.
    session.disconnect();
  }
};

export interface HeapSettleOptions {
  /** The applied position of the projection: it moves with every write. */
  readonly position: () => bigint;
  /** Milliseconds without a new event before the heap is settled. */
  readonly quietMs: number;
  /** Milliseconds, injected by tests. */
  readonly now: () => number;
  readonly collect: CollectGarbage;
  readonly logger: Logger;
  /** Used heap in bytes (V8's heap statistics by default), for the log line only. */
  readonly usedHeap?: () => number;
  /** Bytes V8 holds for its old generation (`oldGenerationBytes` by default). */
  readonly oldGeneration?: () => number;
  /**
   * How much the old generation must have grown since the last settle (or the start) for a settle: below it, a
   * full collection gives back too little for its pause. Sparse writes thus settle once per `minGrowthBytes`.
   */
  readonly minGrowthBytes?: number;
}

/** The default growth worth a settle: in the measurements a burst grew the old generation by 80–140 MB. */
export const settleGrowthBytes = 32 * 1_048_576;

/**
 * Bytes V8 holds for every space but the young generation's semi-spaces (which reads fill as much as writes). Large
 * young objects count: they are promoted where they lie.
 */
export function oldGenerationBytes(): number {
  let bytes = 0;
  for (const space of getHeapSpaceStatistics()) if (space.space_name !== 'new_space') bytes += space.space_size;
  return bytes;
}

/** How often the position is looked at: a bigint comparison, nothing else. */
const lookEveryMs = 1000;

/**
 * Settles the heap once per burst: after events were applied since the last settle (or the start), none for
 * `quietMs`, and the old generation grew by `minGrowthBytes` since. A service that only reads is never collected this
 * way (reads leave young garbage only).
 */
export class HeapSettle {
  private timer: NodeJS.Timeout | undefined;
  private lastPosition: bigint;
  private lastMoveAt: number;
  /** Whether events were applied since the last settle (the start's own replay is not a burst to settle). */
  private moved = false;
  /** The settle under way: a look meanwhile waits for it instead of starting another. */
  private settling: Promise<boolean> | undefined;
  private failed = false;
  private settled = 0;
  /** The old generation's size after the last settle, or at the start. */
  private settledSize: number;

  constructor(private readonly options: HeapSettleOptions) {
    this.lastPosition = options.position();
    this.lastMoveAt = options.now();
    this.settledSize = this.oldGeneration();
  }

  private oldGeneration(): number {
    return (this.options.oldGeneration ?? oldGenerationBytes)();
  }

  start(): void {
    this.timer = setInterval(() => void this.look(), Math.min(lookEveryMs, this.options.quietMs));
    this.timer.unref();
  }

  stop(): void {
    clearInterval(this.timer);
  }

  /** Collections made so far. */
  get settles(): number {
    return this.settled;
  }

  /**
   * Notes a move of the position, or settles when the quiet after one has lasted; answers whether the heap is settled
   * (by this look, or by the settle under way, which it waits for).
   */
  look(): Promise<boolean> {
    if (this.settling) return this.settling;
    const { position, now, quietMs } = this.options;
    const current = position();
    if (current !== this.lastPosition) {
      this.lastPosition = current;
      this.lastMoveAt = now();
      this.moved = true;
      return Promise.resolve(false);
    }
    if (!this.moved || this.failed || now() - this.lastMoveAt < quietMs) return Promise.resolve(false);
    this.moved = false;
    const minGrowth = this.options.minGrowthBytes ?? settleGrowthBytes;
    if (this.oldGeneration() - this.settledSize < minGrowth) return Promise.resolve(false);
    this.settling = this.settle().finally(() => (this.settling = undefined));
    return this.settling;
  }

  private async settle(): Promise<boolean> {
    const { collect, logger, now } = this.options;
    const usedHeap = this.options.usedHeap ?? (() => getHeapStatistics().used_heap_size);
    const before = usedHeap();
    const startedAt = now();
    try {
      await collect();
      this.settled++;
      this.settledSize = this.oldGeneration();
      const megabytes = (bytes: number) => Math.round(bytes / 1_048_576);
      logger.info(
        { ms: now() - startedAt, heapUsedMbBefore: megabytes(before), heapUsedMbAfter: megabytes(usedHeap()) },
        'heap settled after writes',
      );
      return true;
    } catch (error) {
      // A Node built without the inspector: nothing to settle with, and nothing lost but memory.
      this.failed = true;
      logger.warn({ err: error }, 'could not settle the heap after writes; not trying again');
      return false;
    }
  }
}

/**
 * The settle of a process that applies or follows events (the position moves with every write it sees); none when
 * off (0 s).
 */
export function heapSettleOf(
  following: { readonly appliedPosition: bigint } | undefined,
  quietSeconds: number,
  clock: () => Date,
  logger: Logger,
): HeapSettle | undefined {
  if (!following || quietSeconds <= 0) return undefined;
  return new HeapSettle({
    position: () => following.appliedPosition,
    quietMs: quietSeconds * 1000,
    now: () => clock().getTime(),
    collect: collectAllGarbage,
    logger,
  });
}
