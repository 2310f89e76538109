// The messages between the benchmark and its load generator process: one spec in, one result out, as JSON lines.
import type { RequestPlan } from './requestPlans.ts';

export interface LoadSpec {
  /** Matches a result to its spec. */
  readonly id: number;
  /** `http://host:port` of the server under load. */
  readonly origin: string;
  /**
   * Replaces the plan's paths (not its method, headers or bodies): how the bare Koa server is loaded like a scenario.
   */
  readonly pathOverride?: string;
  readonly plan: RequestPlan;
  readonly headers: Readonly<Record<string, string>>;
  readonly connections: number;
  /** A status that counts as an answer besides the 2xx ones (304 for a revalidation scenario). */
  readonly expectedStatus?: number;
  /** Load before the measured rounds, not measured: JIT, caches and connection pools settle. */
  readonly warmupSeconds: number;
  readonly rounds: number;
  readonly roundSeconds: number;
}

/** One measured round. Latencies are of 2xx responses only, in milliseconds, from every single response. */
export interface RoundResult {
  readonly seconds: number;
  readonly ok: number;
  readonly non2xx: number;
  /** Socket errors and timeouts. */
  readonly errors: number;
  /** 2xx responses per second: answers that are errors do not count as throughput. */
  readonly requestsPerSecond: number;
  readonly p50Ms: number;
  readonly p99Ms: number;
  /** Status codes other than 2xx seen in the round, with counts (what went wrong, when something did). */
  readonly otherStatuses: Readonly<Record<string, number>>;
}

export interface LoadResult {
  readonly id: number;
  readonly rounds: readonly RoundResult[];
  /** Requests issued in all, warm-up included: where the next run of the same walk starts. */
  readonly issued: number;
  /** Set when the run itself failed (connection refused, bad spec). */
  readonly failure?: string;
}
