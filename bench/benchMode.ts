// The two modes of `npm run bench`: full (the data set and timings) and `--quick` (CI keeps the suite working).
import { fullShape, quickShape, type SeedShape } from './seedShape.ts';

export interface Timing {
  readonly warmupSeconds: number;
  readonly rounds: number;
  readonly roundSeconds: number;
}

export interface BenchMode {
  readonly name: 'full' | 'quick';
  readonly shape: SeedShape;
  /** Scenario measurements against the service. */
  readonly timing: Timing;
  /**
   * The bare Koa route and the raw store appends: half-length rounds, since a static body or a bare append varies far
   * less than a scenario; this keeps the full run under 25 minutes on two cores.
   */
  readonly referenceTiming: Timing;
  /** Store events seeded for the restart measurement (the "restart with 1M stored events"). */
  readonly restartStoreEvents: number;
  /** Calendar events the restart seed has room for; it stops at `restartStoreEvents` before reaching them. */
  readonly restartShape: SeedShape;
  /** Bound on any service start, 1M events included: past it the run fails as broken. */
  readonly startDeadlineMs: number;
  /** Events of the source calendar `cal import` copies (the 20,000; few in quick mode, for CI). */
  readonly migrationEvents: number;
}

export const fullMode: BenchMode = {
  name: 'full',
  shape: fullShape,
  timing: { warmupSeconds: 2, rounds: 3, roundSeconds: 10 },
  referenceTiming: { warmupSeconds: 1, rounds: 3, roundSeconds: 5 },
  restartStoreEvents: 1_000_000,
  restartShape: { ...fullShape, events: 400_000 },
  startDeadlineMs: 15 * 60_000,
  migrationEvents: 20_000,
};

export const quickMode: BenchMode = {
  name: 'quick',
  shape: quickShape,
  timing: { warmupSeconds: 0.5, rounds: 1, roundSeconds: 1 },
  referenceTiming: { warmupSeconds: 0.3, rounds: 1, roundSeconds: 1 },
  restartStoreEvents: 5_000,
  restartShape: quickShape,
  startDeadlineMs: 2 * 60_000,
  migrationEvents: 500,
};

/** `--quick` picks the quick mode; `--no-series` seeds the mode's data set without its weekly series. */
export function modeOf(argv: readonly string[]): BenchMode {
  const mode = argv.includes('--quick') ? quickMode : fullMode;
  if (!argv.includes('--no-series')) return mode;
  const { series: _series, ...shape } = mode.shape;
  return { ...mode, shape };
}
