// `node --import tsx bench/writePath.ts [events] [rounds] [--allocations=<file>]`: CPU µs per durable event write
// through the whole app in one process: Koa's middleware chain and routes, the command, the lmdb commit (fsynced), the
// live projection and the answer, driven by light-my-request (no sockets: Node's HTTP parser and the socket writes
// are left out, and so is the load generator, whose CPU the HTTP benchmark shares the machine with). The requests are
// the HTTP benchmark's own (bench/requestPlans.ts): creates 64 at a time, PATCHes of distinct seeded events 16 at a
// time, in alternating rounds. CPU time per write moves less with the machine's load than req/s; compare two commits
// back to back. `--allocations` samples what one more round allocates, the garbage collected since included (V8's
// sampling heap profiler): it prints the bytes per write, which the machine's load does not move, and writes the
// sites with the most bytes to <file>: the garbage collector's share of a write comes from these.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Session } from 'node:inspector/promises';
import { writeFileSync } from 'node:fs';
import { inject } from 'light-my-request';
import { pino } from 'pino';
import { loadConfig } from '../src/config/config.ts';
import { ZoneClock } from '../src/domain/timeZone.ts';
import { openLmdbEventStore } from '../src/events/embedded/lmdbEventStore.ts';
import { createApp } from '../src/http/app.ts';
import { composeHttpServices } from '../src/http/composeServices.ts';
import { createServiceMetrics } from '../src/http/observability/metrics.ts';
import { eventFoldingOf } from '../src/projections/events/eventDocumentAt.ts';
import { ProjectionLagMeter } from '../src/projections/projectionLag.ts';
import { projectionMemos } from '../src/projections/projectionMemos.ts';
import { UserDirectory } from '../src/projections/users/userDirectory.ts';
import { startService } from '../src/service.ts';
import { plannedRequest, type RequestPlan } from './requestPlans.ts';
import { seed } from './seed.ts';
import { categoryIdAt, layoutOf, quickShape } from './seedShape.ts';

const apiRoot = '/cal/events/v1';
const password = 'bench-writes';
const authorization = `Basic ${Buffer.from(`admin:${password}`).toString('base64')}`;

type Handler = ReturnType<ReturnType<typeof createApp>['callback']>;

/** Sends requests `from`..`from + count - 1` of `plan`, `concurrency` at a time; fails on any answer but 2xx. */
async function send(handler: Handler, plan: RequestPlan, method: string, from: number, count: number, concurrency = 1) {
  for (let n = from; n < from + count; n += concurrency) {
    const wave = Array.from({ length: Math.min(concurrency, from + count - n) }, async (_, k) => {
      const { path, body } = plannedRequest(plan, n + k);
      const headers = { authorization, 'content-type': 'application/json' };
      const res = await inject(handler, { method, url: path, headers, ...(body ? { payload: body } : {}) });
      if (res.statusCode >= 300) throw new Error(`${method} ${path}: ${res.statusCode} ${res.body}`);
    });
    await Promise.all(wave);
  }
}

async function cpuMicrosOf(run: () => Promise<void>): Promise<number> {
  const started = process.cpuUsage();
  await run();
  const used = process.cpuUsage(started);
  return used.user + used.system;
}

/** What a run allocated, collected garbage included (V8's sampling heap profiler): the bytes, and the sites. */
async function sampleAllocations(
  session: Session,
  run: () => Promise<void>,
): Promise<{ bytes: number; sites: string[] }> {
  const includes = { includeObjectsCollectedByMajorGC: true, includeObjectsCollectedByMinorGC: true };
  await session.post('HeapProfiler.startSampling', { samplingInterval: 4096, ...includes });
  await run();
  const { profile } = await session.post('HeapProfiler.stopSampling');
  return allocationSites(profile.head as unknown as AllocationNode);
}

interface AllocationNode {
  readonly callFrame: { readonly functionName: string; readonly url: string };
  readonly selfSize: number;
  readonly children: readonly AllocationNode[];
}

/** Bytes allocated per function and its two callers, largest first, and in all. */
function allocationSites(root: AllocationNode): { bytes: number; sites: string[] } {
  const sites = new Map<string, number>();
  let total = 0;
  const frame = (node: AllocationNode) =>
    `${node.callFrame.functionName || '(anonymous)'} ${node.callFrame.url.replace(/^.*\/(src|node_modules)\//, '')}`;
  const walk = (node: AllocationNode, callers: readonly string[]) => {
    const path = [frame(node), ...callers.slice(0, 2)].join(' < ');
    sites.set(path, (sites.get(path) ?? 0) + node.selfSize);
    total += node.selfSize;
    for (const child of node.children) walk(child, [frame(node), ...callers]);
  };
  walk(root, []);
  const share = (bytes: number) => `${((100 * bytes) / total).toFixed(1).padStart(5)}%`;
  const lines = [...sites].sort((a, b) => b[1] - a[1]).map(([path, bytes]) => `${share(bytes)} ${path}`);
  return { bytes: total, sites: lines };
}

