// `npm run bench -- [--quick] --only=<keys> [--prof=<dir>] [--service-flag=<flag>]... [--service-stdout=<file>]`:
// seeds the data set and measures only the named HTTP scenarios (keys of bench/scenarios.ts, e.g.
// createEvent,updateEvent), with the service's CPU milliseconds per request at each level; `--prof` runs the service
// under `--cpu-prof` and leaves its profile in the directory given; `--service-flag` adds a Node flag to the service
// alone (e.g. --trace-gc-nvp) and `--service-stdout` copies its stdout, where V8's GC traces go, to a file.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openLmdbEventStore } from '../src/events/embedded/lmdbEventStore.ts';
import type { BenchMode } from './benchMode.ts';
import { seed } from './seed.ts';
import { layoutOf } from './seedShape.ts';
import { currentLoadAverage } from './machine.ts';
import { startServiceProcess } from './serviceProcess.ts';
import { startBareKoa } from './bareKoa.ts';
import { LoadGenerator } from './load.ts';
import { scenariosFor, type Scenario } from './scenarios.ts';
import { BareReferences, runScenario, type LoadRunner, type ScenarioResult } from './scenarioRunner.ts';
import { scenarioTable } from './report.ts';
import { processCpuReader } from './processCpu.ts';
import type { LoadResult, LoadSpec } from './loadSpec.ts';
import type { RequestPlan } from './requestPlans.ts';

/** Longer than quick mode's single 1 s round: a few scenarios, compared before and after a change. */
const timing = { warmupSeconds: 1, rounds: 3, roundSeconds: 3 };

/** The `--only=a,b` keys, or undefined when the option is absent. */
export function onlyKeysOf(argv: readonly string[]): string[] | undefined {
  const option = argv.find((arg) => arg.startsWith('--only='));
  return option?.slice('--only='.length).split(',').filter(Boolean);
}

/** The `--prof=<dir>` directory, or undefined. */
export const profileDirOf = (argv: readonly string[]): string | undefined =>
  argv.find((arg) => arg.startsWith('--prof='))?.slice('--prof='.length);

/** The service's own flags (`--service-flag=<flag>`, repeated) and where its stdout goes (`--service-stdout=`). */
export const serviceOptionsOf = (argv: readonly string[]) => ({
  serviceFlags: argv
    .filter((arg) => arg.startsWith('--service-flag='))
    .map((arg) => arg.slice('--service-flag='.length)),
  serviceStdout: argv.find((arg) => arg.startsWith('--service-stdout='))?.slice('--service-stdout='.length),
});

function selected(all: readonly Scenario[], keys: readonly string[]): Scenario[] {
  const unknown = keys.filter((key) => !all.some((scenario) => scenario.key === key));
  if (unknown.length > 0 || keys.length === 0)
    throw new Error(`unknown scenario ${unknown.join(', ')}; known: ${all.map((s) => s.key).join(', ')}`);
  return all.filter((scenario) => keys.includes(scenario.key));
}

/**
 * The warm-up's plan: creates get titles of their own, since the measured run numbers its requests from 0 again and
 * would otherwise re-create the warm-up's titles, every one a taken slug (a read of its claim stream and a second
 * candidate per create, which a full run never meets). Reads and updates walk the same items again.
 */
export function warmUpPlan(plan: RequestPlan): RequestPlan {
  return plan.kind === 'createEvents' ? { ...plan, runTag: `${plan.runTag}-warmup` } : plan;
}

/** An unmeasured run of 2 s before a scenario's first level: a route's first JIT seconds cost more than the rest. */
class WarmedUpLoad implements LoadRunner {
  private warmedUp = false;

  constructor(
    private readonly load: LoadGenerator,
    private readonly serviceOrigin: string,
  ) {}

  async run(spec: Omit<LoadSpec, 'id'>): Promise<LoadResult> {
    if (spec.origin === this.serviceOrigin && !this.warmedUp) {
      this.warmedUp = true;
      await this.load.run({ ...spec, plan: warmUpPlan(spec.plan), warmupSeconds: 2, rounds: 0 });
    }
    return this.load.run(spec);
  }
}

interface SelectedRun {
  readonly mode: BenchMode;
  readonly nodeFlags: readonly string[];
  /** Where the service leaves its CPU profile (`--cpu-prof`); none: no profile. */
  readonly profileDir: string | undefined;
  /** Node flags of the service alone, after the start script's. */
  readonly serviceFlags?: readonly string[];
  /** Where the service's stdout is copied; none: nowhere. */
  readonly serviceStdout?: string;
}

async function measure(scenarios: readonly Scenario[], dir: string, run: SelectedRun): Promise<void> {
  const { nodeFlags, profileDir, mode } = run;
  const profileFlags = profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [];
  const serviceFlags = [...nodeFlags, ...(run.serviceFlags ?? []), ...profileFlags];
  const service = await startServiceProcess(serviceFlags, dir, mode.startDeadlineMs, {}, run.serviceStdout);
  const bare = await startBareKoa(nodeFlags);
  const load = new LoadGenerator(nodeFlags);
  try {
    const references = new BareReferences(bare, load, timing);
    const results: ScenarioResult[] = [];
    const serviceCpuMs = processCpuReader(service.pid);
    for (const scenario of scenarios) {
      const warmed = new WarmedUpLoad(load, service.origin);
      results.push(await runScenario(scenario, service.origin, warmed, references, timing, serviceCpuMs));
      console.error(`[bench] ${scenario.label} measured; load ${currentLoadAverage()}`);
    }
    console.log(scenarioTable(results).join('\n'));
  } finally {
    await load.close();
    await bare.stop();
    await service.stop();
  }
}

/** Seeds the mode's data set into a temporary store, measures the scenarios named, and removes the store. */
export async function runSelectedScenarios(keys: readonly string[], run: SelectedRun): Promise<void> {
  const now = new Date();
  const scenarios = selected(scenariosFor(layoutOf(run.mode.shape), now), keys);
  const dir = mkdtempSync(join(tmpdir(), 'cal-bench-selected-'));
  try {
    console.error(`[bench] seeding ${run.mode.shape.events.toLocaleString('en')} events; load ${currentLoadAverage()}`);
    const store = await openLmdbEventStore(join(dir, 'events'));
    await seed(store, run.mode.shape, now);
    await store.close();
    await measure(scenarios, dir, run);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
