// `npm run bench [-- --quick]`: seeds the embedded store, measures replay, then loads the running service from
// a separate autocannon process. Prints a table and a JSON summary; nothing here is asserted.
import { spawn, execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openLmdbEventStore } from '../src/events/embedded/lmdbEventStore.ts';
import { createMemoryReadStore } from '../src/projections/memory/memoryReadStore.ts';
import { ProjectionRunner } from '../src/projections/projectionRunner.ts';
import { allProjections } from '../src/projections/allProjections.ts';
import { seed } from './seed.ts';

const quick = process.argv.includes('--quick');
const eventCount = quick ? 2_000 : 100_000;
const shape = quick
  ? { events: eventCount, venues: 50, organizers: 100, categories: 20, tags: 50 }
  : { events: eventCount, venues: 1_000, organizers: 2_000, categories: 200, tags: 500 };
const duration = quick ? 2 : 10;
const port = 18_000 + Math.floor(Math.random() * 1000);
const password = 'bench-password';
const auth = `Basic ${Buffer.from(`admin:${password}`).toString('base64')}`;
const dir = mkdtempSync(join(tmpdir(), 'cal-bench-'));
const results: Record<string, unknown> = { events: eventCount, quick };

try {
  const store = await openLmdbEventStore(join(dir, 'events'));
  let started = performance.now();
  const seeded = await seed(store, shape, new Date());
  const seededCount = shape.events + shape.venues + shape.organizers + shape.categories + shape.tags;
  results.shape = shape;
  results.seedEventsPerSecond = Math.round(seededCount / ((performance.now() - started) / 1000));

  started = performance.now();
  const runner = new ProjectionRunner(store, createMemoryReadStore(), allProjections);
  await runner.start();
  await runner.caughtUp;
  results.replayEventsPerSecond = Math.round(seededCount / ((performance.now() - started) / 1000));
  await runner.stop();
  await store.close();

  const server = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    env: { ...process.env, PORT: String(port), CAL_DATA_DIR: dir, CAL_ADMIN_PASSWORD: password, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  started = performance.now();
  await new Promise<void>((resolve, reject) => {
    server.stdout.on('data', (chunk: Buffer) => chunk.toString().includes('listening') && resolve());
    server.once('exit', (code) => reject(new Error(`service exited with ${code}`)));
  });
  results.startToReadyMs = Math.round(performance.now() - started);
  try {
    const base = `http://127.0.0.1:${port}/cal/events/v1`;
    const load = (spec: object) =>
      JSON.parse(execFileSync(process.execPath, ['--import', 'tsx', 'bench/load.ts', JSON.stringify(spec)]).toString().trim().split('\n').at(-1) as string);
    load({ url: `${base}/events`, connections: 16, duration: 1 }); // warm-up
    results.listEvents16 = load({ url: `${base}/events`, connections: 16, duration });
    results.listByCategory16 = load({ url: `${base}/events?categories=${seeded.topCategoryIds.first}`, connections: 16, duration });
    results.listByVenue16 = load({ url: `${base}/events?venue=${seeded.venueIds.first + 1}`, connections: 16, duration });
    results.getEvent16 = load({ url: `${base}/events/${seeded.firstEventId + Math.ceil(eventCount / 2)}`, connections: 16, duration });
    results.createEvents64 = load({ url: `${base}/events`, connections: 64, duration, method: 'POST', auth, createEvents: true });
    const rss = execFileSync('ps', ['-o', 'rss=', '-p', String(server.pid)]).toString().trim();
    results.serviceRssMb = Math.round(Number(rss) / 1024);
  } finally {
    server.kill('SIGTERM');
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}

const row = (name: string, r: unknown) => {
  const x = r as { requestsPerSecond: number; p50: number; p99: number; non2xx: number };
  return `${name.padEnd(34)} ${String(Math.round(x.requestsPerSecond)).padStart(8)} req/s   p50 ${x.p50} ms   p99 ${x.p99} ms   non-2xx ${x.non2xx}`;
};
console.log(`\nEmbedded default, ${JSON.stringify(shape)}${quick ? ' (quick mode)' : ''}`);
console.log(`seed through the store            ${results.seedEventsPerSecond} domain events/s`);
console.log(`replay into the read model        ${results.replayEventsPerSecond} domain events/s`);
console.log(`service start to ready            ${results.startToReadyMs} ms`);
console.log(row('GET /events (default window), c=16', results.listEvents16));
console.log(row('GET /events?categories=<top>, c=16', results.listByCategory16));
console.log(row('GET /events?venue=<id>, c=16', results.listByVenue16));
console.log(row('GET /events/{id}, c=16', results.getEvent16));
console.log(row('POST /events (durable), c=64', results.createEvents64));
console.log(`service RSS after load            ${results.serviceRssMb} MB`);
console.log(JSON.stringify(results));
