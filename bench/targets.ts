// The targets next to what was measured: shown in the report for the reader, never asserted anywhere.
import type { BenchResults } from './benchResults.ts';
import type { LevelResult } from './scenarioRunner.ts';

export interface TargetCheck {
  readonly target: string;
  readonly measured: string;
  readonly met: boolean;
}

const readKeys = [
  'listDefault',
  'listCategoryDates',
  'listVenue',
  'listSearch',
  'listPage50',
  'getEvent',
  'listVenues',
  'listCategories',
];

const fixed = (value: number, digits: number) => value.toFixed(digits);

function levelsAt(results: BenchResults, connections: number): { key: string; level: LevelResult }[] {
  return results.scenarios
    .filter((scenario) => readKeys.includes(scenario.key))
    .flatMap((scenario) =>
      scenario.levels
        .filter((level) => level.connections === connections)
        .map((level) => ({ key: scenario.key, level })),
    );
}

export function targetChecks(results: BenchResults): TargetCheck[] {
  const reads = levelsAt(results, 16);
  const worstRatio = Math.min(...reads.map(({ level }) => level.ratioToBare ?? 0));
  const worstP50 = Math.max(...reads.map(({ level }) => level.service.p50Ms));
  const worstP99 = Math.max(...reads.map(({ level }) => level.service.p99Ms));
  const creates = results.scenarios
    .find((scenario) => scenario.key === 'createEvent')
    ?.levels.find((level) => level.connections === 64);
  const replay = results.replay.runner.eventsPerSecond;
  // Caught up, not just /ready: with a freshly seeded store /ready may answer 200 while the last seconds of events are
  // still applied.
  // The restart, not the cold start: a restart after a graceful stop starts from the read-model snapshot.
  const restartReadyS = results.restart.times.caughtUpMs / 1000;
  return [
    {
      target: 'reads at c=16 ≥ 50% of bare Koa (worst scenario)',
      measured: `${fixed(worstRatio * 100, 0)}%`,
      met: worstRatio >= 0.5,
    },
    { target: 'reads at c=16: p50 < 2 ms (worst scenario)', measured: `${fixed(worstP50, 2)} ms`, met: worstP50 < 2 },
    { target: 'reads at c=16: p99 < 10 ms (worst scenario)', measured: `${fixed(worstP99, 2)} ms`, met: worstP99 < 10 },
    {
      target: 'durable creates > 5,000/s at c=64',
      measured: `${fixed(creates?.service.requestsPerSecond ?? 0, 0)}/s`,
      met: (creates?.service.requestsPerSecond ?? 0) > 5000,
    },
    { target: 'replay > 200k events/s', measured: `${fixed(replay / 1000, 1)}k/s`, met: replay > 200_000 },
    {
      target: `ready within 10 s after restart with ${results.restart.storeEvents.toLocaleString('en')} events`,
      measured: `${fixed(restartReadyS, 1)} s`,
      met: restartReadyS <= 10,
    },
    {
      target: '< 300 MB RSS per 100k events',
      measured: `${fixed(results.memory.rssPer100kEventsMb, 0)} MB`,
      met: results.memory.rssPer100kEventsMb < 300,
    },
    {
      target: '< 300 MB per 100k events in the read model (anonymous RSS above an empty service)',
      measured: `${fixed(results.memory.marginalAnonymousRssPer100kEventsMb, 0)} MB`,
      met: results.memory.marginalAnonymousRssPer100kEventsMb < 300,
    },
  ];
}
