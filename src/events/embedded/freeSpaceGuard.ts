// Refuses appends while the disk holding the store runs out of space, before lmdb itself would fail a commit.
import { statfsSync } from 'node:fs';
import { StoreUnavailable } from '../eventStore.ts';

/**
 * Why refuse early instead of letting a commit fail: lmdb-js 3.5 does not survive failed commits under concurrent
 * writes (seen with a file size limit standing in for a full disk: appends that never settle, and heap corruption
 * that aborts the process). Refused here, an append has touched nothing, and the next one after space was freed
 * goes through: recovery needs no restart.
 */
export interface FreeSpaceGuard {
  /** Throws StoreUnavailable while the free space is under the reserve. */
  assertRoom(): void;
}

export interface FreeSpaceSettings {
  /** Appends are refused while fewer bytes than this are available to the service on the store's file system. */
  readonly minFreeBytes: number;
  /** How long a measurement is trusted; the reserve must absorb what is written meanwhile. */
  readonly refreshMs?: number;
}

export const defaultMinFreeBytes = 64 * 1024 * 1024;
const defaultRefreshMs = 250;

export function guardFreeSpace(
  path: string,
  settings: FreeSpaceSettings,
  now: () => number = Date.now,
): FreeSpaceGuard {
  const refreshMs = settings.refreshMs ?? defaultRefreshMs;
  let measuredAt = -Infinity;
  let available = Infinity;
  return {
    assertRoom() {
      if (settings.minFreeBytes <= 0) return;
      if (now() - measuredAt >= refreshMs) {
        // One statfs call (microseconds) at most every refreshMs: cheaper than an async round trip per append.
        const stats = statfsSync(path);
        available = stats.bavail * stats.bsize;
        measuredAt = now();
      }
      if (available < settings.minFreeBytes) {
        throw new StoreUnavailable(
          `only ${mebibytes(available)} MiB free on the disk of ${path}, under the reserve of ` +
            `${mebibytes(settings.minFreeBytes)} MiB`,
        );
      }
    },
  };
}

const mebibytes = (bytes: number): string => (bytes / 1024 / 1024).toFixed(1);
