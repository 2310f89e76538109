// `node --experimental-websocket --import tsx bench/writeMemory.ts [--quick] [--seconds=N] [--idle=N]
// [--snapshots=<dir>] [--service-flag=<flag>]... [--service-env=NAME=value]...`:
// the memory of the service after the read scenarios and again after the write scenarios of `npm run bench` (POST
// at c=64, PATCH at c=16 and c=64, each for N seconds, 20 by default), as RSS, its anonymous and file-backed parts,
// and V8's heap before and after a forced full collection (through the inspector); after the writes, also after
// `--idle` seconds (10) without requests. Each reading splits the anonymous pages (bench/memoryBreakdown.ts).
// `--snapshots` also writes a heap snapshot at both points, for comparing what the writes left behind
// (bench/heapSummary.ts).
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
import { startServiceProcess, type ServiceProcess } from './serviceProcess.ts';
import { LoadGenerator } from './load.ts';
import { scenariosFor, type Scenario } from './scenarios.ts';
import { InspectorClient } from './inspectorClient.ts';
import { breakdownLine, residentPartsOf, v8FiguresExpression, type V8Figures } from './memoryBreakdown.ts';

const mode = modeOf(process.argv);
const optionOf = (name: string) => process.argv.find((arg) => arg.startsWith(`--${name}=`))?.slice(name.length + 3);
const writeSeconds = Number(optionOf('seconds') ?? 20);
/** `--idle=N`: after the writes, the service left idle N seconds (10 by default) and read again before any GC. */
const idleSeconds = Number(optionOf('idle') ?? 10);
const snapshotDir = optionOf('snapshots');
/** `--service-flag=<flag>`, repeated: Node flags added to the service's own (to compare heap settings). */
const serviceFlags = process.argv.filter((arg) => arg.startsWith('--service-flag=')).map((arg) => arg.slice(15));
/** `--service-env=NAME=value`, repeated: environment variables of the service (e.g. MALLOC_ARENA_MAX=2). */
const serviceEnv = Object.fromEntries(
  process.argv
    .filter((arg) => arg.startsWith('--service-env='))
    .map((arg) => arg.slice(14).split('=') as [string, string]),
);
const now = new Date();
const nodeFlags = startScriptNodeFlags();
const inspectorPort = 20_000 + (process.pid % 20_000);
if (!ensureBuilt()) throw new Error('the build of src/ failed');
const dir = mkdtempSync(join(tmpdir(), 'cal-bench-memory-'));

const megabytes = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);

/** VmRSS, RssAnon and RssFile of the process, in MB. */
function residentOf(pid: number): string {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const field = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+) kB$`, 'm').exec(status)?.[1] ?? NaN) / 1024;
  return `RSS ${field('VmRSS').toFixed(1)} (anon ${field('RssAnon').toFixed(1)}, file ${field('RssFile').toFixed(1)})`;
}

/** The resident pages of the lmdb store's data file, summed over its maps (lmdb-js keeps a map it outgrew), in MB. */
function storeMappingOf(pid: number): string {
  const mappings = readFileSync(`/proc/${pid}/smaps`, 'utf8').split(/\n(?=[0-9a-f]+-[0-9a-f]+ )/);
  const resident = mappings
    .filter((mapping) => mapping.slice(0, mapping.indexOf('\n')).endsWith('/data.mdb'))
    .map((mapping) => Number(/^Rss:\s+(\d+) kB$/m.exec(mapping)?.[1] ?? 0) / 1024);
  const total = resident.reduce((sum, mb) => sum + mb, 0);
  const each = resident.map((mb) => mb.toFixed(0)).join(' ');
  return `store file resident ${total.toFixed(1)} in ${resident.length} map(s) (${each})`;
}

/**
 * Where the anonymous pages lie (/proc/<pid>/smaps): glibc's main heap (`[heap]`) and the other anonymous mappings
 * (V8's heap pages, thread arenas of malloc, large buffers), with the largest few, in MB.
 */
function anonymousMappingsOf(pid: number): string {
  const mappings = readFileSync(`/proc/${pid}/smaps`, 'utf8').split(/\n(?=[0-9a-f]+-[0-9a-f]+ )/);
  let brk = 0;
  const others: { size: number; rss: number }[] = [];
  for (const mapping of mappings) {
    const header = mapping.slice(0, mapping.indexOf('\n'));
    const path = header.split(/\s+/)[5] ?? '';
    const kb = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+) kB$`, 'm').exec(mapping)?.[1] ?? 0);
    if (path === '[heap]') brk += kb('Rss');
    else if (path === '') others.push({ size: kb('Size'), rss: kb('Rss') });
  }
  others.sort((a, b) => b.rss - a.rss);
  const total = others.reduce((sum, m) => sum + m.rss, 0);
  const top = others.slice(0, 6).map((m) => `${(m.rss / 1024).toFixed(0)}/${(m.size / 1024).toFixed(0)}`);
  return (
    `[heap] ${(brk / 1024).toFixed(1)}, other anonymous ${(total / 1024).toFixed(1)} in ${others.length} ` +
    `(largest rss/size ${top.join(' ')})`
  );
}

