// GET /health (liveness), /ready (stores reachable, read model caught up) and /metrics (Prometheus), outside the API.
import Router from '@koa/router';
import type { Context, Middleware } from 'koa';
import type { EventStore } from '../../../events/eventStore.ts';
import type { ReadStore } from '../../../projections/readStore.ts';
import type { ProjectionLag, ProjectionLagMeter } from '../../../projections/projectionLag.ts';
import type { ServiceMetrics } from '../../observability/metrics.ts';

export interface OperationsDeps {
  readonly store: EventStore;
  readonly readStore: ReadStore;
  /** Last global position the read model this process serves reflects. */
  readonly appliedPosition: () => Promise<bigint>;
  /** The process's lag meter, shared with the metrics: a probe reads only the events appended since the last one. */
  readonly lag: ProjectionLagMeter;
  readonly metrics: ServiceMetrics;
  /** Ready only while the oldest unapplied event is at most this old. */
  readonly maxLagSeconds: number;
  readonly clock: () => Date;
}

/** A store that does not answer within this time counts as unreachable: a probe must answer promptly itself. */
const probeTimeoutMs = 2000;

type Check<T> = { ok: true; value: T } | { ok: false; error: string };

async function probe<T>(run: () => Promise<T>): Promise<Check<T>> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${probeTimeoutMs} ms`)), probeTimeoutMs);
  });
  try {
    return { ok: true, value: await Promise.race([run(), timeout]) };
  } catch (error) {
    return { ok: false, error: error instanceof Error ? error.message : String(error) };
  } finally {
    clearTimeout(timer);
  }
}

/** Answers before the API's own middleware, so that probes need no credentials and get plain answers. */
export function operationsRoutes(deps: OperationsDeps): Middleware {
  const router = new Router();
  const json = (ctx: Context, status: number, body: unknown) => {
    ctx.status = status;
    ctx.set('Cache-Control', 'no-store');
    ctx.body = body;
  };

  router.get('/health', (ctx) => json(ctx, 200, { status: 'ok' }));

  router.get('/ready', async (ctx) => {
    const [eventStore, readStore] = await Promise.all([
      probe(() => deps.store.headPosition()),
      probe(() => deps.appliedPosition()),
    ]);
    const lag: Check<ProjectionLag> = readStore.ok
      ? await probe(() => deps.lag.measure(readStore.value, deps.clock()))
      : { ok: false, error: 'read store unreachable' };
    const caughtUp = lag.ok && lag.value.seconds <= deps.maxLagSeconds;
    json(ctx, eventStore.ok && readStore.ok && caughtUp ? 200 : 503, {
      status: eventStore.ok && readStore.ok && caughtUp ? 'ready' : 'not_ready',
      checks: {
        event_store: eventStore.ok ? 'ok' : eventStore.error,
        read_store: readStore.ok ? 'ok' : readStore.error,
        projection: lag.ok
          ? {
              lag_events: lag.value.events,
              lag_seconds: lag.value.seconds,
              max_lag_seconds: deps.maxLagSeconds,
              caught_up: caughtUp,
            }
          : lag.error,
      },
    });
  });

  router.get('/metrics', async (ctx) => {
    ctx.set('Content-Type', deps.metrics.registry.contentType);
    ctx.body = await deps.metrics.registry.metrics();
  });

  // The router is asked only for addresses it may match (it ignores case and one trailing slash), not for every API
  // request on its way past.
  const routes = router.routes() as Middleware;
  const probes: Middleware = (ctx, next) => (operationsAddress.test(ctx.path) ? routes(ctx, next) : next());
  // Koa-router marks its middleware with the router, which is how the app's registered routes are found.
  return Object.assign(probes, { router });
}

const operationsAddress = /^\/(?:health|ready|metrics)\/?$/i;
