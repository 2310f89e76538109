// How many runs each fuzz property makes and from which seed: fixed and small in CI, `FUZZ_RUNS`/`FUZZ_SEED` for long
// runs.
import type { Parameters } from 'fast-check';

/** CI budget across all fuzz suites: a few thousand requests, well under a minute on a loaded two-core machine. */
const defaultTotalRuns = 4_000;
const defaultSeed = 20_260_401;

const fromEnv = (name: string): number | undefined => {
  const raw = process.env[name];
  if (raw === undefined || raw.trim() === '') return undefined;
  const value = Number(raw);
  if (!Number.isSafeInteger(value)) throw new Error(`${name} must be an integer, got ${raw}`);
  return value;
};

export const totalRuns = fromEnv('FUZZ_RUNS') ?? defaultTotalRuns;
export const fuzzSeed = fromEnv('FUZZ_SEED') ?? defaultSeed;

/**
 * fast-check parameters for a property that takes `share` of the total runs. fast-check reports the seed and the
 * counterexample path on failure; rerun with `FUZZ_SEED=<seed>` to replay it.
 */
export function fuzzParameters<T>(share: number): Parameters<T> {
  return { seed: fuzzSeed, numRuns: Math.max(1, Math.round(totalRuns * share)), verbose: 1 };
}

/** A mocha timeout that grows with the runs: CI's fixed budget or a long run (`FUZZ_RUNS=100000`). */
export function suiteTimeoutMs(share: number): number {
  return 120_000 + Math.round(totalRuns * share) * 200;
}
