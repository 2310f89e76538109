// Pure statistics of the benchmark: percentiles of one round's latencies, medians over rounds, and the verdict on
// errors.
import type { RoundResult } from './loadSpec.ts';

/** Nearest-rank percentile of ascending values (`q` in 0..1); 0 for no values. */
export function percentile(ascending: ArrayLike<number>, q: number): number {
  if (ascending.length === 0) return 0;
  const rank = Math.min(ascending.length - 1, Math.max(0, Math.ceil(q * ascending.length) - 1));
  return ascending[rank] as number;
}

/** The middle value (the mean of the two middle ones for an even count); 0 for none. */
export function median(values: readonly number[]): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}

export interface Measurement {
  /** Medians over the rounds, each figure on its own (the median round for req/s need not be the one for p99). */
  readonly requestsPerSecond: number;
  readonly p50Ms: number;
  readonly p99Ms: number;
  readonly rounds: number;
  readonly ok: number;
  readonly non2xx: number;
  readonly errors: number;
  readonly otherStatuses: Readonly<Record<string, number>>;
  /** Some responses were not 2xx or some requests failed: the figures are suspect. */
  readonly flagged: boolean;
  /** Not a single 2xx: the scenario is broken, not slow. */
  readonly broken: boolean;
}

export function summarizeRounds(rounds: readonly RoundResult[]): Measurement {
  const sum = (pick: (round: RoundResult) => number) => rounds.reduce((total, round) => total + pick(round), 0);
  const otherStatuses: Record<string, number> = {};
  for (const round of rounds) {
    for (const [status, count] of Object.entries(round.otherStatuses))
      otherStatuses[status] = (otherStatuses[status] ?? 0) + count;
  }
  const ok = sum((round) => round.ok);
  const non2xx = sum((round) => round.non2xx);
  const errors = sum((round) => round.errors);
  return {
    requestsPerSecond: median(rounds.map((round) => round.requestsPerSecond)),
    p50Ms: median(rounds.map((round) => round.p50Ms)),
    p99Ms: median(rounds.map((round) => round.p99Ms)),
    rounds: rounds.length,
    ok,
    non2xx,
    errors,
    otherStatuses,
    flagged: non2xx + errors > 0,
    broken: ok === 0,
  };
}

/** `part / whole`, or undefined when the whole is not a usable figure. */
export function ratio(part: number, whole: number): number | undefined {
  return whole > 0 && Number.isFinite(whole) ? part / whole : undefined;
}
