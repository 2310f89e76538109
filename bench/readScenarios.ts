// `node --import tsx bench/readScenarios.ts [--quick] [--only=<key>,…] [--levels=16,…] [--prof=<dir>]`: the read
// scenarios of `npm run bench` alone (the event lists, the single event walk, /venues, /categories), each with its
// bare Koa reference in the same run, for before/after comparisons of the read path. `--prof` runs the service under
// `--cpu-prof` and leaves its profile in the given directory (bench/profileShares.ts summarizes it).
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
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
import { scenariosFor, type Scenario } from './scenarios.ts';
import { BareReferences, runScenario } from './scenarioRunner.ts';

const readKeys = [
  'listDefault',
  'listCategoryDates',
  'listSeriesWindow',
  'listVenue',
  'listSearch',
  'listPage50',
  'getEvent',
  'listVenues',
  'listCategories',
];

const mode = modeOf(process.argv);
const option = (name: string) => process.argv.find((arg) => arg.startsWith(`--${name}=`))?.slice(name.length + 3);
const profileDir = option('prof');
const only = option('only')?.split(',') ?? readKeys;
const levels = option('levels')?.split(',').map(Number);
// Longer than quick mode's single 1 s round: routes measured before and after a change on a shared machine.
const timing = { warmupSeconds: 1, rounds: 3, roundSeconds: 3 };
const now = new Date();
const nodeFlags = startScriptNodeFlags();
if (!ensureBuilt()) throw new Error('the build of src/ failed');
const dir = mkdtempSync(join(tmpdir(), 'cal-bench-reads-'));

/**
 * CPU seconds a process has used (user + system, from /proc): on a machine shared with other work, the CPU a request
 * costs is the figure the load moves least.
 */
function cpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/** Requests the service has answered, from its own request metrics. */
async function answeredRequests(origin: string): Promise<number> {
  const text = await (await fetch(`${origin}/metrics`)).text();
  return text
    .split('\n')
    .filter((line) => line.startsWith('cal_http_request_duration_seconds_count'))
    .reduce((total, line) => total + Number(line.split(' ').at(-1)), 0);
}

const chosen = (scenario: Scenario): Scenario[] =>
  only.includes(scenario.key) ? [levels ? { ...scenario, connectionLevels: levels } : scenario] : [];

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
    for (const scenario of scenariosFor(layoutOf(mode.shape), now).flatMap(chosen)) {
      const [cpuBefore, answeredBefore] = [cpuSeconds(service.pid), await answeredRequests(service.origin)];
      const result = await runScenario(scenario, service.origin, load, references, timing);
      const cpuPerRequest =
        (cpuSeconds(service.pid) - cpuBefore) / ((await answeredRequests(service.origin)) - answeredBefore - 1);
      console.log(`${result.label}: service CPU ${(cpuPerRequest * 1e6).toFixed(0)} µs per request (all levels)`);
      for (const level of result.levels) {
        const { requestsPerSecond, p50Ms, p99Ms } = level.service;
        console.log(
          `${result.label} c=${level.connections}: ${requestsPerSecond.toFixed(0)} req/s, ` +
            `p50 ${p50Ms.toFixed(2)} ms, p99 ${p99Ms.toFixed(2)} ms, ` +
            `bare ${level.bare.requestsPerSecond.toFixed(0)} req/s (${level.bare.bytes} B), ratio ` +
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
