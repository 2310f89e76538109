// Serializes the writes to one stream within this process, so optimistic-concurrency races only happen between
// processes (several service instances, the CLI), where the bounded retry handles them. One instance per process,
// created by the composition root and handed to the command handlers with their other write dependencies: two
// instances over one store would not serialize each other's writes.
export class StreamLocks {
  /** The last write in line for each stream with writes in flight. */
  private readonly tails = new Map<string, Promise<unknown>>();

  async withLock<T>(streamId: string, work: () => Promise<T>): Promise<T> {
    const previous = this.tails.get(streamId) ?? Promise.resolve();
    const run = previous.then(work, work);
    const tail = run.catch(() => undefined);
    this.tails.set(streamId, tail);
    try {
      return await run;
    } finally {
      // The last writer in line removes the entry, so the map only holds streams with writes in flight.
      if (this.tails.get(streamId) === tail) this.tails.delete(streamId);
    }
  }

  /** How many streams have writes in flight (none once every write has settled). */
  get streamsInFlight(): number {
    return this.tails.size;
  }
}
