// Opens the event store the service uses: EventStoreDB when CAL_EVENTSTORE_URL is set, else the embedded lmdb store.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { EventStore } from '../events/eventStore.ts';
import { openLmdbEventStore } from '../events/embedded/lmdbEventStore.ts';

/** A failure the CLI reports in one line with exit code 1. */
export class CliFailure extends Error {
  override readonly name = 'CliFailure';
}

export function dataDirOf(option: string | undefined, env: NodeJS.ProcessEnv): string {
  return option ?? (env.CAL_DATA_DIR || './data');
}

export async function openCliStore(dataDir: string, env: NodeJS.ProcessEnv): Promise<EventStore> {
  if (env.CAL_EVENTSTORE_URL) {
    // Loaded only when used: the gRPC client takes over a second to load, which embedded commands need not pay.
    const { connectEsdbEventStore } = await import('../events/esdb/esdbEventStore.ts');
    return connectEsdbEventStore(env.CAL_EVENTSTORE_URL);
  }
  const path = join(dataDir, 'events');
  // lmdb would create an empty store; a mistyped directory should be an error, not a second, empty user list.
  if (!existsSync(path)) throw new CliFailure(`no event store at ${path}: start the service once, or pass --data-dir`);
  // lmdb locks per transaction, so this process can write while the service has the same directory open.
  return openLmdbEventStore(path);
}
