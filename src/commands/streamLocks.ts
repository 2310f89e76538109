// Serializes the writes to one stream within this process, so optimistic-concurrency races only happen between
// processes (several service instances, the CLI), where the bounded retry handles them.
const tails = new Map<string, Promise<unknown>>();

export async function withStreamLock<T>(streamId: string, work: () => Promise<T>): Promise<T> {
  const previous = tails.get(streamId) ?? Promise.resolve();
  const run = previous.then(work, work);
  const tail = run.catch(() => undefined);
  tails.set(streamId, tail);
  try {
    return await run;
  } finally {
    // The last writer in line removes the entry, so the map only holds streams with writes in flight.
    if (tails.get(streamId) === tail) tails.delete(streamId);
  }
}
