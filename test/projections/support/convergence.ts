// What the convergence tests share: a real store written through the real service (terms, venues, events linking
// them, changes that move term counts, trash), and projection runs over a memory read model whose writes fail at
// chosen places, compared by digest with a fresh replay (src/projections/digest).
import { join } from 'node:path';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { expect } from 'chai';
import { openLmdbEventStore, type LmdbEventStore } from '../../../src/events/embedded/lmdbEventStore.ts';
import { createMemoryReadStore } from '../../../src/projections/memory/memoryReadStore.ts';
import { ProjectionRunner } from '../../../src/projections/projectionRunner.ts';
import type { ReadStore } from '../../../src/projections/readStore.ts';
import { digestReadStore, type CollectionsDigest } from '../../../src/projections/digest/readModelDigest.ts';
import { startTestService, type TestService } from '../../support/testService.ts';
import { testMemos, testProjections } from '../../support/memos.ts';
import { FaultPlan, faultyReadStore } from '../../support/faults.ts';
import { API, bodyOf } from '../../http/events/support/eventsApi.ts';

export interface WrittenStore {
  readonly store: LmdbEventStore;
  readonly head: bigint;
  dispose(): Promise<void>;
}

async function created(t: TestService, path: string, body: Record<string, unknown>): Promise<number> {
  const answer = await t.admin('POST', `${API}/${path}`, { body });
  expect(answer.status, answer.text).to.be.oneOf([200, 201]);
  return bodyOf(answer).id as number;
}

/** Writes through the service what moves term counts every way: links added and removed, publish, draft, trash. */
async function writeScenario(t: TestService): Promise<void> {
  const [music, outdoor] = [
    await created(t, 'categories', { name: 'Music' }),
    await created(t, 'categories', { name: 'Outdoor' }),
  ];
  const [free, family] = [await created(t, 'tags', { name: 'free' }), await created(t, 'tags', { name: 'family' })];
  const hall = await created(t, 'venues', { venue: 'Hall' });
  const slot = (day: number) => ({ start_date: `2026-12-${day} 10:00:00`, end_date: `2026-12-${day} 11:00:00` });
  const concert = await created(t, 'events', {
    title: 'Concert',
    ...slot(10),
    categories: [music],
    tags: [free],
    venue: hall,
  });
  const fair = await created(t, 'events', { title: 'Fair', ...slot(11), categories: [music, outdoor], tags: [family] });
  await created(t, 'events', { title: 'Draft', ...slot(12), status: 'draft', categories: [outdoor], tags: [free] });
  await created(t, `events/${concert}`, { categories: [outdoor], tags: [free, family] });
  await created(t, `events/${fair}`, { status: 'draft' });
  await created(t, `venues/${hall}`, { venue: 'Great Hall' });
  await created(t, `categories/${music}`, { name: 'Live music' });
  const trashed = await t.admin('DELETE', `${API}/events/${concert}`);
  expect(trashed.status, trashed.text).to.equal(200);
  await created(t, `events/${fair}`, { status: 'publish', categories: [outdoor] });
}

/** A store holding the scenario, written by a real service that is closed again. */
export async function writtenStore(): Promise<WrittenStore> {
  const dir = mkdtempSync(join(tmpdir(), 'cal-convergence-'));
  const t = await startTestService({}, dir);
  await writeScenario(t);
  await t.close();
  const store = await openLmdbEventStore(join(dir, 'events'));
  return {
    store,
    head: await store.headPosition(),
    dispose: async () => {
      await store.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

const fast = { retry: { initialMs: 1, maxMs: 5 }, checkpointIdleMs: 1 };

/** Projects the whole store into `readStore` and stops; true when the head was reached. */
export async function projectAll(written: WrittenStore, readStore: ReadStore): Promise<boolean> {
  const runner = new ProjectionRunner(written.store, readStore, testProjections, fast);
  await runner.start();
  const reached = await runner.waitFor(written.head, 20_000);
  await runner.stop();
  return reached;
}

/** The digest of a fresh replay of the whole store. */
export async function freshDigest(written: WrittenStore): Promise<CollectionsDigest> {
  const readStore = createMemoryReadStore(testMemos);
  expect(await projectAll(written, readStore)).to.equal(true);
  return digestReadStore(readStore, { detail: true });
}

/** How many writes a fault-free projection of the store makes to the read model. */
export async function writesOfOneProjection(written: WrittenStore): Promise<number> {
  const plan = new FaultPlan();
  expect(await projectAll(written, faultyReadStore(createMemoryReadStore(testMemos), plan))).to.equal(true);
  return plan.calls;
}

/**
 * A process that dies at its k-th write: that write fails (or is done and then fails) and nothing it would write
 * later reaches the read model, its last checkpoint save included. It is stopped once the fault happened.
 */
export async function dieAtWrite(written: WrittenStore, readStore: ReadStore, plan: FaultPlan): Promise<void> {
  const runner = new ProjectionRunner(written.store, faultyReadStore(readStore, plan), testProjections, fast);
  await runner.start();
  await Promise.race([runner.waitFor(written.head, 20_000), plan.faulted]);
  await runner.stop();
}

/** Fails the k-th write as `fault`, and every later one: the process died there. */
export function deathAt(call: number, fault: 'fail' | 'commit-then-fail'): FaultPlan {
  return new FaultPlan(
    new Map([[call, fault], ...Array.from({ length: 10_000 }, (_, i) => [call + 1 + i, 'fail'] as const)]),
  );
}