async function v8FiguresOf(inspector: InspectorClient): Promise<V8Figures> {
  const answer = (await inspector.send('Runtime.evaluate', {
    expression: v8FiguresExpression,
    returnByValue: true,
  })) as {
    result: { value: string };
  };
  return JSON.parse(answer.result.value) as V8Figures;
}

/** The resident parts and V8's figures at one moment, without a collection. */
async function breakdownOf(inspector: InspectorClient, pid: number): Promise<string> {
  const v8 = await v8FiguresOf(inspector);
  return `${residentOf(pid)}; ${breakdownLine(residentPartsOf(pid), v8)}`;
}

/**
 * What the process holds as the bench reads it, then (with `idleFirst`) after `idleSeconds` without requests, then
 * after a full collection; a heap snapshot when asked.
 */
async function measure(label: string, service: ServiceProcess, idleFirst = false): Promise<void> {
  const inspector = await InspectorClient.connect(inspectorPort);
  try {
    const before = await inspector.memoryUsage();
    const spaces = await inspector.heapSpaces();
    const asRead = `${residentOf(service.pid)}, ${storeMappingOf(service.pid)}`;
    console.log(
      `${label} (load ${currentLoadAverage()}), as the bench reads it: ${await breakdownOf(inspector, service.pid)}`,
    );
    if (idleFirst) {
      const pausesBefore = await inspector.gcPauses();
      await new Promise((resolve) => setTimeout(resolve, idleSeconds * 1000));
      const pauses = await inspector.gcPauses();
      console.log(
        `  after ${idleSeconds} s idle: ${await breakdownOf(inspector, service.pid)}; GC pauses while idle ` +
          `${pauses.count - pausesBefore.count} (${(pauses.ms - pausesBefore.ms).toFixed(0)} ms; a settle's ` +
          `collections run back to back in one pause)`,
      );
    }
    await inspector.collectGarbage();
    console.log(`  after a full GC: ${await breakdownOf(inspector, service.pid)}`);
    const after = await inspector.memoryUsage();
    console.log(
      `  summary: as read ${asRead}, heap used ` +
        `${megabytes(before.heapUsed)} of ${megabytes(before.heapTotal)}; ` +
        `after a full GC ${residentOf(service.pid)}, ` +
        `heap used ${megabytes(after.heapUsed)} of ${megabytes(after.heapTotal)}, external ` +
        `${megabytes(after.external)} (array buffers ${megabytes(after.arrayBuffers)}); ` +
        anonymousMappingsOf(service.pid),
    );
    console.log(`  heap spaces before the GC (used/size MB): ${spaces}`);
    if (snapshotDir) {
      const path = join(snapshotDir, `${label.replace(/\W+/g, '-')}.heapsnapshot`);
      await inspector.writeHeapSnapshot(path);
      console.log(`  heap snapshot: ${path}`);
    }
  } finally {
    inspector.close();
  }
}

