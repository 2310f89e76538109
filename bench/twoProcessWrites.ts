// `node --import tsx bench/twoProcessWrites.ts [seconds]`: durable creates, then PATCHes (distinct ids, no If-Match),
// at c=64 against one service process and against two processes sharing one data directory (32 connections each),
// alternated twice after a warm-up of each. Prints writes/s and the services' CPU per write and per second: how much
// a second process (on the second core) adds, given that each process also projects the other's writes.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { benchAdminAuth, startServiceProcess, type ServiceProcess } from './serviceProcess.ts';
import { startScriptNodeFlags } from './nodeProcesses.ts';
import { plannedRequest, type RequestPlan } from './requestPlans.ts';
import { processCpuReader } from './processCpu.ts';

const seconds = Number(process.argv[2] ?? 10);
const dir = mkdtempSync(join(tmpdir(), 'two-'));
const api = '/cal/events/v1';
let counter = 0;

async function post(origin: string, path: string, body: unknown): Promise<{ id: number }> {
  const res = await fetch(`${origin}${api}${path}`, {
    method: 'POST',
    headers: { authorization: benchAdminAuth, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (res.status !== 201) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as { id: number };
}

function run(origin: string, connections: number, plan: RequestPlan): Promise<{ ok: number; other: number }> {
  let ok = 0;
  let other = 0;
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        url: `${origin}${plannedRequest(plan, 0).path}`,
        connections,
        duration: seconds,
        method: plan.method,
        headers: { authorization: benchAdminAuth, 'content-type': 'application/json' },
        requests: [
          {
            setupRequest: (request) => {
              const planned = plannedRequest(plan, counter++);
              return { ...request, path: planned.path, body: planned.body };
            },
          },
        ],
      },
      (error: unknown) => (error ? reject(error as Error) : resolve({ ok, other })),
    );
    instance.on('response', (_c, status) => (status >= 200 && status < 300 ? ok++ : other++));
  });
}

async function measure(label: string, services: ServiceProcess[], plan: RequestPlan): Promise<void> {
  const cpu = services.map((s) => processCpuReader(s.pid) as () => number);
  const before = cpu.map((read) => read());
  const loadBefore = process.cpuUsage();
  const started = performance.now();
  const results = await Promise.all(services.map((s) => run(s.origin, 64 / services.length, plan)));
  const wall = (performance.now() - started) / 1000;
  const used = cpu.map((read, i) => read() - (before[i] as number));
  const load = process.cpuUsage(loadBefore);
  const ok = results.reduce((t, r) => t + r.ok, 0);
  const other = results.reduce((t, r) => t + r.other, 0);
  const cpuPerWrite = used.reduce((total, ms) => total + ms, 0) / ok;
  const cpuPerSecond = used.map((ms) => (ms / 1000 / wall).toFixed(2)).join(' + ');
  console.log(
    `${label}: ${(ok / wall).toFixed(0)} writes/s (${ok} 2xx, ${other} other), ` +
      `service CPU ${cpuPerWrite.toFixed(3)} ms per write, ${cpuPerSecond} CPU s per s; ` +
      `load generator ${((load.user + load.system) / 1e6 / wall).toFixed(2)} CPU s per s`,
  );
}

const flags = startScriptNodeFlags();
const a = await startServiceProcess(flags, dir, 120_000, { CAL_SCHEDULER: 'off' });
try {
  const venue = await post(a.origin, '/venues', { venue: 'Hall', address: '1 Main St', city: 'X' });
  const organizer = await post(a.origin, '/organizers', { organizer: 'Club' });
  const category = await post(a.origin, '/categories', { name: 'Concerts' });
  const tag = await post(a.origin, '/tags', { name: 'late' });
  const createPlan: RequestPlan = {
    kind: 'createEvents',
    method: 'POST',
    path: `${api}/events`,
    runTag: String(Date.now()),
    links: { venue: venue.id, organizer: organizer.id, category: category.id, tag: tag.id },
    month: '2027-03',
  };
  await measure('warm-up, one process  ', [a], createPlan);
  const b = await startServiceProcess(flags, dir, 120_000, { CAL_SCHEDULER: 'off' });
  try {
    await measure('warm-up, two processes', [a, b], createPlan);
    for (let round = 0; round < 2; round++) {
      await measure('POST, one process  ', [a], createPlan);
      await measure('POST, two processes', [a, b], createPlan);
    }
    // The creates above made far more than 20,000 events, so every id of the walk exists (`other` counts misses).
    const patchPlan: RequestPlan = {
      kind: 'updateEvents',
      method: 'PATCH',
      prefix: `${api}/events/`,
      firstId: 10,
      count: 20_000,
      start: 0,
    };
    for (let round = 0; round < 2; round++) {
      await measure('PATCH, one process  ', [a], patchPlan);
      await measure('PATCH, two processes', [a, b], patchPlan);
    }
  } finally {
    await b.stop();
  }
} finally {
  await a.stop();
  rmSync(dir, { recursive: true, force: true });
}
