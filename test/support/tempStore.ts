// A fresh embedded event store in a temp directory, removed again when the test is done.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openLmdbEventStore, type LmdbEventStore } from '../../src/events/embedded/lmdbEventStore.ts';

export interface TempStore {
  readonly store: LmdbEventStore;
  readonly dir: string;
  dispose(): Promise<void>;
}

export async function openTempStore(): Promise<TempStore> {
  const dir = mkdtempSync(join(tmpdir(), 'cal-store-'));
  const store = await openLmdbEventStore(join(dir, 'events'));
  return {
    store,
    dir,
    dispose: async () => {
      await store.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
