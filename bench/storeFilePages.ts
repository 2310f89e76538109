// `node --import tsx bench/storeFilePages.ts [creates] [updates]`: which reads bring the pages that writes add to the
// lmdb store file into the process's RSS. lmdb-js writes a commit's pages with pwrite (useWritemap is off), so a new
// page enters this process's resident set only when something reads it through the map. Each variant appends the
// same creates (64 concurrent appenders, one new stream each) and updates (one more event on an existing stream) to
// a fresh store of its own, with a different reader beside the writes, and prints the store file's size and its
// resident pages (/proc/self/smaps) after the writes, in MB.
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { NoStream, AnyRevision, type EventStore, type NewEvent } from '../src/events/eventStore.ts';
import { openLmdbEventStore } from '../src/events/embedded/lmdbEventStore.ts';
import { toNewEvent } from '../src/events/catalogue/envelope.ts';
import type { DomainEvent } from '../src/events/catalogue/index.ts';
import { seedItems } from './seed.ts';
import { layoutOf, quickShape } from './seedShape.ts';
import { currentLoadAverage } from './machine.ts';

const creates = Number(process.argv[2] ?? 20_000);
const updates = Number(process.argv[3] ?? 20_000);
const appenders = 64;

/** The first scheduled event of the seed, as a create's append carries it. */
function sampleEvent(now: Date): NewEvent {
  for (const [, event] of seedItems(quickShape, layoutOf(quickShape), now))
    if (event.type === 'EventScheduled')
      return toNewEvent(event as DomainEvent, {
        actor: '1',
        now,
        correlationId: randomUUID(),
        causationId: randomUUID(),
      });
  throw new Error('the seed schedules no event');
}

/** Resident MB of the mappings of one file in this process. */
function residentMbOf(file: string): number {
  const mappings = readFileSync('/proc/self/smaps', 'utf8').split(/\n(?=[0-9a-f]+-[0-9a-f]+ )/);
  return mappings
    .filter((mapping) => mapping.slice(0, mapping.indexOf('\n')).endsWith(file))
    .reduce((sum, mapping) => sum + Number(/^Rss:\s+(\d+) kB$/m.exec(mapping)?.[1] ?? 0) / 1024, 0);
}

const event = sampleEvent(new Date());

type Reader = 'none' | 'subscription' | 'stream tail' | 'subscription and stream tail';

type Expected = typeof NoStream | typeof AnyRevision;

/** `count` appends by 64 concurrent appenders, the i-th to the stream `prepare(i)` names once it resolves. */
async function appendAll(store: EventStore, count: number, prepare: (i: number) => Promise<[string, Expected]>) {
  let next = 0;
  const appender = async () => {
    for (let i = next++; i < count; i = next++) {
      const [streamId, expected] = await prepare(i);
      await store.append(streamId, [event], expected);
    }
  };
  await Promise.all(Array.from({ length: appenders }, appender));
}

async function variant(reader: Reader): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'cal-store-pages-'));
  const store = await openLmdbEventStore(join(dir, 'events'));
  const file = join(dir, 'events', 'data.mdb');
  let delivered = 0;
  const subscription = reader.startsWith('subscription')
    ? store.subscribeToAll({ onEvent: () => void delivered++ })
    : undefined;
  const readsTail = reader.endsWith('stream tail');
  try {
    const streamOf = (i: number) => `event-${i % creates}`;
    await appendAll(store, creates, async (i) => [streamOf(i), NoStream]);
    // An update reads its stream first (PATCH folds from a kept state and reads what follows it; a first update of
    // an item reads it all).
    await appendAll(store, updates, async (i) => {
      if (readsTail) await store.readStream(streamOf(i), { fromRevision: 0n });
      return [streamOf(i), AnyRevision];
    });
    while (subscription && delivered < creates + updates) await new Promise((resolve) => setTimeout(resolve, 20));
    const size = statSync(file).size / 1024 / 1024;
    return `${reader}: file ${size.toFixed(1)}, resident ${residentMbOf(file).toFixed(1)}`;
  } finally {
    await subscription?.stop();
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

console.log(`${creates} creates, ${updates} updates, ${appenders} appenders (load ${currentLoadAverage()}), MB:`);
for (const reader of ['none', 'subscription', 'stream tail', 'subscription and stream tail'] as const)
  console.log(`  ${await variant(reader)}`);
