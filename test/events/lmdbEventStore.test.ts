// Specification of the embedded lmdb event store: the shared contract, plus reopening, grouping and multi-process use.
import { expect } from 'chai';
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { NoStream, StoreUnavailable, WrongExpectedRevision, type RecordedEvent } from '../../src/events/eventStore.ts';
import { openLmdbEventStore, type LmdbEventStore } from '../../src/events/embedded/lmdbEventStore.ts';
import { anEvent, delay, events, rejection, waitUntil } from './contractSupport.ts';
import { eventStoreContract } from './eventStoreContract.ts';

const appenderScript = fileURLToPath(new URL('./fixtures/appendFromAnotherProcess.ts', import.meta.url));

/**
 * Runs the appender fixture in its own node process; `acknowledged` holds the `<stream> <position>` lines it printed.
 */
function appendFromAnotherProcess(dataDir: string, prefix: string, count: number) {
  const child = spawn(process.execPath, ['--import', 'tsx', appenderScript, dataDir, prefix, String(count)], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const acknowledged: string[] = [];
  let pending = '';
  let errors = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
    const lines = (pending + chunk).split('\n');
    pending = lines.pop() ?? '';
    acknowledged.push(...lines);
  });
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (errors += chunk));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, acknowledged, exited, errors: () => errors };
}

const positionsOf = (recorded: readonly RecordedEvent[]): bigint[] => recorded.map((event) => event.position);
const denseFromZero = (count: number): bigint[] => Array.from({ length: count }, (_, index) => BigInt(index));

