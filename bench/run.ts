// `npm run bench [-- --quick]`: seeds the embedded store, measures replay and raw appends, then loads the running
// service and a bare Koa server from a separate autocannon process; prints a table and JSON, writes bench/results/.
// Exits non-zero when something is broken (a process does not start, a scenario never answers 2xx), never on speed.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openLmdbEventStore } from '../src/events/embedded/lmdbEventStore.ts';
import { modeOf } from './benchMode.ts';
import { seed } from './seed.ts';
import { layoutOf } from './seedShape.ts';
import { machineInfo, currentLoadAverage } from './machine.ts';
import { probeMachineSpeed, readCpuTimes, stealPercent } from './machineSpeed.ts';
import { startScriptNodeFlags } from './nodeProcesses.ts';
import { processCpuReader } from './processCpu.ts';
import { ensureBuilt } from '../scripts/ensureBuilt.mjs';
import { measureAppendsInChild, measureReplayInChild } from './storeMeasurements.ts';
import { startServiceProcess } from './serviceProcess.ts';
import { startBareKoa } from './bareKoa.ts';
import { LoadGenerator } from './load.ts';
import { scenariosFor } from './scenarios.ts';
import { BareReferences, runScenario, type ScenarioResult } from './scenarioRunner.ts';
import { measureEmptyStart, measureRestart } from './restart.ts';
import { measureMigration } from './migrationRate.ts';
import { median, ratio } from './rounds.ts';
import { formatReport, writeResults } from './report.ts';
import { onlyKeysOf, profileDirOf, runSelectedScenarios, serviceOptionsOf } from './selectedScenarios.ts';
import type { AppendRate, BenchResults, DataSet, MachineSpeeds } from './benchResults.ts';

const mode = modeOf(process.argv);
const onlyKeys = onlyKeysOf(process.argv);
const now = new Date();
const machine = machineInfo(now);
const nodeFlags = startScriptNodeFlags();
// The service runs compiled, as `npm start` runs it; built here so that no start measured includes the build.
if (!ensureBuilt()) throw new Error('the build of src/ failed');
const resultsPath = `bench/results/${mode.name === 'full' ? 'latest' : 'latest-quick'}.json`;
const progress = (message: string) =>
  console.error(`[bench ${((performance.now() / 1000) | 0).toString().padStart(4)} s] ${message}`);
const dir = mkdtempSync(join(tmpdir(), 'cal-bench-'));
const storePath = join(dir, 'events');

async function seedDataSet(): Promise<DataSet> {
  progress(`seeding ${mode.shape.events.toLocaleString('en')} events`);
  const store = await openLmdbEventStore(storePath);
  const startedAt = performance.now();
  const seeded = await seed(store, mode.shape, now);
  const seedSeconds = (performance.now() - startedAt) / 1000;
  await store.close();
  return {
    shape: mode.shape,
    publishedEvents: seeded.layout.publishedEvents,
    storeEvents: seeded.storeEvents,
    eventTypes: seeded.eventTypes,
    seedSeconds,
    seedEventsPerSecond: seeded.storeEvents / seedSeconds,
  };
}

async function measureAppendRate(): Promise<AppendRate> {
  const appendDir = mkdtempSync(join(tmpdir(), 'cal-bench-appends-'));
  try {
    const rounds = await measureAppendsInChild(nodeFlags, join(appendDir, 'events'), mode.referenceTiming);
    return {
      appenders: 64,
      appendsPerSecond: median(rounds.map((round) => round.appendsPerSecond)),
      p50Ms: median(rounds.map((round) => round.p50Ms)),
      p99Ms: median(rounds.map((round) => round.p99Ms)),
      rounds,
    };
  } finally {
    rmSync(appendDir, { recursive: true, force: true });
  }
}

