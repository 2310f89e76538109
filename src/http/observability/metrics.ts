// Prometheus metrics of one process (prom-client): request latency, appends, and how far the read model lags the store.
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { ProjectionLag } from '../../projections/projectionLag.ts';

export interface ServiceMetrics {
  readonly registry: Registry;
  readonly requestDuration: Histogram<'method' | 'route' | 'status'>;
  readonly appendedEvents: Counter<'category'>;
  readonly appendFailures: Counter<'reason'>;
  readonly appendDuration: Histogram;
  /** GET answers given again from the bytes kept for their address (keptAnswers.ts), without running their route. */
  readonly keptAnswers: Counter;
}

/**
 * `lag` is measured when Prometheus scrapes, not on every event: it reads the store, so its cost is paid per scrape.
 * Buckets reach from sub-millisecond reads to multi-second waits for a lagging projector.
 */
export function createServiceMetrics(lag: () => Promise<ProjectionLag>): ServiceMetrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'cal_' });
  const requestDuration = new Histogram({
    name: 'cal_http_request_duration_seconds',
    help: 'HTTP request latency by method, matched route and status',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.0005, 0.001, 0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  });
  const appendedEvents = new Counter({
    name: 'cal_eventstore_appended_events_total',
    help: 'Domain events appended, by stream category',
    labelNames: ['category'] as const,
    registers: [registry],
  });
  const appendFailures = new Counter({
    name: 'cal_eventstore_append_failures_total',
    help: 'Appends that failed, by reason (wrong_expected_revision, store_unavailable, outcome_unknown, other)',
    labelNames: ['reason'] as const,
    registers: [registry],
  });
  const appendDuration = new Histogram({
    name: 'cal_eventstore_append_duration_seconds',
    help: 'Append latency (durable appends include the flush to disk)',
    buckets: [0.0005, 0.001, 0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1],
    registers: [registry],
  });
  const keptAnswers = new Counter({
    name: 'cal_http_kept_answers_total',
    help: 'Anonymous GET answers given again from the bytes kept for their address (also counted in the latency)',
    registers: [registry],
  });
  new Gauge({
    name: 'cal_projection_lag_events',
    help: 'Events in the store the read model has not applied yet (capped)',
    registers: [registry],
    async collect() {
      this.set((await lag()).events);
    },
  });
  new Gauge({
    name: 'cal_projection_lag_seconds',
    help: 'Age of the oldest event the read model has not applied yet (0 when caught up)',
    registers: [registry],
    async collect() {
      this.set((await lag()).seconds);
    },
  });
  return { registry, requestDuration, appendedEvents, appendFailures, appendDuration, keptAnswers };
}
