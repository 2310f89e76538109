// Claims that a failed write could not give back because the store refused: given back once the store takes writes
// again.
import { StoreUnavailable, type EventStore } from '../../events/eventStore.ts';

/** Backoff between attempts; the last delay repeats until `giveUpAfterMs`. */
const delaysMs = [250, 500, 1000, 2000, 5000] as const;
/** An outage longer than this is an operator's business; the claim then stays (a later create gets `-2`, §4.7). */
const giveUpAfterMs = 60 * 60 * 1000;

/**
 * Retries `giveBack` in the background while the store refuses it, as long as `owner` (the claim's holder, a stream
 * id) was never created. An owner that exists may hold the claim rightly again by now (an update retried after the
 * outage re-claims the same slug without appending), so its claim is left alone. A create's owner has a fresh id
 * that no one reuses, so its claim can only be stale.
 */
export function retryRelease(store: EventStore, owner: string, giveBack: () => Promise<void>): void {
  const started = Date.now();
  const attempt = async (retry: number): Promise<void> => {
    try {
      if ((await store.readStream(owner, { maxCount: 1 })).length > 0) return;
      await giveBack();
    } catch (error) {
      // Anything but an outage (a closed store at shutdown, a bug) ends the retries: there is no one to report to here.
      if (!(error instanceof StoreUnavailable) || Date.now() - started > giveUpAfterMs) return;
      schedule(retry + 1);
    }
  };
  const schedule = (retry: number) => {
    const delay = delaysMs[Math.min(retry, delaysMs.length - 1)];
    // Unreferenced: a pending retry must not keep a stopping process alive.
    setTimeout(() => void attempt(retry), delay).unref();
  };
  schedule(0);
}
