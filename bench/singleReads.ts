// `node --import tsx bench/singleReads.ts [--quick] [--prof=<dir>]`: only the single-read scenarios of `npm run bench`
// (GET /events/{id} over distinct ids, with its bare Koa reference), for before/after comparisons of that route.
// `--prof` runs the service under `--cpu-prof` and leaves its profile in the given directory.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openLmdbEventStore } from '../src/events/embedded/lmdbEventStore.ts';
import { modeOf } from './benchMode.ts';
import { seed } from './seed.ts';
import { layoutOf } from './seedShape.ts';
import { currentLoadAverage } from './machine.ts';
import { startScriptNodeFlags } from './nodeProcesses.ts';
import { ensureBuilt } from '../scripts/ensureBuilt.mjs';
import { startServiceProcess } from './serviceProcess.ts';
import { startBareKoa } from './bareKoa.ts';
import { LoadGenerator } from './load.ts';
import { scenariosFor } from './scenarios.ts';
import { BareReferences, runScenario } from './scenarioRunner.ts';

const mode = modeOf(process.argv);
const profileDir = process.argv.find((arg) => arg.startsWith('--prof='))?.slice('--prof='.length);
// Longer than quick mode's single 1 s round: one route, measured before and after a change on a shared machine.
const timing = { warmupSeconds: 1, rounds: 3, roundSeconds: 3 };
const now = new Date();
const nodeFlags = startScriptNodeFlags();
if (!ensureBuilt()) throw new Error('the build of src/ failed');
const dir = mkdtempSync(join(tmpdir(), 'cal-bench-single-'));

async function run(): Promise<void> {
  const store = await openLmdbEventStore(join(dir, 'events'));
  await seed(store, mode.shape, now);
  await store.close();
  const serviceFlags = profileDir ? [...nodeFlags, '--cpu-prof', `--cpu-prof-dir=${profileDir}`] : nodeFlags;
  const service = await startServiceProcess(serviceFlags, dir, mode.startDeadlineMs);
  const bare = await startBareKoa(nodeFlags);
  const load = new LoadGenerator(nodeFlags);
  try {
    const references = new BareReferences(bare, load, timing);
    const single = scenariosFor(layoutOf(mode.shape), now).filter((scenario) => scenario.key === 'getEvent');
    for (const scenario of single) {
      const result = await runScenario(scenario, service.origin, load, references, timing);
      for (const level of result.levels) {
        const { requestsPerSecond, p50Ms, p99Ms } = level.service;
        console.log(
          `${result.label} c=${level.connections}: ${requestsPerSecond.toFixed(0)} req/s, ` +
            `p50 ${p50Ms.toFixed(2)} ms, p99 ${p99Ms.toFixed(2)} ms, ` +
            `bare ${level.bare.requestsPerSecond.toFixed(0)} req/s, ratio ` +
            `${(level.ratioToBare ?? 0).toFixed(2)}, load ${currentLoadAverage()}`,
        );
      }
    }
  } finally {
    await load.close();
    await bare.stop();
    await service.stop();
  }
}

try {
  await run();
} finally {
  rmSync(dir, { recursive: true, force: true });
}
