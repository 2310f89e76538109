// Which events of the embedded store are on disk. lmdb makes a commit visible to every reader before it is flushed
// (overlapping sync), and a crash or power cut before the flush takes it back; subscribers deliver only what is
// flushed.
import type { RootDatabase } from 'lmdb';

/** lmdb-js's root has `sync(callback)` (flush every commit made so far, by any process) outside its typings. */
interface Syncable {
  sync(callback: (error?: unknown) => void): void;
}

export class DurablePosition {
  /** Every event up to this position is on disk; -1: none known yet. */
  private known = -1;
  /** Durable appends of this process between their commit and their flush: each will move `known` past itself. */
  private appending = 0;
  private flushing: { readonly upTo: number; readonly done: Promise<void> } | undefined;

  constructor(
    private readonly root: RootDatabase<unknown, string>,
    /** The last visible position (committed, maybe not flushed). */
    private readonly visibleHead: () => number,
  ) {}

  /** A durable append of this process starts: until it ends, a flush of its commit is on its way. */
  beginAppend(): void {
    this.appending += 1;
  }

  /** It ended: flushed up to `position` (every commit before it too), or failed (undefined). */
  endAppend(flushedUpTo: number | undefined): void {
    this.appending -= 1;
    if (flushedUpTo !== undefined) this.known = Math.max(this.known, flushedUpTo);
  }

  /**
   * The last position on disk. Visible events past it are left to this process's own appends while one is under
   * way (its flush covers every earlier commit, and it wakes the subscribers); otherwise they were committed by
   * another process, by a write that does not wait for the disk, or before a crash, and are flushed here first.
   */
  async head(): Promise<number> {
    const visible = this.visibleHead();
    if (visible <= this.known || this.appending > 0) return this.known;
    await this.flushUpTo(visible);
    this.known = Math.max(this.known, visible);
    return this.known;
  }

  /** One flush for every caller whose visible head it covers (it flushes what is visible when it starts, or more). */
  private flushUpTo(visible: number): Promise<void> {
    if (this.flushing && this.flushing.upTo >= visible) return this.flushing.done;
    const done = new Promise<void>((resolve, reject) => {
      (this.root as unknown as Syncable).sync((error) =>
        error ? reject(error instanceof Error ? error : new Error(String(error))) : resolve(),
      );
    }).finally(() => {
      if (this.flushing?.done === done) this.flushing = undefined;
    });
    this.flushing = { upTo: visible, done };
    return done;
  }
}
