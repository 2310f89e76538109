// A change-feed reader never sees an event that a crash then loses: the feed (like every subscriber of the embedded
// store) delivers an event only once its commit is flushed. After each SIGKILL the store is reopened as a power cut at
// that moment would leave it: lmdb's safe restore keeps only the commits flushed to disk (a plain SIGKILL keeps the
// page cache, and with it the commits not yet on disk, so a kill alone would prove nothing). Every event the feed
// delivered must be there, at its position, with its stream and revision.
// - A second process commits 48 MB at once and is frozen (SIGSTOP) before its flush ends: whatever the feed delivers
//   meanwhile must survive a power cut at that moment (the service may flush the commit itself before delivering
//   it, or hold it back), and once the writer is dead the service flushes and delivers the whole commit.
// - Writers create events through `npm start`'s process with a feed open, killed the moment the feed delivers one.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import { openLmdbEventStore } from '../../src/events/embedded/lmdbEventStore.ts';
import { adminAuth } from '../support/testService.ts';
import { API, adminRequest, killHard, startServiceProcess } from '../support/serviceProcess.ts';
import { openSse, waitFor, type SseMessage } from '../support/sseClient.ts';

const rounds = Number(process.env.CRASH_ROUNDS ?? 2);
const writers = 32;
/** Commits of a megabyte or so, whose flush takes a few milliseconds. */
const description = 'Flushed or not. '.repeat(2_000);
/** Deliveries before the kill is armed: the writers are in full flow by then. */
const warmUp = 60;

interface Delivered {
  readonly position: string;
  readonly stream: string;
  readonly revision: number;
  readonly type: string;
}

const deliveredOf = (message: SseMessage): Delivered => {
  const { position, stream, revision, type } = JSON.parse(message.data) as Delivered;
  return { position, stream, revision, type };
};

/** The store as a power cut at the moment of the kill leaves it: lmdb keeps the last flushed commit only. */
async function readFlushedStore(dataDir: string): Promise<Map<string, Delivered>> {
  const previous = process.env.LMDB_RESTORE;
  process.env.LMDB_RESTORE = 'safe';
  const store = await openLmdbEventStore(join(dataDir, 'events'));
  if (previous === undefined) delete process.env.LMDB_RESTORE;
  else process.env.LMDB_RESTORE = previous;
  try {
    const events = await store.readAll();
    return new Map(
      events.map((event) => [
        String(event.position),
        {
          position: String(event.position),
          stream: event.streamId,
          revision: Number(event.revision),
          type: event.type,
        },
      ]),
    );
  } finally {
    await store.close();
  }
}

const probeStream = 'event-999999999';
/** 48 MB in one commit. */
const probeEvents = 480;

/**
 * Starts the big-commit writer on `dataDir` and freezes it (SIGSTOP) as soon as its commit is visible to another
 * process, which is before the commit is flushed: the flush of that many megabytes takes tens of milliseconds.
 */
async function frozenBigCommit(dataDir: string) {
  const watcher = await openLmdbEventStore(join(dataDir, 'events'));
  const before = await watcher.headPosition();
  const writer = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      'test/crash/support/bigCommitWriter.ts',
      join(dataDir, 'events'),
      String(probeEvents),
      '100000',
    ],
    {
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  let output = '';
  writer.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => writer.once('exit', () => resolve()));
  try {
    const deadline = Date.now() + 120_000;
    while ((await watcher.headPosition()) < before + BigInt(probeEvents)) {
      if (Date.now() > deadline) throw new Error('the big commit did not become visible');
      await new Promise((resolve) => setImmediate(resolve));
    }
    writer.kill('SIGSTOP');
  } finally {
    await watcher.close();
  }
  return {
    /** Whether the writer's flush had ended before the freeze (a busy machine can be that slow to send SIGSTOP). */
    flushedBeforeFreeze: () => output.includes('appended'),
    kill: async () => {
      writer.kill('SIGKILL');
      await exited;
    },
  };
}

/**
 * A service with a feed open from the start, and another process's big commit frozen mid-flush; `then` decides how it
 * ends and returns what the feed delivered that must survive a power cut. Every such event must be in the store as a
 * power cut leaves it.
 */
