// A second set of HTTP parts (and an app on them) over a running test service's own stores, with the service's
// configuration: tests reach into what the service's app keeps private (its fragments, its routers) through it.
import type Koa from 'koa';
import { pino, type Logger } from 'pino';
import { loadConfig } from '../../src/config/config.ts';
import { createApp } from '../../src/http/app.ts';
import { composeHttpServices } from '../../src/http/composeServices.ts';
import { createServiceMetrics, type ServiceMetrics } from '../../src/http/observability/metrics.ts';
import type { HttpParts } from '../../src/http/services.ts';
import type { FailureLog } from '../../src/http/auth/failureLog.ts';
import type { ReadStore } from '../../src/projections/readStore.ts';
import { ProjectionLagMeter } from '../../src/projections/projectionLag.ts';
import { UserDirectory } from '../../src/projections/users/userDirectory.ts';
import { testFolding } from './memos.ts';
import { adminPassword, type TestService } from './testService.ts';

export interface PartsOptions {
  /** The service's read model seen through a wrapper of the test's (the same documents). */
  readonly readStore?: ReadStore;
  /** Settings the service was started with beyond those of startTestService. */
  readonly env?: Record<string, string>;
  /** A failed-unlock log shared with other parts (as MongoDB's is across API instances). */
  readonly unlockFailures?: FailureLog;
}

/** The HTTP parts the service composes, made again on its stores; `clock` should be the service's clock. */
export function partsBeside(
  t: TestService,
  clock: () => Date,
  { readStore = t.service.readStore, env = {}, unlockFailures }: PartsOptions = {},
): { parts: HttpParts; users: UserDirectory } {
  const config = loadConfig({
    PORT: '0',
    CAL_DATA_DIR: t.dataDir,
    CAL_PUBLIC_URL: 'http://localhost:8080',
    CAL_ADMIN_PASSWORD: adminPassword,
    ...env,
  });
  const { store, projections } = t.service;
  const users = new UserDirectory(store);
  return {
    parts: composeHttpServices({
      ...{ config, store, readStore, users, projections, clock, folding: testFolding },
      unlockFailures,
    }),
    users,
  };
}

export interface AppOptions {
  /** The read store `parts` were made with (partsBeside's `readStore`). */
  readonly readStore?: ReadStore;
  readonly logger?: Logger;
  readonly metrics?: ServiceMetrics;
}

/** The API app on `parts` (from partsBeside), with silent logs and metrics of its own unless given. */
export function appBeside(t: TestService, parts: HttpParts, clock: () => Date, options: AppOptions = {}): Koa {
  const { store, projections } = t.service;
  const {
    readStore = t.service.readStore,
    logger = pino({ level: 'silent' }),
    metrics = createServiceMetrics(async () => ({ events: 0, seconds: 0 })),
  } = options;
  return createApp(parts, logger, {
    store,
    readStore,
    metrics,
    clock,
    maxLagSeconds: 5,
    appliedPosition: async () => projections.appliedPosition,
    lag: new ProjectionLagMeter(store),
  });
}
