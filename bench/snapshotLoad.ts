// `node --import tsx bench/snapshotLoad.ts [storeEvents] [--dir path] [--rounds n]`: the read-model snapshot load
// alone, in this process, phase by phase (file read, checks, checksum, decoding, filling the memory read model, and
// the garbage collector's share), on a store seeded as the restart measurement seeds it (default 300k store events).
// `--dir` keeps the seeded store and its snapshot for the next run (re-made when this code no longer loads it).
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PerformanceObserver } from 'node:perf_hooks';
import { openLmdbEventStore } from '../src/events/embedded/lmdbEventStore.ts';
import type { EventStore } from '../src/events/eventStore.ts';
import { createMemoryReadStore } from '../src/projections/memory/memoryReadStore.ts';
import { allProjections } from '../src/projections/allProjections.ts';
import { projectionMemos } from '../src/projections/projectionMemos.ts';
import { ZoneClock } from '../src/domain/timeZone.ts';
import { replayInto } from '../src/projections/replay.ts';
import {
  loadReadModelSnapshot,
  saveReadModelSnapshot,
  snapshotFileName,
} from '../src/projections/snapshot/readModelSnapshot.ts';
import { fullMode } from './benchMode.ts';
import { seed } from './seed.ts';

/** Fixed, so that a kept snapshot stays loadable while the code under measurement changes (the format still counts). */
const fingerprint = 'bench snapshot load';

function argument(name: string): string | undefined {
  const at = process.argv.indexOf(name);
  return at < 0 ? undefined : process.argv[at + 1];
}

const storeEvents = Number(process.argv[2] && !process.argv[2].startsWith('--') ? process.argv[2] : 300_000);
const rounds = Number(argument('--rounds') ?? 3);
const keptDir = argument('--dir');
const dir = keptDir ?? mkdtempSync(join(tmpdir(), 'cal-bench-snapshot-'));
const path = join(dir, snapshotFileName);

async function seeded(): Promise<EventStore> {
  if (existsSync(join(dir, 'events'))) return openLmdbEventStore(join(dir, 'events'));
  mkdirSync(dir, { recursive: true });
  const store = await openLmdbEventStore(join(dir, 'events'));
  await seed(store, fullMode.restartShape, new Date('2026-11-22T10:00:00Z'), storeEvents);
  return store;
}

/** A replayed read model saved as the snapshot. */
async function saveFromReplay(store: EventStore): Promise<void> {
  const memos = projectionMemos(new ZoneClock());
  const readStore = createMemoryReadStore(memos);
  await replayInto(store, readStore, { handlers: allProjections(memos) });
  const saved = await saveReadModelSnapshot(path, store, readStore, fingerprint);
  console.error(`saved: ${JSON.stringify(saved, (_, v: unknown) => (typeof v === 'bigint' ? String(v) : v))}`);
}

/** Milliseconds the garbage collector worked while `work` ran. */
async function withGcTime<T>(work: () => Promise<T>): Promise<{ value: T; gcMs: number }> {
  let gcMs = 0;
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) gcMs += entry.duration;
  });
  observer.observe({ entryTypes: ['gc'] });
  const value = await work();
  // GC entries are delivered asynchronously.
  await new Promise((resolve) => setTimeout(resolve, 50));
  observer.disconnect();
  return { value, gcMs };
}

async function loadOnce(store: EventStore) {
  const memos = projectionMemos(new ZoneClock());
  const readStore = createMemoryReadStore(memos);
  const startedAt = performance.now();
  const cpuBefore = process.cpuUsage();
  const { value: load, gcMs } = await withGcTime(() => loadReadModelSnapshot(path, store, readStore, fingerprint));
  const totalMs = performance.now() - startedAt;
  // CPU time of the whole process (the garbage collector's and the thread pool's threads included): on a machine
  // shared with other work it varies far less than the wall-clock time.
  const { user, system } = process.cpuUsage(cpuBefore);
  const cpuMs = (user + system) / 1000;
  // The first list settles what the puts left pending (a replayed read model pays the same at its first list).
  const listedAt = performance.now();
  await readStore.events.list({ language: 'en', statuses: ['publish'], offset: 0, limit: 10 });
  const firstListMs = performance.now() - listedAt;
  return { load, totalMs, cpuMs, gcMs, firstListMs };
}

const store = await seeded();
try {
  let first = await loadOnce(store);
  if (first.load.kind !== 'loaded') {
    console.error(`snapshot ${first.load.kind}: saving one from a replay`);
    await saveFromReplay(store);
    first = await loadOnce(store);
  }
  const measured = [first];
  for (let round = 1; round < rounds; round++) measured.push(await loadOnce(store));
  const round = (ms: number) => Math.round(ms);
  for (const { load, totalMs, cpuMs, gcMs, firstListMs } of measured)
    console.log(
      JSON.stringify({
        storeEvents: String(await store.headPosition()),
        ...(load.kind === 'loaded'
          ? { documents: load.documents, bytes: load.bytes, phases: load.phases }
          : { load: load.kind }),
        totalMs: round(totalMs),
        cpuMs: round(cpuMs),
        gcMs: round(gcMs),
        firstListMs: round(firstListMs),
      }),
    );
} finally {
  await store.close();
  if (!keptDir) rmSync(dir, { recursive: true, force: true });
}
