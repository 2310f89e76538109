// What a failed lmdb commit (disk full, file size limit, I/O error) leaves behind, so that it fails the appends, not
// the process.
/**
 * lmdb-js rejects the promise of every write in a commit that failed with `Commit failed (see commitError for
 * details)`, whose `commitError` is a second promise rejected with the system error. It also rejects promises of
 * its own that no caller can reach (the commit of an event-turn batch): with Node's default of throwing on unhandled
 * rejections, one full disk would crash the service. The appends concerned fail with StoreUnavailable by themselves.
 */
export interface LmdbCommitFailure extends Error {
  readonly commitError: Promise<unknown>;
}

export function isLmdbCommitFailure(error: unknown): error is LmdbCommitFailure {
  return error instanceof Error && 'commitError' in error && error.commitError instanceof Promise;
}

/** Marks the system error as seen: the append's own failure reports it. */
export function observeCommitFailure(error: unknown): void {
  if (isLmdbCommitFailure(error)) error.commitError.catch(() => undefined);
}

/**
 * Runs `transaction` once more when lmdb reports that its commit failed. A failed commit wrote nothing (LMDB aborts
 * the whole write transaction, and an append reads its heads and position afresh inside the next one), so the second
 * run cannot write anything twice. Why: with several processes writing to one data directory, lmdb-js 3.5 now and
 * then fails a commit while allocating pages from its free-page list (it prints "mdb_page_alloc error" and rejects
 * with MDB_NOTFOUND; an aborted transaction drops what it had read of that list), and the next transaction commits
 * (docs/reliability.md, "Several processes on one data directory"). A failure that stays (a full disk, an I/O error)
 * fails the second run too and is reported as before. `onRetry` is told lmdb's error of the first run.
 */
export async function retryingFailedCommit<T>(
  transaction: () => Promise<T>,
  onRetry: (systemError: unknown) => void = () => undefined,
): Promise<T> {
  try {
    return await transaction();
  } catch (error) {
    if (!isLmdbCommitFailure(error)) throw error;
    error.commitError.catch(onRetry);
    return transaction();
  }
}

let installed = false;

/**
 * Ignores unhandled rejections that are lmdb commit failures; any other one is rethrown, which is what Node does
 * without a listener (the process fails on the uncaught error).
 */
export function tolerateUnreachableCommitFailures(): void {
  if (installed) return;
  installed = true;
  process.on('unhandledRejection', (reason) => {
    if (!isLmdbCommitFailure(reason)) throw reason;
    observeCommitFailure(reason);
  });
}
