// The composition root: picks adapters from the configuration and wires the store, projections, commands and HTTP
// for one of three roles: `all` (npm start: embedded all-in-one, or everything in one process on the real engines),
// `api` (stateless HTTP on EventStoreDB + MongoDB, reading what a projector writes) and `projector`.
import { ZoneClock } from './domain/timeZone.ts';
import type { Logger } from 'pino';
import { checkRole, type Config, type ServiceRole } from './config/config.ts';
import type { EventStore } from './events/eventStore.ts';
import { meteredEventStore } from './events/meteredEventStore.ts';
import type { ReadStore } from './projections/readStore.ts';
import type { SnapshotLoad } from './projections/snapshot/readModelSnapshot.ts';
import { saveSnapshot, settleIndexesSoon } from './compose/embeddedReadModel.ts';
import { periodicSnapshotsOf, type PeriodicSnapshots } from './compose/periodicSnapshots.ts';
import { heapSettleOf, type HeapSettle } from './compose/heapSettle.ts';
import { openStores, type OpenedStores } from './compose/openStores.ts';
import { startScheduler } from './compose/scheduler.ts';
import { startSeriesHorizon } from './compose/seriesHorizon.ts';
import { StartTimeline } from './compose/startTimeline.ts';
import { withLoadHeapGrowth, type SetV8Flags } from './compose/loadHeapGrowth.ts';
import type { EarlySnapshotRead } from './compose/earlySnapshotRead.ts';
import type { SeriesHorizonKeeper } from './commands/scheduling/seriesHorizonKeeper.ts';
import type { ProjectionRunner } from './projections/projectionRunner.ts';
import { projectionsOf, type RoleProjections } from './compose/projectionsOf.ts';
import type { ProjectionProgress } from './projections/projectionProgress.ts';
import { ProjectionLagMeter } from './projections/projectionLag.ts';
import { projectionMemos } from './projections/projectionMemos.ts';
import { eventFoldingOf, type EventFolding } from './projections/events/eventDocumentAt.ts';
import { UserDirectory } from './projections/users/userDirectory.ts';
import { bootstrapAdmin, type BootstrapResult } from './commands/users/bootstrapAdmin.ts';
import { createApp } from './http/app.ts';
import { createOperationsApp } from './http/operationsApp.ts';
import { listen, type HttpServer } from './http/httpServer.ts';
import { keptAnswerShortcut } from './http/keptAnswerShortcut.ts';
import { firstItemReads } from './http/firstItemReads.ts';
import { seenAddresses } from './http/seenAddresses.ts';
import { composeHttpServices } from './http/composeServices.ts';
import type { ChangeFeeds } from './http/routes/changes/changeFeeds.ts';
import { createServiceMetrics, type ServiceMetrics } from './http/observability/metrics.ts';
import type { OperationsDeps } from './http/routes/operations/operationsRoutes.ts';
import { PublicationScheduler } from './commands/scheduling/publicationScheduler.ts';

export interface RunningService {
  readonly role: ServiceRole;
  readonly url: string;
  /** Undefined for the projector, which serves no API. */
  readonly bootstrap: BootstrapResult | undefined;
  readonly store: EventStore;
  readonly readStore: ReadStore;
  readonly projections: ProjectionProgress;
  /** The in-process projection runner now applying events (roles `all` and `projector`). */
  readonly runner: ProjectionRunner | undefined;
  /** The open `GET /changes` streams (their count is observable); undefined for the projector. */
  readonly changeFeeds: ChangeFeeds | undefined;
  readonly metrics: ServiceMetrics;
  /** Embedded with snapshots on: what the start made of the read-model snapshot; undefined otherwise. */
  readonly snapshotLoad: SnapshotLoad | undefined;
  /** Embedded with snapshots on, where the projection runs: the background snapshot writer. */
  readonly snapshots: PeriodicSnapshots | undefined;
  /** Gives the heap a burst of writes grew back once writes go quiet; undefined with `CAL_HEAP_SETTLE_SECONDS=0`. */
  readonly heapSettle: HeapSettle | undefined;
  /** Publishes `future` items when their date passes; undefined in the `api` role and with `CAL_SCHEDULER=off`. */
  readonly scheduler: PublicationScheduler | undefined;
  /** Plans open-ended series as their horizon moves; where `scheduler` runs (docs/architecture.md §8). */
  readonly seriesHorizon: SeriesHorizonKeeper | undefined;
  /**
   * Graceful: stops accepting, drains in-flight requests, ends change feeds, saves the checkpoint (and, embedded, the
   * read-model snapshot), closes stores.
   */
  close(): Promise<void>;
}

