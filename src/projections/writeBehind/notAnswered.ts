// What a write-behind collection says when asked a read the projections never make mid-replay.

/**
 * The layer answers only the reads the projection handlers make (by id, the events linking an item, stale counts):
 * any other would have to merge the batch into a query, and answering it from the inner store alone would be wrong.
 * A handler that starts making one fails loudly in the replay tests instead.
 */
export function notAnswered(what: string): Promise<never> {
  return Promise.reject(new Error(`write-behind read model: ${what} is not answered during a replay batch`));
}
