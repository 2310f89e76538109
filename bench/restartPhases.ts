// `node --import tsx bench/restartPhases.ts --dir <path> [--rounds n] [--prof dir] [--store-events n]
// [--node-flags "--flag=value ..."]`: graceful
// restarts of the compiled service (as `npm start` runs it) on a kept data directory, phase by phase: the service's
// own start log (modules loaded, stores opened, snapshot read/check/decode/verify/restore, projection and API started)
// beside what the bench sees (listening, /ready) and the process's CPU time until ready. The directory is seeded
// (as bench/restart.ts seeds it, 1M store events by default) and given a snapshot by a cold start when it has none
// this code loads, then kept for the next run: restarts can be compared back to back before and after a change.
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { openLmdbEventStore } from '../src/events/embedded/lmdbEventStore.ts';
import { fullMode } from './benchMode.ts';
import { seed } from './seed.ts';
import { spawnNode, startScriptNodeFlags, stopChild, waitForOutput } from './nodeProcesses.ts';
import { processCpuReader } from './processCpu.ts';
import { benchAdminPassword } from './serviceProcess.ts';

function argument(name: string): string | undefined {
  const at = process.argv.indexOf(name);
  return at < 0 ? undefined : process.argv[at + 1];
}

const dir = argument('--dir');
if (!dir) throw new Error('--dir <path> is required (the data directory kept between runs)');
const rounds = Number(argument('--rounds') ?? 3);
const profileDir = argument('--prof');
const storeEvents = Number(argument('--store-events') ?? fullMode.restartStoreEvents);
/** Node flags after the start script's own (V8 takes the last of a flag given twice): to compare heap settings. */
const nodeFlags = (argument('--node-flags') ?? '').split(/\s+/).filter((flag) => flag !== '');

interface LogLine {
  readonly msg?: string;
  readonly [key: string]: unknown;
}

/** One start until /ready answers 200 and lags by nothing; its log lines at info and its CPU time until then. */
async function startAndWait(extraFlags: readonly string[]) {
  const startedAt = performance.now();
  const child = spawnNode('service', [...startScriptNodeFlags(), ...extraFlags], ['scripts/start.mjs'], {
    PORT: '0',
    HOST: '127.0.0.1',
    CAL_DATA_DIR: dir,
    CAL_ADMIN_PASSWORD: benchAdminPassword,
    CAL_PUBLIC_URL: 'http://localhost:8080',
    CAL_EVENTSTORE_URL: undefined,
    CAL_MONGODB_URL: undefined,
    CAL_READ_MODEL_SNAPSHOT_INTERVAL: '1',
    LOG_LEVEL: 'info',
  });
  const lines: LogLine[] = [];
  let pending = '';
  child.stdout.on('data', (chunk: Buffer) => {
    const text = pending + chunk.toString();
    const parts = text.split('\n');
    pending = parts.pop() ?? '';
    for (const part of parts) if (part.startsWith('{')) lines.push(JSON.parse(part) as LogLine);
  });
  const cpu = processCpuReader(child.pid as number);
  const match = await waitForOutput(child, /listening on (http:\/\/[^/\s]+)/, fullMode.startDeadlineMs, 'service');
  const listeningMs = performance.now() - startedAt;
  const origin = match[1] as string;
  for (;;) {
    const response = await fetch(`${origin}/ready`).catch(() => undefined);
    if (response?.status === 200) {
      const body = (await response.json()) as { checks?: { projection?: { lag_events?: number } } };
      if (body.checks?.projection?.lag_events === 0) break;
    } else await response?.arrayBuffer();
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  const readyMs = performance.now() - startedAt;
  const cpuMs = cpu?.();
  return { child, lines, listeningMs, readyMs, cpuMs };
}

const logged = (lines: readonly LogLine[], message: string) => lines.find((line) => line.msg?.startsWith(message));

async function prepared(): Promise<void> {
  if (!existsSync(join(dir as string, 'events'))) {
    mkdirSync(dir as string, { recursive: true });
    const store = await openLmdbEventStore(join(dir as string, 'events'));
    await seed(store, fullMode.restartShape, new Date('2026-11-22T10:00:00Z'), storeEvents);
    await store.close();
  }
  const probe = await startAndWait([]);
  if (!logged(probe.lines, 'read model loaded from its snapshot')) {
    console.error('no usable snapshot: waiting for the cold start to write one');
    // The background snapshot is written within a few seconds of the catch-up; the stop writes it otherwise.
    await new Promise((resolve) => setTimeout(resolve, 15_000));
  }
  await stopChild(probe.child);
}

await prepared();
for (let round = 0; round < rounds; round++) {
  const flags = [...nodeFlags, ...(profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [])];
  const { child, lines, listeningMs, readyMs, cpuMs } = await startAndWait(flags);
  await stopChild(child);
  const load = logged(lines, 'read model loaded from its snapshot');
  const started = logged(lines, 'service started');
  console.log(
    JSON.stringify({
      listeningMs: Math.round(listeningMs),
      readyMs: Math.round(readyMs),
      cpuMsUntilReady: cpuMs,
      snapshot: load ? { ms: load.ms, documents: load.documents, phases: load.phases } : 'not loaded',
      start: started?.msSinceProcessStart,
    }),
  );
}