/** What tests may put around the real adapters: wrappers that count or fail calls (never replacements). */
export interface ServiceHooks {
  /** Wraps the event store the API reads and writes through (the projections read the store itself). */
  readonly wrapStore?: (store: EventStore) => EventStore;
  /** Where V8 flags are set (the heap growth of the start's catch-up); tests record them. */
  readonly setV8Flags?: SetV8Flags;
}

export async function startService(
  config: Config,
  logger: Logger,
  clock: () => Date = () => new Date(),
  role: ServiceRole = 'all',
  hooks: ServiceHooks = {},
  early?: EarlySnapshotRead,
): Promise<RunningService> {
  checkRole(config, role);
  const timeline = new StartTimeline();
  timeline.mark('modulesLoaded');
  // The port first: one in use stops the start before anything is written, the data directory included.
  const server = await listen(undefined, config.port, config.host);
  try {
    return await startBound(server, config, logger, clock, role, hooks, { timeline, early });
  } catch (error) {
    await server.close(0);
    throw error;
  }
}

/** The API's own parts once started (app, first admin, change feeds, writes); undefined for the projector. */
type StartedApi = Awaited<ReturnType<typeof startApi>>;

/**
 * The store the API and the operations endpoints use (metered, then wrapped by any test hooks), with the metrics
 * that meter it and the operations endpoints' dependencies.
 */
function observedStore(
  stores: OpenedStores,
  projections: RoleProjections,
  config: Config,
  clock: () => Date,
  hooks: ServiceHooks,
) {
  const { watcher, progress } = projections;
  const appliedPosition = async () => (watcher ? watcher.refresh() : progress.appliedPosition);
  const lag = new ProjectionLagMeter(stores.store);
  const metrics = createServiceMetrics(async () => lag.measure(await appliedPosition(), clock()));
  const metered = meteredEventStore(stores.store, metrics);
  const store = hooks.wrapStore ? hooks.wrapStore(metered) : metered;
  const operations: OperationsDeps = {
    store,
    readStore: stores.readStore,
    appliedPosition,
    lag,
    metrics,
    maxLagSeconds: config.readyMaxLagSeconds,
    clock,
  };
  return { store, metrics, operations };
}

/** Everything a started service is made of, for `runningService` to expose and close. */
interface ServiceParts {
  readonly server: HttpServer;
  readonly config: Config;
  readonly logger: Logger;
  readonly role: ServiceRole;
  readonly stores: OpenedStores;
  readonly store: EventStore;
  readonly projections: RoleProjections;
  readonly metrics: ServiceMetrics;
  readonly api: StartedApi | undefined;
  readonly scheduler: PublicationScheduler | undefined;
  readonly seriesHorizon: SeriesHorizonKeeper | undefined;
  readonly snapshots: PeriodicSnapshots | undefined;
  readonly heapSettle: HeapSettle | undefined;
}

function runningService(parts: ServiceParts): RunningService {
  const { server, config, logger, role, stores, store, metrics, api, scheduler, seriesHorizon, snapshots } = parts;
  const { heapSettle } = parts;
  const { runner, progress } = parts.projections;
  const { readStore } = stores;
  return {
    role,
    url: server.url,
    bootstrap: api?.bootstrap,
    store,
    readStore,
    projections: progress,
    get runner() {
      return runner?.runner;
    },
    changeFeeds: api?.changeFeeds,
    metrics,
    snapshotLoad: stores.snapshotLoad,
    scheduler,
    seriesHorizon,
    snapshots,
    heapSettle,
    close: async () => {
      // Open change feeds never end by themselves and would hold the drain until the grace period ends.
      await server.close(config.shutdownGraceMs, async () => api?.changeFeeds.closeAll());
      await scheduler?.stop();
      await seriesHorizon?.stop();
      await snapshots?.stop();
      heapSettle?.stop();
      await runner?.stop();
      const atStop = !snapshots || snapshots.needsWriteAtStop(progress.appliedPosition);
      if (stores.snapshot && atStop) await saveSnapshot(stores.snapshot, stores.store, stores.readStore, logger);
      await readStore.close();
      await store.close();
    },
  };
}