async function run(machineSpeed: () => MachineSpeeds): Promise<BenchResults> {
  const dataSet = await seedDataSet();
  progress('replaying into fresh read models');
  const replay = {
    runner: await measureReplayInChild(nodeFlags, 'replay-runner', storePath, mode.startDeadlineMs),
    replayInto: await measureReplayInChild(nodeFlags, 'replay-into', storePath, mode.startDeadlineMs),
  };
  progress('starting an empty service');
  const emptyStart = await measureEmptyStart(nodeFlags, mode);
  progress('starting the service on the data set, the bare Koa server and the load generator');
  const service = await startServiceProcess(nodeFlags, dir, mode.startDeadlineMs);
  const bare = await startBareKoa(nodeFlags).catch(async (error: unknown) => {
    await service.stop();
    throw error;
  });
  const load = new LoadGenerator(nodeFlags);
  const scenarios: ScenarioResult[] = [];
  let appendRate: AppendRate | undefined;
  let rssAfterReadsMb: number | undefined;
  let anonymousRssAfterReadsMb: number | undefined;
  let rssAfterWritesMb: number;
  let anonymousRssAfterWritesMb: number;
  try {
    const references = new BareReferences(bare, load, mode.referenceTiming);
    const serviceCpuMs = processCpuReader(service.pid);
    for (const scenario of scenariosFor(layoutOf(mode.shape), now)) {
      if (scenario.writes && !appendRate) {
        // Per 100k events is taken while the service holds exactly the seeded events.
        rssAfterReadsMb = service.rssMegabytes();
        anonymousRssAfterReadsMb = service.anonymousRssMegabytes();
        // The raw store rate is taken right before the writes, in the same quiet conditions.
        progress('raw durable appends');
        appendRate = await measureAppendRate();
      }
      progress(scenario.label);
      scenarios.push(await runScenario(scenario, service.origin, load, references, mode.timing, serviceCpuMs));
    }
    rssAfterWritesMb = service.rssMegabytes();
    anonymousRssAfterWritesMb = service.anonymousRssMegabytes();
    anonymousRssAfterReadsMb ??= service.anonymousRssMegabytes();
  } finally {
    await load.close();
    await bare.stop();
    await service.stop();
  }
  progress(`restart with ${mode.restartStoreEvents.toLocaleString('en')} store events`);
  const restart = await measureRestart(nodeFlags, mode, now);
  progress(`cal import of ${mode.migrationEvents.toLocaleString('en')} events from a source service`);
  const migration = await measureMigration(nodeFlags, mode.migrationEvents, now, mode.startDeadlineMs);
  appendRate ??= await measureAppendRate();
  rssAfterReadsMb ??= rssAfterWritesMb;
  const hundredsOfThousands = mode.shape.events / 100_000;
  const creates = scenarios
    .find((scenario) => scenario.key === 'createEvent')
    ?.levels.find((level) => level.connections === 64);
  const problems = scenarios.flatMap((scenario) =>
    scenario.levels
      .filter((level) => level.service.flagged)
      .map(
        (level) =>
          `${level.service.broken ? 'BROKEN' : 'flagged'}: ${scenario.label} at ` +
          `c=${level.connections}: ${level.service.ok} 2xx, ${level.service.non2xx} non-2xx ` +
          `${JSON.stringify(level.service.otherStatuses)}, ${level.service.errors} socket errors or timeouts`,
      ),
  );
  return {
    mode: mode.name,
    machine,
    loadAverageAtEnd: currentLoadAverage(),
    machineSpeed: machineSpeed(),
    timing: { scenarios: mode.timing, references: mode.referenceTiming },
    dataSet,
    replay,
    appendRate,
    emptyStart,
    seededStart: service.times,
    scenarios,
    createRatioToRawAppends: creates && ratio(creates.service.requestsPerSecond, appendRate.appendsPerSecond),
    memory: {
      serviceRssAfterReadsMb: rssAfterReadsMb,
      serviceRssAfterWritesMb: rssAfterWritesMb,
      emptyServiceRssMb: emptyStart.rssMegabytes,
      rssPer100kEventsMb: rssAfterReadsMb / hundredsOfThousands,
      marginalRssPer100kEventsMb: (rssAfterReadsMb - emptyStart.rssMegabytes) / hundredsOfThousands,
      serviceAnonymousRssAfterReadsMb: anonymousRssAfterReadsMb,
      serviceAnonymousRssAfterWritesMb: anonymousRssAfterWritesMb,
      emptyServiceAnonymousRssMb: emptyStart.anonymousRssMegabytes,
      marginalAnonymousRssPer100kEventsMb:
        (anonymousRssAfterReadsMb - emptyStart.anonymousRssMegabytes) / hundredsOfThousands,
    },
    restart,
    migration,
    problems,
    broken: scenarios.some((scenario) => scenario.levels.some((level) => level.service.broken)),
  };
}

/** The machine's speed now, and a function giving it again at the end with the steal time in between. */
function machineSpeedFromNow(): () => MachineSpeeds {
  progress('timing the machine');
  const atStart = probeMachineSpeed();
  const cpuTimesAtStart = readCpuTimes();
  return () => {
    const stolen = stealPercent(cpuTimesAtStart, readCpuTimes());
    return { atStart, atEnd: probeMachineSpeed(), ...(stolen === undefined ? {} : { stealPercent: stolen }) };
  };
}

async function runAll(): Promise<void> {
  const results = await run(machineSpeedFromNow());
  const json = writeResults(results, resultsPath);
  console.log(formatReport(results));
  console.log(`\nJSON written to ${resultsPath}`);
  console.log(JSON.stringify(JSON.parse(json)));
  process.exitCode = results.broken ? 1 : 0;
}

try {
  if (onlyKeys) {
    const profileDir = profileDirOf(process.argv);
    await runSelectedScenarios(onlyKeys, { mode, nodeFlags, profileDir, ...serviceOptionsOf(process.argv) });
  } else await runAll();
} catch (error) {
  console.error(`benchmark failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  process.exitCode = 1;
} finally {
  rmSync(dir, { recursive: true, force: true });
}
