// The composition root: picks adapters from the configuration and wires the store, projections, commands and HTTP.
import { mkdirSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Logger } from 'pino';
import type { Config } from './config/config.ts';
import type { EventStore } from './events/eventStore.ts';
import { openLmdbEventStore } from './events/embedded/lmdbEventStore.ts';
import { connectEsdbEventStore } from './events/esdb/esdbEventStore.ts';
import type { ReadStore } from './projections/readStore.ts';
import { createMemoryReadStore } from './projections/memory/memoryReadStore.ts';
import { connectMongoReadStore } from './projections/mongo/mongoReadStore.ts';
import { ProjectionRunner } from './projections/projectionRunner.ts';
import { allProjections } from './projections/allProjections.ts';
import { UserDirectory } from './projections/users/userDirectory.ts';
import { bootstrapAdmin, type BootstrapResult } from './commands/users/bootstrapAdmin.ts';
import { createApp } from './http/app.ts';
import { composeHttpServices } from './http/composeServices.ts';
import type { ChangeFeeds } from './http/routes/changes/changeFeeds.ts';

export interface RunningService {
  readonly url: string;
  readonly bootstrap: BootstrapResult;
  readonly store: EventStore;
  readonly readStore: ReadStore;
  readonly projections: ProjectionRunner;
  /** The open `GET /changes` streams (their count is observable). */
  readonly changeFeeds: ChangeFeeds;
  close(): Promise<void>;
}

/** Opens the configured stores; unset URLs mean the embedded lmdb store and in-process read models. */
export async function openStores(config: Config): Promise<{ store: EventStore; readStore: ReadStore }> {
  let store: EventStore;
  if (config.eventStoreUrl) {
    store = connectEsdbEventStore(config.eventStoreUrl);
  } else {
    mkdirSync(config.dataDir, { recursive: true });
    store = await openLmdbEventStore(`${config.dataDir}/events`);
  }
  const readStore = config.mongoUrl ? await connectMongoReadStore(config.mongoUrl) : createMemoryReadStore();
  await readStore.init();
  return { store, readStore };
}

export async function startService(config: Config, logger: Logger, clock: () => Date = () => new Date()): Promise<RunningService> {
  const { store, readStore } = await openStores(config);
  const bootstrap = await bootstrapAdmin(store, config.adminPassword);
  const projections = new ProjectionRunner(store, readStore, allProjections, (error) => logger.error({ err: error }, 'projection stopped'));
  await projections.start();
  await projections.caughtUp;
  const users = new UserDirectory(store);
  await users.refresh();
  const httpServices = composeHttpServices({ config, store, readStore, users, projections, clock });
  const app = createApp(httpServices, logger);
  const server: Server = await new Promise((resolve, reject) => {
    const listening = app.listen(config.port, config.host, () => resolve(listening)).on('error', reject);
  });
  server.headersTimeout = 10_000;
  server.requestTimeout = 30_000;
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://${config.host}:${port}`,
    bootstrap,
    store,
    readStore,
    projections,
    changeFeeds: httpServices.changeFeeds,
    close: async () => {
      const serverClosed = new Promise<void>((resolve) => server.close(() => resolve()));
      // Open change feeds never end by themselves and would hold server.close() forever.
      await httpServices.changeFeeds.closeAll();
      await serverClosed;
      await projections.stop();
      await readStore.close();
      await store.close();
    },
  };
}