async function aroundFrozenCommit(
  then: (parts: {
    readonly service: ServiceProcess;
    readonly writer: FrozenWriter;
    readonly feed: SseFeed;
  }) => Promise<Delivered[]>,
) {
  const root = mkdtempSync(join(tmpdir(), 'cal-durable-feed-'));
  const dataDir = join(root, 'data');
  try {
    const service = await startServiceProcess(dataDir);
    const feed = await openSse(`${service.url}${API}/changes?from=start`, { authorization: adminAuth });
    const writer = await frozenBigCommit(dataDir);
    const delivered = await then({ service, writer, feed });
    feed.abort();
    const kept = await readFlushedStore(dataDir);
    const lost = delivered.filter((event) => JSON.stringify(kept.get(event.position)) !== JSON.stringify(event));
    return { delivered, lost, flushedBeforeFreeze: writer.flushedBeforeFreeze() };
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

type ServiceProcess = Awaited<ReturnType<typeof startServiceProcess>>;
type FrozenWriter = Awaited<ReturnType<typeof frozenBigCommit>>;
type SseFeed = Awaited<ReturnType<typeof openSse>>;
const probesIn = (delivered: readonly Delivered[]) => delivered.filter((event) => event.stream === probeStream);

describe('the change feed and a commit another process has not flushed yet', function () {
  this.timeout(0);

  it('delivers nothing of it that a power cut while it is frozen would take back', async () => {
    const { delivered, lost, flushedBeforeFreeze } = await aroundFrozenCommit(async ({ service, writer, feed }) => {
      // Its flush frozen, the commit is not durable: a feed that reads visible commits hands it out within a poll.
      await new Promise((resolve) => setTimeout(resolve, 2000));
      const delivered = feed.messages.map(deliveredOf);
      // The power cut, now: the service cannot flush anything more, the writer never finishes.
      await killHard(service);
      await writer.kill();
      return delivered;
    });
    const note = flushedBeforeFreeze ? ' (the writer had flushed before it was frozen)' : '';
    console.log(
      `      delivered ${probesIn(delivered).length} of the commit's ${probeEvents} events while ` +
        `frozen${note}; ${lost.length} lost`,
    );
    expect(lost, 'delivered but not in the flushed store').to.deep.equal([]);
  });

  it('delivers it once the commit of the dead writer is flushed (by the service)', async () => {
    const { delivered, lost } = await aroundFrozenCommit(async ({ service, writer, feed }) => {
      await writer.kill();
      await waitFor(
        () => probesIn(feed.messages.map(deliveredOf)).length === probeEvents,
        'the feed to deliver the flushed commit',
        60_000,
      );
      await killHard(service);
      return feed.messages.map(deliveredOf);
    });
    expect(probesIn(delivered)).to.have.length(probeEvents);
    expect(lost, 'delivered but not in the flushed store').to.deep.equal([]);
  });
});

describe(`the change feed delivers only flushed events (${rounds} SIGKILL rounds)`, function () {
  this.timeout(0);

  for (let round = 1; round <= rounds; round++) {
    it(
      `round ${round}: every event the feed delivered before the kill is in the store a power cut ` + `leaves`,
      async () => {
        const root = mkdtempSync(join(tmpdir(), 'cal-durable-feed-'));
        const dataDir = join(root, 'data');
        try {
          const service = await startServiceProcess(dataDir);
          const killAfter = warmUp + 10 * round;
          // Killed in the very turn the feed hands over an event, while writes keep committing: the moment a feed
          // reading ahead of the disk would have delivered what the disk does not hold yet.
          let deliveries = 0;
          const feed = await openSse(`${service.url}${API}/changes?from=start`, { authorization: adminAuth }, () => {
            deliveries += 1;
            if (deliveries === killAfter) service.child.kill('SIGKILL');
          });
          expect(feed.status).to.equal(200);
          const writing = Array.from({ length: writers }, async (_, writer) => {
            for (let n = 0; ; n++) {
              const title = `Durable ${round}-${writer}-${n}`;
              const body = { title, description, start_date: '2026-12-01 10:00', end_date: '2026-12-01 11:00' };
              if ((await adminRequest(service.url, 'POST', '/events', body)) === undefined) return;
            }
          });
          await waitFor(() => feed.messages.length >= killAfter, 'the feed to deliver events', 180_000);
          await killHard(service);
          const delivered = feed.messages.map(deliveredOf);
          feed.abort();
          await Promise.all(writing);

          const kept = await readFlushedStore(dataDir);
          const lost = delivered.filter((event) => JSON.stringify(kept.get(event.position)) !== JSON.stringify(event));
          console.log(
            `      round ${round}: the feed delivered ${delivered.length} events; the flushed store holds ${kept.size}`,
          );
          expect(lost, `delivered but not in the flushed store (${lost.length} of ${delivered.length})`).to.deep.equal(
            [],
          );
        } finally {
          rmSync(root, { recursive: true, force: true });
        }
      },
    );
  }
});
