// `node --expose-gc --import tsx bench/writeHeap.ts [n] [--snapshots=<dir>]`: V8's live heap (after a full
// collection) of the real service, in process, after n creates through HTTP, then after n updates (PATCH of those
// events), then after n more creates: bytes per created event and per update. `--snapshots` writes a heap snapshot
// at each point, for bench/heapSummary.ts (what grew, by constructor).
import { join } from 'node:path';
import { writeHeapSnapshot } from 'node:v8';
import { startTestService, type TestService } from '../test/support/testService.ts';
import { apiRoot } from './scenarios.ts';
import { currentLoadAverage } from './machine.ts';

const count = Number(process.argv.find((arg) => /^\d+$/.test(arg)) ?? 5000);
const snapshotDir = process.argv.find((arg) => arg.startsWith('--snapshots='))?.slice(12);
const connections = 16;
const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error('run with --expose-gc');

const createBody = (n: number) => ({
  title: `Heap create ${n}`,
  description: 'Created by the benchmark through the public write path.',
  start_date: `2027-03-${String(1 + (n % 28)).padStart(2, '0')} ${String(8 + (n % 12)).padStart(2, '0')}:00:00`,
  end_date: `2027-03-${String(1 + (n % 28)).padStart(2, '0')} ${String(8 + (n % 12)).padStart(2, '0')}:45:00`,
  cost: '12',
});

/** `count` requests, `connections` at a time; answers the ids of the created events (creates) in order. */
async function inParallel(request: (n: number) => Promise<number | undefined>): Promise<number[]> {
  const ids: number[] = [];
  let next = 0;
  const worker = async () => {
    for (let n = next++; n < count; n = next++) {
      const id = await request(n);
      if (id !== undefined) ids[n] = id;
    }
  };
  await Promise.all(Array.from({ length: connections }, worker));
  return ids;
}

/**
 * A request again when the socket it went out on was reset: the service closes keep-alive sockets left idle while a
 * heap snapshot is written, and the client's next request on such a socket never reached the service.
 */
async function sent<T>(request: () => Promise<T>): Promise<T> {
  try {
    return await request();
  } catch (error) {
    if ((error as { cause?: { code?: string } }).cause?.code !== 'ECONNRESET') throw error;
    return request();
  }
}

function liveHeap(label: string): number {
  for (let i = 0; i < 3; i++) gc!();
  if (snapshotDir) writeHeapSnapshot(join(snapshotDir, `${label}.heapsnapshot`));
  return process.memoryUsage().heapUsed;
}

async function creates(service: TestService, offset: number): Promise<number[]> {
  return inParallel(async (n) => {
    const answer = await sent(() => service.admin('POST', `${apiRoot}/events`, { body: createBody(offset + n) }));
    if (answer.status !== 201) throw new Error(`create ${n}: ${answer.status} ${answer.text}`);
    return (answer.body as { id: number }).id;
  });
}

const service = await startTestService();
try {
  await creates(service, 1_000_000); // warms the code paths, so compiled code does not count as documents
  const start = liveHeap('0-start');
  const ids = await creates(service, 0);
  const afterCreates = liveHeap('1-after-creates');
  await inParallel(async (n) => {
    const body = { description: `Edited by the benchmark, edit ${n}.`, featured: n % 2 === 0 };
    const answer = await sent(() => service.admin('PATCH', `${apiRoot}/events/${ids[n]}`, { body }));
    if (answer.status !== 200) throw new Error(`update ${n}: ${answer.status} ${answer.text}`);
    return undefined;
  });
  const afterUpdates = liveHeap('2-after-updates');
  await creates(service, 2_000_000);
  const afterMoreCreates = liveHeap('3-after-more-creates');
  const per = (bytes: number) => `${(bytes / count).toFixed(0)} B`;
  console.log(
    `${count} writes per step (load ${currentLoadAverage()}): live heap ${(start / 1048576).toFixed(1)} MB; ` +
      `per create ${per(afterCreates - start)}, per update ${per(afterUpdates - afterCreates)}, ` +
      `per later create ${per(afterMoreCreates - afterUpdates)}`,
  );
} finally {
  await service.close();
}
