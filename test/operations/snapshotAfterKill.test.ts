// Specifies the restart after a SIGKILL with background snapshots on: the next start loads the last periodic snapshot
// and applies only the events stored after it, and serves what a full replay would.
import { expect } from 'chai';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { adminRequest, eventually, killHard, startServiceProcess } from '../support/serviceProcess.ts';
import { startTestService, type TestService } from '../support/testService.ts';
import { createMemoryReadStore } from '../../src/projections/memory/memoryReadStore.ts';
import { replayInto } from '../../src/projections/replay.ts';
import { digestReadStore } from '../../src/projections/digest/readModelDigest.ts';
import { snapshotFileName } from '../../src/projections/snapshot/readModelSnapshot.ts';
import { decodeSnapshotHeader } from '../../src/projections/snapshot/snapshotCodec.ts';
import { readFileIfExists } from '../../src/projections/snapshot/snapshotFile.ts';
import { testMemos, testProjections } from '../support/memos.ts';

/** The position in the snapshot file's header; undefined while there is no complete file. */
function snapshotPosition(path: string): bigint | undefined {
  const file = readFileIfExists(path);
  const header = file && decodeSnapshotHeader(file);
  return header?.ok ? BigInt(header.value.header.position) : undefined;
}

const anEvent = (title: string, venue: number) => ({
  title,
  start_date: '2027-03-01 20:00:00',
  end_date: '2027-03-01 22:00:00',
  timezone: 'Europe/Madrid',
  status: 'publish',
  venue,
});

describe('read-model snapshot after a SIGKILL', function () {
  this.timeout(180_000);
  let dataDir: string;
  let restarted: TestService | undefined;
  before(() => (dataDir = mkdtempSync(join(tmpdir(), 'cal-kill-snapshot-'))));
  after(async () => {
    await restarted?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('the next start loads the last periodic snapshot and replays only the events stored after it', async () => {
    const path = join(dataDir, snapshotFileName);
    const child = await startServiceProcess(dataDir, { CAL_READ_MODEL_SNAPSHOT_INTERVAL: '1' });
    let written = 0;
    try {
      const venue = await adminRequest(child.url, 'POST', '/venues', { venue: 'Main Hall', city: 'Springfield' });
      expect(venue?.status, JSON.stringify(venue?.body)).to.equal(201);
      const venueId = (venue?.body as { id: number }).id;
      for (let i = 0; i < 5; i++) {
        const created = await adminRequest(child.url, 'POST', '/events', anEvent(`Before ${i}`, venueId));
        expect(created?.status, JSON.stringify(created?.body)).to.equal(201);
      }
      // The snapshot covers the events above once one interval has passed (polled, never timed).
      await eventually('a periodic snapshot of the first events', async () =>
        (snapshotPosition(path) ?? -1n) > 0n ? true : undefined,
      );
      const covered = snapshotPosition(path) as bigint;
      for (let i = 0; i < 3; i++) {
        const created = await adminRequest(child.url, 'POST', '/events', anEvent(`After ${i}`, venueId));
        expect(created?.status).to.equal(201);
        written++;
      }
      expect(covered > 0n, 'the periodic snapshot covers the first events').to.equal(true);
    } finally {
      await killHard(child);
    }
    expect(written).to.equal(3);
    const atKill = snapshotPosition(path);
    expect(atKill, 'a complete snapshot survived the kill').to.not.equal(undefined);

    restarted = await startTestService({ CAL_READ_MODEL_SNAPSHOT_INTERVAL: '0' }, dataDir);
    const { service } = restarted;
    expect(service.snapshotLoad).to.include({ kind: 'loaded', position: atKill });
    const head = await service.store.headPosition();
    const tail = await service.store.readAll({ after: atKill as bigint });
    expect(service.projections.appliedPosition).to.equal(head);
    const all = await service.store.readAll({});
    expect(tail.length, `replayed ${tail.length} of ${all.length} stored events`).to.be.lessThan(all.length / 2);
    const replayed = createMemoryReadStore(testMemos);
    await replayInto(service.store, replayed, { handlers: testProjections, upTo: head });
    expect(await digestReadStore(service.readStore, { detail: true })).to.deep.equal(
      await digestReadStore(replayed, { detail: true }),
    );
  });
});