async function startBound(
  server: HttpServer,
  config: Config,
  logger: Logger,
  clock: () => Date,
  role: ServiceRole,
  hooks: ServiceHooks,
  { timeline, early }: { timeline: StartTimeline; early?: EarlySnapshotRead },
): Promise<RunningService> {
  // One per process: its memos serve every caller, the answers being pure functions of zone and instant. The
  // projection memos around it are the read model's; the event fold built on them is the one the fold cache knows.
  const zones = new ZoneClock();
  const memos = projectionMemos(zones);
  const folding = eventFoldingOf(memos);
  const stores = await openStores(config, memos, logger, early);
  timeline.mark('storesOpened');
  const { readStore } = stores;
  const projections = projectionsOf(stores, role, memos, logger);
  const { watcher, runner, progress } = projections;
  const { store, metrics, operations } = observedStore(stores, projections, config, clock, hooks);

  if (runner) {
    // The catch-up (the whole store when no snapshot was loaded) keeps most of what it makes, as a snapshot load does.
    await withLoadHeapGrowth(() => runner.start(), hooks.setV8Flags);
  } else {
    await watcher?.refresh();
  }
  timeline.mark('projectionStarted');
  const api =
    role === 'projector'
      ? undefined
      : await startApi(
          config,
          { store, readStore, loginFailures: stores.loginFailures, unlockFailures: stores.unlockFailures },
          progress,
          clock,
          folding,
          operations,
          logger,
        );
  const scheduler = startScheduler(role, config, readStore, store, api?.writes, clock, logger);
  const seriesHorizon = startSeriesHorizon(role, config, readStore, store, api?.writes, clock, logger);
  timeline.mark('apiStarted');
  server.serve(api?.app ?? createOperationsApp(operations, logger), api?.shortcut);
  timeline.mark('serving');
  settleIndexesSoon(stores.memory);
  logger.info({ msSinceProcessStart: timeline.steps }, 'service started');
  const snapshots = periodicSnapshotsOf(stores, projections.runner, config.readModelSnapshotIntervalSeconds, logger);
  snapshots?.start();
  const heapSettle = heapSettleOf(progress, config.heapSettleSeconds, clock, logger);
  heapSettle?.start();
  const parts = { server, config, logger, role, stores, store, projections, metrics, api, scheduler, seriesHorizon };
  return runningService({ ...parts, snapshots, heapSettle });
}

async function startApi(
  config: Config,
  { store, readStore, ...failureLogs }: Pick<OpenedStores, 'store' | 'readStore' | 'loginFailures' | 'unlockFailures'>,
  projections: ProjectionProgress,
  clock: () => Date,
  folding: EventFolding,
  operations: OperationsDeps,
  logger: Logger,
) {
  const users = new UserDirectory(store);
  const services = composeHttpServices({
    config,
    store,
    readStore,
    users,
    projections,
    clock,
    folding,
    ...failureLogs,
  });
  const app = createApp(services, logger, operations);
  const { keptAnswers: book, corsOrigins } = services;
  const firstRead = firstItemReads(services, seenAddresses());
  const shortcut = keptAnswerShortcut({ book, corsOrigins, metrics: operations.metrics, logger, firstRead });
  // Last before serving: nothing after it can stop the start before a generated password is shown.
  const bootstrap = await bootstrapAdmin(store, config.adminPassword);
  await users.refresh();
  return { bootstrap, changeFeeds: services.changeFeeds, app, shortcut, writes: services.writes };
}