describe('lmdb event store', function () {
  const dirs: string[] = [];
  const stores: LmdbEventStore[] = [];
  const freshDir = async (): Promise<string> => {
    const dir = await mkdtemp(join(tmpdir(), 'cal-lmdb-'));
    dirs.push(dir);
    return dir;
  };
  const openStore = async (dir: string): Promise<LmdbEventStore> => {
    const store = await openLmdbEventStore(dir, { pollIntervalMs: 50 });
    stores.push(store);
    return store;
  };
  afterEach(async function () {
    await Promise.all(stores.splice(0).map((store) => store.close()));
    await Promise.all(dirs.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
  });

  eventStoreContract('lmdb', async () => openLmdbEventStore(await freshDir(), { pollIntervalMs: 50 }));

  describe('on disk', function () {
    it('starts empty, then numbers global positions densely from 0n', async function () {
      const store = await openStore(await freshDir());
      expect(await store.headPosition()).to.equal(-1n);
      await store.append('event-1', events(2), NoStream);
      await store.append('venue-1', events(1), NoStream);
      expect(positionsOf(await store.readAll())).to.deep.equal(denseFromZero(3));
    });

    it('keeps every event after being reopened and continues revisions and positions', async function () {
      const dir = await freshDir();
      const first = await openLmdbEventStore(dir);
      await first.append('event-1', events(2), NoStream);
      await first.append('venue-1', events(1), NoStream);
      const written = await first.readAll();
      await first.close();

      const reopened = await openStore(dir);
      expect(await reopened.readAll()).to.deep.equal(written);
      expect(await reopened.append('event-1', events(1), 1n)).to.deep.equal({ nextRevision: 2n, position: 3n });
    });

    it('groups concurrent appends into far fewer commits than appends', async function () {
      const store = await openStore(await freshDir());
      await store.append('warm-up', events(1), NoStream);
      const before = store.lastTransactionId();
      await Promise.all(Array.from({ length: 64 }, (_, index) => store.append(`event-${index}`, events(1), NoStream)));
      const commits = store.lastTransactionId() - before;
      expect(commits).to.be.within(1, 8);
    });

    it('refuses only the append of a shared commit with a wrong expected revision', async function () {
      const dir = await freshDir();
      const store = await openLmdbEventStore(dir);
      for (let round = 0; round < 10; round++) await store.append(`stale-${round}`, events(2), NoStream);
      for (let round = 0; round < 10; round++) {
        const before = store.lastTransactionId();
        const outcomes = await Promise.allSettled(
          Array.from({ length: 16 }, (_, index) =>
            // The eighth append expects revision 0 of a stream at revision 1 (or more): only it can fail.
            index === 7
              ? store.append(`stale-${round}`, events(1), 0n)
              : store.append(`fresh-${round}-${index}`, events(1), NoStream),
          ),
        );
        expect(store.lastTransactionId() - before).to.be.within(1, 4);
        expect(outcomes.map((outcome) => outcome.status)).to.deep.equal(
          Array.from({ length: 16 }, (_, index) => (index === 7 ? 'rejected' : 'fulfilled')),
        );
        expect((outcomes[7] as PromiseRejectedResult).reason).to.be.instanceOf(WrongExpectedRevision);
      }
      const acknowledged = await store.readAll();
      await store.close();
      const reopened = await openStore(dir);
      expect(await reopened.readAll()).to.deep.equal(acknowledged);
      expect(positionsOf(acknowledged)).to.deep.equal(denseFromZero(20 + 10 * 15));
      const fresh = acknowledged.filter((event) => event.streamId.startsWith('fresh-')).map((event) => event.streamId);
      // In the order they were asked for, each once, with nothing of the refused one in between.
      const asked = Array.from({ length: 10 }, (_, round) =>
        Array.from({ length: 16 }, (_, index) => `fresh-${round}-${index}`).filter((id) => id !== `fresh-${round}-7`),
      ).flat();
      expect(fresh).to.deep.equal(asked);
      expect((await reopened.readStream('stale-3')).length).to.equal(2);
    });

    it('rolls back an append that fails half-way, without disturbing appends sharing its commit', async function () {
      const store = await openStore(await freshDir());
      const unencodable = {
        get title(): string {
          throw new Error('cannot encode');
        },
      };
      const half = [...events(2), { ...anEvent('ThingHappened'), data: unencodable }];
      const outcomes = await Promise.allSettled([
        store.append('event-1', events(1), NoStream),
        store.append('event-2', half, NoStream),
        store.append('event-3', events(1), NoStream),
      ]);
      expect(outcomes.map((outcome) => outcome.status)).to.deep.equal(['fulfilled', 'rejected', 'fulfilled']);
      expect((await store.readAll()).map((event) => `${event.streamId}@${event.position}`)).to.deep.equal([
        'event-1@0',
        'event-3@1',
      ]);
      expect(await store.append('event-2', events(1), NoStream)).to.deep.equal({ nextRevision: 0n, position: 2n });
    });

    it(
      'commits an append to several streams as one: one transaction, and nothing of it when a ' + 'later part fails',
      async function () {
        const store = await openStore(await freshDir());
        await store.append('event-1', events(1), NoStream);
        const before = store.lastTransactionId();
        await store.appendToStreams([
          { streamId: 'slug-event-en-jazz', events: events(1), expected: NoStream },
          { streamId: 'event-2', events: events(1), expected: NoStream },
        ]);
        expect(store.lastTransactionId() - before).to.equal(1);
        const refused = await rejection(
          store.appendToStreams([
            { streamId: 'slug-event-en-blues', events: events(1), expected: NoStream },
            { streamId: 'event-1', events: events(1), expected: NoStream },
          ]),
        );
        expect(refused).to.be.instanceOf(WrongExpectedRevision).and.include({ streamId: 'event-1' });
        expect(await store.readStream('slug-event-en-blues')).to.deep.equal([]);
        expect(positionsOf(await store.readAll())).to.deep.equal(denseFromZero(3));
      },
    );

    it('reads a tail from its last revision, past it, and after an append by another instance', async function () {
      const dir = await freshDir();
      const [here, there] = [await openStore(dir), await openStore(dir)];
      await here.append('venue-1', events(3), NoStream);
      const revisions = async (fromRevision: bigint) =>
        (await here.readStream('venue-1', { fromRevision })).map((event) => event.revision);
      expect(await revisions(2n)).to.deep.equal([2n]);
      expect(await revisions(3n)).to.deep.equal([]);
      await there.append('venue-1', events(1), 2n);
      // lmdb-js keeps an instance's read snapshot until a zero-delay timer set at its first read fires; the other
      // instance's append can be acknowledged before that (a fast fsync), so the read waits for the next timer turn,
      // as any later request would. (A write here is not misled meanwhile: its append checks the heads afresh.)
      await new Promise((resolve) => setTimeout(resolve, 0));
      expect(await revisions(3n)).to.deep.equal([3n]);
      expect(await revisions(1n)).to.deep.equal([1n, 2n, 3n]);
      expect(await revisions(4n)).to.deep.equal([]);
    });

    it('delivers a local append to a subscription at once, without waiting for the poll interval', async function () {
      const store = await openLmdbEventStore(await freshDir(), { pollIntervalMs: 60_000 });
      stores.push(store);
      const seen: RecordedEvent[] = [];
      store.subscribeToAll({ onEvent: (event) => void seen.push(event) });
      await delay(20);
      await store.append('event-1', events(1), NoStream);
      await waitUntil(() => seen.length === 1, 'the live event', 1_000);
    });

    it('fails an append to a closed store with StoreUnavailable', async function () {
      const store = await openLmdbEventStore(await freshDir());
      await store.close();
      expect(await rejection(store.append('event-1', events(1), NoStream))).to.be.instanceOf(StoreUnavailable);
    });
  });

  describe('shared by several writers', function () {
    it('two instances on one dir interleave appends without duplicate positions or lost events', async function () {
      const dir = await freshDir();
      const [here, there] = [await openStore(dir), await openStore(dir)];
      const seenHere: RecordedEvent[] = [];
      here.subscribeToAll({ onEvent: (event) => void seenHere.push(event) });
      const writers = Array.from({ length: 100 }, (_, index) => (index % 2 === 0 ? here : there));
      await Promise.all(writers.map((store, index) => store.append(`event-${index}`, events(2), NoStream)));
      const contended = await Promise.allSettled(
        writers.slice(0, 10).map((store) => store.append('slug-jazz', events(1), NoStream)),
      );

      expect(contended.filter((outcome) => outcome.status === 'fulfilled')).to.have.length(1);
      const all = await here.readAll();
      expect(positionsOf(all)).to.deep.equal(denseFromZero(201));
      expect(await there.readAll()).to.deep.equal(all);
      // The other instance's appends do not wake this one: they arrive through polling.
      await waitUntil(() => seenHere.length === 201, 'the subscription to see both instances');
      expect(seenHere).to.deep.equal(all);
    });

    it('two instances appending at once, again and again: positions stay dense and unique', async function () {
      // Repeated concurrent rounds: each instance's remembered last position is stale after every round of the other.
      const dir = await freshDir();
      const [here, there] = [await openStore(dir), await openStore(dir)];
      for (let round = 0; round < 30; round += 1) {
        await Promise.all(
          [here, there, here, there].map((store, index) =>
            store.append(`round-${round}-${index}`, events(1 + (index % 2)), NoStream),
          ),
        );
      }

      const all = await there.readAll();
      expect(positionsOf(all)).to.deep.equal(denseFromZero(180));
      expect(new Set(all.map((event) => `${event.streamId} ${event.revision}`)).size).to.equal(180);
    });

    it('two instances taking turns: each append follows the last append of the other instance', async function () {
      // Each instance remembers the last position it wrote; the other instance's append in between must be noticed.
      const dir = await freshDir();
      const [here, there] = [await openStore(dir), await openStore(dir)];
      const appended: bigint[] = [];
      for (let turn = 0; turn < 40; turn += 1) {
        const store = turn % 2 === 0 ? here : there;
        const [first, second] = await Promise.all([
          store.append(`turn-${turn}-a`, events(1), NoStream),
          store.append(`turn-${turn}-b`, events(2), NoStream),
        ]);
        appended.push((first as { position: bigint }).position, (second as { position: bigint }).position);
      }

      const all = await here.readAll();
      expect(positionsOf(all)).to.deep.equal(denseFromZero(120));
      expect(new Set(appended).size).to.equal(80);
      expect(all.filter((event) => event.streamId.startsWith('turn-')).map((event) => event.streamId)).to.have.length(
        120,
      );
    });

    it(
      'another process appending to the same dir: distinct positions, nothing lost, seen by a ' + 'subscription here',
      async function () {
        const dir = await freshDir();
        const store = await openStore(dir);
        const seen: RecordedEvent[] = [];
        store.subscribeToAll({ onEvent: (event) => void seen.push(event) });
        const other = appendFromAnotherProcess(dir, 'elsewhere', 200);
        await waitUntil(() => other.acknowledged.length > 0, 'the other process to start appending', 15_000);
        let exitCode: number | null | undefined;
        void other.exited.then((code) => (exitCode = code));
        for (let group = 0; exitCode === undefined; group += 1) {
          await Promise.all(
            Array.from({ length: 8 }, (_, index) => store.append(`here-${group}-${index}`, events(1), NoStream)),
          );
        }
        expect(exitCode, other.errors()).to.equal(0);

        const all = await store.readAll();
        expect(positionsOf(all)).to.deep.equal(denseFromZero(all.length));
        const fromElsewhere = all.filter((event) => event.streamId.startsWith('elsewhere-'));
        expect(fromElsewhere.map((event) => `${event.streamId} ${event.position}`)).to.have.members(other.acknowledged);
        expect(fromElsewhere).to.have.length(200);
        const firstElsewhere = all.indexOf(fromElsewhere[0] as RecordedEvent);
        const lastElsewhere = all.indexOf(fromElsewhere[199] as RecordedEvent);
        expect(lastElsewhere - firstElsewhere, 'the two processes interleave').to.be.greaterThan(199);
        await waitUntil(() => seen.length === all.length, 'the subscription to see the other process');
        expect(seen).to.deep.equal(all);
      },
    );

    it('keeps every append acknowledged to a process that is then killed', async function () {
      const dir = await freshDir();
      const doomed = appendFromAnotherProcess(dir, 'killed', 1_000_000);
      await waitUntil(() => doomed.acknowledged.length >= 40, 'acknowledged appends', 15_000);
      doomed.child.kill('SIGKILL');
      await doomed.exited;
      await delay(10);

      const store = await openStore(dir);
      const stored = new Set((await store.readAll()).map((event) => `${event.streamId} ${event.position}`));
      const lost = doomed.acknowledged.filter((line) => !stored.has(line));
      expect(lost).to.deep.equal([]);
      await store.append('after-crash', events(1), NoStream);
    });
  });
});
