// Specifies snapshots written in the background beside the running service: taken at one moment between two events
// while writes keep arriving, each one is exactly what a fresh replay of the store gives at its position.
import { expect } from 'chai';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { startTestService, type TestService } from '../support/testService.ts';
import { API, bodyOf, createEvent } from '../http/events/support/eventsApi.ts';
import { createMemoryReadStore, type MemoryReadStore } from '../../src/projections/memory/memoryReadStore.ts';
import { replayInto } from '../../src/projections/replay.ts';
import { digestReadStore } from '../../src/projections/digest/readModelDigest.ts';
import { loadReadModelSnapshot, type SnapshotSave } from '../../src/projections/snapshot/readModelSnapshot.ts';
import { PeriodicSnapshots } from '../../src/compose/periodicSnapshots.ts';
import { testMemos, testProjections } from '../support/memos.ts';

const fingerprint = 'periodic snapshot test';

/** The snapshot file loaded into a fresh read model, against a fresh replay of the store up to its position. */
async function expectSnapshotEqualsReplay(t: TestService, path: string): Promise<bigint> {
  const loaded = createMemoryReadStore(testMemos);
  const load = await loadReadModelSnapshot(path, t.service.store, loaded, fingerprint);
  if (load.kind !== 'loaded') throw new Error(`snapshot not loaded: ${JSON.stringify(load)}`);
  const replayed = createMemoryReadStore(testMemos);
  await replayInto(t.service.store, replayed, { handlers: testProjections, upTo: load.position });
  expect(await digestReadStore(loaded, { detail: true })).to.deep.equal(
    await digestReadStore(replayed, { detail: true }),
  );
  return load.position;
}

describe('read-model snapshots written in the background', function () {
  this.timeout(120_000);
  let t: TestService;
  let dir: string;
  let venue: number;
  const eventIds: number[] = [];

  before(async () => {
    t = await startTestService({ CAL_READ_MODEL_SNAPSHOT_INTERVAL: '0' });
    dir = mkdtempSync(join(tmpdir(), 'cal-periodic-'));
    venue = bodyOf(await t.admin('POST', `${API}/venues`, { body: { venue: 'Main Hall', city: 'Springfield' } }))
      .id as number;
    // Many events embed the venue: renaming it rewrites them all, one awaited put after another, within one event.
    for (let i = 0; i < 30; i++)
      eventIds.push((await createEvent(t, { title: `Night ${i}`, venue, categories: 'Music' })).id as number);
  });
  after(async () => {
    await t.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const snapshotsInto = (path: string) =>
    new PeriodicSnapshots({
      target: { path, fingerprint },
      store: t.service.store,
      readStore: t.service.readStore as MemoryReadStore,
      runner: () => t.service.runner,
      intervalMs: 0,
      loadedPosition: undefined,
      logger: pino({ level: 'silent' }),
      eventsPerFrame: 3,
    });

  it('equals a fresh replay at its position, with writes applied during the capture and the encoding', async () => {
    let positions = 0;
    for (let round = 0; round < 8; round++) {
      let settled = false;
      const writes = Promise.all([
        t.admin('PATCH', `${API}/venues/${venue}`, { body: { venue: `Hall ${round}` } }),
        createEvent(t, { title: `Round ${round}`, venue, categories: 'Music, Workshops', tags: ['late'] }),
        t.admin('PATCH', `${API}/events/${eventIds[round] as number}`, { body: { title: `Moved ${round}` } }),
        t.admin('PATCH', `${API}/venues/${venue}`, { body: { city: `Town ${round}` } }),
      ]).finally(() => (settled = true));
      // Snapshots asked for at every turn while the writes go on: many land while a rename rewrites the events.
      const saves: { path: string; saved: Promise<SnapshotSave | undefined> }[] = [];
      for (let turn = 0; !settled && turn < 200; turn++) {
        const path = join(dir, `round-${round}-${turn}.snapshot`);
        saves.push({ path, saved: snapshotsInto(path).writeNow() });
        await new Promise((resolve) => setImmediate(resolve));
      }
      await writes;
      for (const { path, saved } of saves) {
        const save = await saved;
        if (save?.kind !== 'saved') continue;
        expect(await expectSnapshotEqualsReplay(t, path), path).to.equal(save.position);
        positions++;
      }
    }
    expect(positions, 'snapshots compared').to.be.greaterThan(8);
  });

  it('writes nothing when the read model has not moved since its last snapshot', async () => {
    const snapshots = snapshotsInto(join(dir, 'still.snapshot'));
    expect((await snapshots.writeNow())?.kind).to.equal('saved');
    expect(await snapshots.writeNow()).to.equal(undefined);
    expect(snapshots.needsWriteAtStop(t.service.projections.appliedPosition)).to.equal(false);
  });

  it('is finished at once by a stop that finds it under way, and none starts after the stop', async () => {
    await t.admin('PATCH', `${API}/venues/${venue}`, { body: { venue: 'Stopping Hall' } });
    const path = join(dir, 'stopping.snapshot');
    const snapshots = snapshotsInto(path);
    const writing = snapshots.writeNow();
    await snapshots.stop();
    const saved = await writing;
    expect(saved?.kind).to.equal('saved');
    expect(await expectSnapshotEqualsReplay(t, path)).to.equal(saved?.kind === 'saved' ? saved.position : undefined);
    await createEvent(t, { title: 'After the stop', venue });
    expect(await snapshots.writeNow()).to.equal(undefined);
  });
});
