// A commit lmdb reports as failed wrote nothing, so the embedded store runs the append once more: what it writes then,
// and what a failure that stays leaves behind. The failures are injected around the real lmdb environment at the k-th
// transaction: the real child transaction runs and is rolled back, and the call rejects as lmdb-js rejects the writes
// of a failed commit.
import { expect } from 'chai';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { RootDatabase } from 'lmdb';
import { NoStream, StoreUnavailable } from '../../src/events/eventStore.ts';
import { openLmdbEventStore, type LmdbEventStore } from '../../src/events/embedded/lmdbEventStore.ts';
import { observeCommitFailure, retryingFailedCommit } from '../../src/events/embedded/lmdbCommitFailures.ts';
import { anEvent, rejection } from './contractSupport.ts';

/** Shaped as lmdb-js rejects every write of a commit that failed (write.js): the system error in `commitError`. */
function commitFailure(): Error {
  const systemError = Object.assign(new Error('MDB_NOTFOUND: No matching key/data pair found'), { code: -30798 });
  const commitError = Promise.reject(systemError);
  return Object.assign(new Error('Commit failed (see commitError for details)'), { commitError });
}

describe('retryingFailedCommit', function () {
  it('runs a transaction whose commit failed once more and gives what the second run gave', async function () {
    let runs = 0;
    const told: unknown[] = [];
    const result = await retryingFailedCommit(
      async () => {
        runs += 1;
        if (runs === 1) throw commitFailure();
        return 'committed';
      },
      (systemError) => told.push(systemError),
    );
    expect(result).to.equal('committed');
    expect(runs).to.equal(2);
    await Promise.resolve();
    expect(told.map((error) => (error as Error).message)).to.deep.equal([
      'MDB_NOTFOUND: No matching key/data pair found',
    ]);
  });

  it('runs it at most twice: a failure that stays is the second failure', async function () {
    let runs = 0;
    const failures: Error[] = [];
    const error = await rejection(
      retryingFailedCommit(async () => {
        runs += 1;
        const failure = commitFailure();
        failures.push(failure);
        throw failure;
      }),
    );
    observeCommitFailure(error);
    expect(runs).to.equal(2);
    expect(error).to.equal(failures[1]);
  });

  it('runs a transaction once when it succeeds or fails in any other way', async function () {
    let runs = 0;
    expect(await retryingFailedCommit(async () => (runs += 1))).to.equal(1);
    const thrown = new Error('the callback threw');
    runs = 0;
    const error = await rejection(
      retryingFailedCommit(async () => {
        runs += 1;
        throw thrown;
      }),
    );
    expect(error).to.equal(thrown);
    expect(runs).to.equal(1);
  });
});

type ChildTransaction = RootDatabase<unknown, string>['childTransaction'];

/**
 * Makes the `failing` transactions of the store's lmdb environment (counted from 1) fail as a failed commit does:
 * the real child transaction runs, is rolled back, and the call rejects with lmdb-js's commit failure.
 */
function failCommits(store: LmdbEventStore, failing: ReadonlySet<number>): void {
  // The store keeps its environment private; this test reaches it to wrap the real one, nothing else.
  const root = (store as unknown as { db: { root: RootDatabase<unknown, string> } }).db.root;
  const real = root.childTransaction.bind(root) as ChildTransaction;
  const rolledBack = new Error('rolled back by the test');
  let calls = 0;
  root.childTransaction = (async (callback: () => unknown) => {
    calls += 1;
    if (!failing.has(calls)) return real(callback);
    try {
      await real(() => {
        callback();
        throw rolledBack;
      });
    } catch (error) {
      if (error !== rolledBack) throw error;
    }
    throw commitFailure();
  }) as ChildTransaction;
}

describe('lmdb event store: appends whose commit failed', function () {
  let dir: string;
  let store: LmdbEventStore;
  let retried: unknown[];
  beforeEach(async function () {
    dir = await mkdtemp(join(tmpdir(), 'cal-lmdb-commit-'));
    retried = [];
    store = await openLmdbEventStore(dir, { pollIntervalMs: 50, onRetriedCommit: (error) => retried.push(error) });
  });
  afterEach(async function () {
    await store.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('appends once when the first commit fails: one event, at the next revision and position', async function () {
    await store.append('thing-1', [anEvent('ThingHappened', { n: 0 })], NoStream);
    failCommits(store, new Set([1]));
    const [result] = await store.appendToStreams([
      { streamId: 'thing-1', events: [anEvent('ThingHappened', { n: 1 })], expected: 0n },
    ]);
    expect(result).to.deep.equal({ nextRevision: 1n, position: 1n });
    const all = await store.readAll();
    expect(all.map((event) => [event.streamId, event.revision, event.position, event.data])).to.deep.equal([
      ['thing-1', 0n, 0n, { n: 0 }],
      ['thing-1', 1n, 1n, { n: 1 }],
    ]);
    // The operator is told lmdb's own error of the failed commit (the service logs it).
    expect(retried.map((error) => (error as { code?: number }).code)).to.deep.equal([-30798]);
  });

  it('answers StoreUnavailable when the second commit fails too, having written nothing', async function () {
    await store.append('thing-1', [anEvent('ThingHappened', { n: 0 })], NoStream);
    failCommits(store, new Set([1, 2]));
    const error = await rejection(store.append('thing-1', [anEvent('ThingHappened', { n: 1 })], 0n));
    expect(error).to.be.instanceOf(StoreUnavailable);
    expect((await store.readAll()).map((event) => event.position)).to.deep.equal([0n]);
    // The next append finds the store as it was: the position the failed runs counted on is not taken.
    await store.append('thing-2', [anEvent('ThingHappened', { n: 2 })], NoStream);
    expect((await store.readAll()).map((event) => [event.streamId, event.position])).to.deep.equal([
      ['thing-1', 0n],
      ['thing-2', 1n],
    ]);
    expect(await store.headPosition()).to.equal(1n);
    expect(retried).to.have.length(1);
  });
});
