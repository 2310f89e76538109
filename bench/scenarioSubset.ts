// `npm run bench:scenarios -- --only=<key,...> [--quick] [--no-series]`: seeds the data set of `npm run bench` and
// measures only the named HTTP scenarios (keys in bench/scenarios.ts), without the store, restart and migration
// measurements: for comparing one change, or the data set with and without series, in minutes instead of half an hour.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openLmdbEventStore } from '../src/events/embedded/lmdbEventStore.ts';
import { ensureBuilt } from '../scripts/ensureBuilt.mjs';
import { modeOf } from './benchMode.ts';
import { seed } from './seed.ts';
import { layoutOf, type SeedShape } from './seedShape.ts';
import { currentLoadAverage } from './machine.ts';
import { processCpuMs, startScriptNodeFlags } from './nodeProcesses.ts';
import { startServiceProcess } from './serviceProcess.ts';
import { startBareKoa } from './bareKoa.ts';
import { LoadGenerator } from './load.ts';
import { scenariosFor } from './scenarios.ts';
import { BareReferences, runScenario, type ScenarioResult } from './scenarioRunner.ts';
import { scenarioTable } from './report.ts';

const argv = process.argv.slice(2);
const mode = modeOf(argv);
const only = new Set(
  (argv.find((arg) => arg.startsWith('--only='))?.slice('--only='.length) ?? '').split(',').filter(Boolean),
);
const withoutSeries = argv.includes('--no-series');
const { series: _series, ...unchangedShape } = mode.shape;
const shape: SeedShape = withoutSeries ? unchangedShape : mode.shape;
const now = new Date();
const nodeFlags = startScriptNodeFlags();

async function measure(dir: string): Promise<ScenarioResult[]> {
  const selected = scenariosFor(layoutOf(shape), now).filter((scenario) => only.has(scenario.key));
  if (selected.length !== only.size) throw new Error(`unknown scenario keys among: ${[...only].join(', ')}`);
  const store = await openLmdbEventStore(join(dir, 'events'));
  const seeded = await seed(store, shape, now);
  await store.close();
  console.error(`seeded ${seeded.storeEvents.toLocaleString('en')} store events${withoutSeries ? ', no series' : ''}`);
  const service = await startServiceProcess(nodeFlags, dir, mode.startDeadlineMs);
  const bare = await startBareKoa(nodeFlags);
  const load = new LoadGenerator(nodeFlags);
  try {
    const references = new BareReferences(bare, load, mode.referenceTiming);
    const results: ScenarioResult[] = [];
    for (const scenario of selected) {
      console.error(scenario.label);
      results.push(
        await runScenario(scenario, service.origin, load, references, mode.timing, () => processCpuMs(service.pid)),
      );
    }
    return results;
  } finally {
    await load.close();
    await bare.stop();
    await service.stop();
  }
}

if (only.size === 0) {
  console.error('name the scenarios: --only=listDefault,listVenue (keys in bench/scenarios.ts)');
  process.exitCode = 2;
} else {
  if (!ensureBuilt()) throw new Error('the build of src/ failed');
  const dir = mkdtempSync(join(tmpdir(), 'cal-bench-subset-'));
  const loadAtStart = currentLoadAverage();
  try {
    const results = await measure(dir);
    console.log(
      `${mode.name} data set${withoutSeries ? ' without series' : ''}; load ${loadAtStart} → ${currentLoadAverage()}`,
    );
    console.log(scenarioTable(results).join('\n'));
    console.log(JSON.stringify({ mode: mode.name, withoutSeries, loadAtStart, results }));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