async function measure(dir: string, events: number, rounds: number, allocations?: string): Promise<void> {
  const now = new Date();
  const env = { PORT: '0', CAL_DATA_DIR: dir, CAL_PUBLIC_URL: 'http://localhost:8080', CAL_ADMIN_PASSWORD: password };
  const config = loadConfig(env);
  const service = await startService(config, pino({ level: 'silent' }), () => new Date(), 'all');
  const { store, readStore, projections } = service;
  const folding = eventFoldingOf(projectionMemos(new ZoneClock()));
  const clock = () => new Date();
  const users = new UserDirectory(store);
  const parts = composeHttpServices({ config, store, readStore, users, projections, clock, folding });
  const metrics = createServiceMetrics(async () => ({ events: 0, seconds: 0 }));
  const lag = new ProjectionLagMeter(store);
  const operations = { store, readStore, metrics, clock, maxLagSeconds: 5, lag };
  const app = createApp(parts, pino({ level: 'silent' }), {
    ...operations,
    appliedPosition: async () => projections.appliedPosition,
  });
  const handler = app.callback();
  const layout = layoutOf({ ...quickShape, events, series: undefined });
  const links = { venue: layout.firstVenue, organizer: layout.firstOrganizer, category: categoryIdAt(0) };
  const creates: RequestPlan = {
    kind: 'createEvents',
    method: 'POST',
    path: `${apiRoot}/events`,
    runTag: String(now.getTime()),
    links: { ...links, tag: layout.firstTag },
    month: `${now.getUTCFullYear() + 1}-03`,
  };
  const updates: RequestPlan = {
    kind: 'updateEvents',
    method: 'PATCH',
    prefix: `${apiRoot}/events/`,
    firstId: layout.firstEvent,
    count: layout.publishedEvents,
    start: 0,
  };
  // One round more than measured when allocations are sampled: the sampling costs CPU of its own.
  const perRound = Math.floor(layout.publishedEvents / (rounds + 3));
  const perWrite = { create: [] as number[], update: [] as number[] };
  for (let round = 0; round < rounds + 2; round++) {
    const create = await cpuMicrosOf(() => send(handler, creates, 'POST', round * perRound, perRound, 64));
    const update = await cpuMicrosOf(() => send(handler, updates, 'PATCH', round * perRound, perRound, 16));
    // The first two rounds warm the JIT and the bounded tables.
    if (round < 2) continue;
    perWrite.create.push(create / perRound);
    perWrite.update.push(update / perRound);
  }
  // The lowest round too: on a shared machine, other processes only ever add to a round's CPU time.
  const figures = (values: readonly number[]) =>
    `${(values.reduce((sum, value) => sum + value, 0) / values.length).toFixed(0)} µs (lowest round ` +
    `${Math.min(...values).toFixed(0)})`;
  console.log(
    `${rounds} rounds of ${perRound}, CPU per write: POST /events (c=64) ${figures(perWrite.create)}, ` +
      `PATCH /events/{id} (c=16) ${figures(perWrite.update)}`,
  );
  if (allocations) {
    const session = new Session();
    session.connect();
    const from = (rounds + 2) * perRound;
    const created = await sampleAllocations(session, () => send(handler, creates, 'POST', from, perRound, 64));
    const updated = await sampleAllocations(session, () => send(handler, updates, 'PATCH', from, perRound, 16));
    session.disconnect();
    const kb = (bytes: number) => (bytes / perRound / 1024).toFixed(1);
    console.log(`allocated per write (sampled): POST ${kb(created.bytes)} KB, PATCH ${kb(updated.bytes)} KB`);
    writeFileSync(allocations, ['POST', ...created.sites, '', 'PATCH', ...updated.sites].join('\n'));
  }
  await service.close();
}

const [events = 6_000, rounds = 4] = process.argv
  .slice(2, 4)
  .filter((arg) => !arg.startsWith('--'))
  .map(Number);
const allocations = process.argv.find((arg) => arg.startsWith('--allocations='))?.slice('--allocations='.length);
const dir = mkdtempSync(join(tmpdir(), 'cal-bench-writes-'));
try {
  const store = await openLmdbEventStore(join(dir, 'events'));
  await seed(store, { ...quickShape, events, series: undefined }, new Date());
  await store.close();
  await measure(dir, events, rounds, allocations);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
