// The MongoDB read model as running processes open it: the active version, followed when a rebuild switches it.
import type { Db } from 'mongodb';
import type { ReadStore } from '../readStore.ts';
import { switchableReadStore } from '../switchableReadStore.ts';
import { connectMongoDatabase, type MongoConnectionOptions } from './mongoConnection.ts';
import { mongoReadStoreOn } from './mongoReadStore.ts';
import { activeReadModelVersion } from './readModelPointer.ts';

/** A switch reaches every process within this long; one indexed findOne per process each time is cheap. */
export const defaultPointerPollMs = 2000;

export type VersionSwitchListener = (version: number, store: ReadStore) => void;

export interface VersionedMongoReadModelOptions extends MongoConnectionOptions {
  readonly pollMs?: number;
  /** A failed poll (server away, a hand-edited pointer that is not a version) keeps the current version. */
  readonly onPollFailure?: (error: unknown) => void;
}

export interface VersionedMongoReadModel {
  /** Delegates every call to the active version's store; closing it closes the whole model. */
  readonly readStore: ReadStore;
  activeVersion(): number;
  /**
   * The active version's own store, for the projector. Never give it `readStore`: a runner writing through the
   * delegate would, after a switch, save its old position as the new version's checkpoint and skip the events between.
   */
  activeStore(): ReadStore;
  /**
   * Called after the delegate switched. A projector restarts its runner on `store` from that store's checkpoint:
   * the rebuild left it a little behind the head, and the old version's projector must stop writing the old set.
   */
  onSwitch(listener: VersionSwitchListener): void;
  /** The database, for what the API instances share beside the read model (the failed-login log). */
  readonly db: Db;
  /** Reads the pointer now rather than at the next poll; resolves with the version then active. */
  refresh(): Promise<number>;
  close(): Promise<void>;
}

export async function openVersionedMongoReadModel(
  url: string,
  options: VersionedMongoReadModelOptions = {},
): Promise<VersionedMongoReadModel> {
  const { client, db } = await connectMongoDatabase(url, options);
  let version: number;
  try {
    version = await activeReadModelVersion(db);
  } catch (error) {
    await client.close().catch(() => undefined);
    throw error;
  }
  const listeners: VersionSwitchListener[] = [];
  let polling: Promise<number> | undefined;
  let closed = false;

  const follow = async (): Promise<number> => {
    const active = await activeReadModelVersion(db);
    if (active === version || closed) return version;
    // The versions share the client; only closing the model closes it.
    const store = mongoReadStoreOn(db, active);
    switchable.switchTo(store);
    version = active;
    for (const listener of listeners) listener(active, store);
    return active;
  };
  /** One poll at a time: a slow server must not pile up reads, nor let an older answer switch back. */
  const refresh = (): Promise<number> => {
    polling ??= follow().finally(() => (polling = undefined));
    return polling;
  };
  const close = async (): Promise<void> => {
    if (closed) return;
    closed = true;
    clearInterval(timer);
    await polling?.catch(() => undefined);
    await client.close();
  };

  const switchable = switchableReadStore(mongoReadStoreOn(db, version), { close });
  const timer = setInterval(() => {
    refresh().catch((error: unknown) => options.onPollFailure?.(error));
  }, options.pollMs ?? defaultPointerPollMs);
  // Following the pointer is no reason to keep a process alive.
  timer.unref();

  return {
    readStore: switchable.readStore,
    activeVersion: () => version,
    activeStore: () => switchable.current(),
    onSwitch: (listener) => void listeners.push(listener),
    db,
    refresh,
    close,
  };
}