async function cpuSecondsOf(): Promise<number> {
  const inspector = await InspectorClient.connect(inspectorPort);
  try {
    return await inspector.cpuSeconds();
  } finally {
    inspector.close();
  }
}

async function gcPausesOf(): Promise<{ count: number; ms: number; full: number; fullMs: number }> {
  const inspector = await InspectorClient.connect(inspectorPort);
  try {
    return await inspector.gcPauses();
  } finally {
    inspector.close();
  }
}

async function runReads(scenarios: readonly Scenario[], origin: string, load: LoadGenerator): Promise<void> {
  for (const scenario of scenarios.filter((s) => !s.writes)) {
    const expected = scenario.expectedStatus === undefined ? {} : { expectedStatus: scenario.expectedStatus };
    const connections = Math.max(...scenario.connectionLevels.filter((level) => level <= 16));
    await load.run({ origin, plan: scenario.plan, headers: scenario.headers, connections, ...expected, ...timing(1) });
  }
}

const timing = (seconds: number) => ({ warmupSeconds: 0, rounds: 1, roundSeconds: seconds });

/** The bench's write scenarios in its order, each level for `writeSeconds`; answers the 2xx counted. */
async function runWrites(
  scenarios: readonly Scenario[],
  origin: string,
  load: LoadGenerator,
): Promise<{ text: string; ok: number }> {
  const counts: string[] = [];
  let allOk = 0;
  for (const scenario of scenarios.filter((s) => s.writes)) {
    let walked = 0;
    for (const connections of scenario.connectionLevels) {
      const plan =
        scenario.plan.kind === 'createEvents'
          ? { ...scenario.plan, runTag: `${scenario.plan.runTag}-c${connections}` }
          : scenario.plan.kind === 'updateEvents'
            ? { ...scenario.plan, start: scenario.plan.start + walked }
            : scenario.plan;
      const cpuBefore = await cpuSecondsOf();
      const result = await load.run({ origin, plan, headers: scenario.headers, connections, ...timing(writeSeconds) });
      const cpuMs = ((await cpuSecondsOf()) - cpuBefore) * 1000;
      walked += result.issued;
      const ok = result.rounds.reduce((sum, round) => sum + round.ok, 0);
      allOk += ok;
      const failed = result.rounds.reduce((sum, round) => sum + round.non2xx + round.errors, 0);
      counts.push(
        `${scenario.plan.method} c=${connections}: ${ok} ok, ${failed} failed${result.failure ?? ''}, ` +
          `${(cpuMs / Math.max(1, ok)).toFixed(2)} ms of service CPU each`,
      );
    }
  }
  return { text: counts.join('; '), ok: allOk };
}

async function run(): Promise<void> {
  const store = await openLmdbEventStore(join(dir, 'events'));
  await seed(store, mode.shape, now);
  await store.close();
  const flags = [...nodeFlags, ...serviceFlags, `--inspect=127.0.0.1:${inspectorPort}`];
  const service = await startServiceProcess(flags, dir, mode.startDeadlineMs, serviceEnv);
  const load = new LoadGenerator(nodeFlags);
  try {
    const scenarios = scenariosFor(layoutOf(mode.shape), now);
    await runReads(scenarios, service.origin, load);
    await measure('after the reads', service);
    const cpuBefore = await cpuSecondsOf();
    const gcBefore = await gcPausesOf();
    const counts = await runWrites(scenarios, service.origin, load);
    const cpu = (await cpuSecondsOf()) - cpuBefore;
    const gc = await gcPausesOf();
    console.log(
      `${counts.text}; service CPU ${cpu.toFixed(1)} s for ${counts.ok} writes; ` +
        `GC pauses ${gc.count - gcBefore.count} ` +
        `(${(gc.ms - gcBefore.ms).toFixed(0)} ms), of which full ${gc.full - gcBefore.full} ` +
        `(${(gc.fullMs - gcBefore.fullMs).toFixed(0)} ms)`,
    );
    await measure('after the writes', service, true);
  } finally {
    await load.close();
    await service.stop();
  }
}

try {
  await run();
} finally {
  rmSync(dir, { recursive: true, force: true });
}
