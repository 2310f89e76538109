// Specifies the snapshot of the embedded read model across restarts of the real service: a graceful close writes it,
// the next start loads it and applies only the events written since, and serves exactly what a full replay would.
import { expect } from 'chai';
import { existsSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startTestService, type TestService } from '../support/testService.ts';
import { API, bodyOf, createEvent, type JsonObject } from '../http/events/support/eventsApi.ts';
import { createMemoryReadStore } from '../../src/projections/memory/memoryReadStore.ts';
import { replayInto } from '../../src/projections/replay.ts';
import { digestReadStore } from '../../src/projections/digest/readModelDigest.ts';
import { snapshotFileName } from '../../src/projections/snapshot/readModelSnapshot.ts';
import { testMemos, testProjections } from '../support/memos.ts';

/** The running service's read model against a full replay of its store, at the same position. */
async function expectSameAsFullReplay(t: TestService): Promise<void> {
  const { service } = t;
  const replayed = createMemoryReadStore(testMemos);
  await replayInto(service.store, replayed, { handlers: testProjections, upTo: service.projections.appliedPosition });
  expect(await digestReadStore(service.readStore, { detail: true })).to.deep.equal(
    await digestReadStore(replayed, { detail: true }),
  );
}

const read = async (t: TestService, id: number): Promise<JsonObject> => {
  const res = await t.admin('GET', `${API}/events/${id}`);
  expect(res.status, res.text).to.equal(200);
  return bodyOf(res);
};

describe('read-model snapshot across restarts of the service', function () {
  this.timeout(60_000);
  let dataDir: string;
  let snapshotPath: string;
  let running: TestService | undefined;
  const restart = async (env: Record<string, string> = {}): Promise<TestService> => {
    await running?.close();
    running = await startTestService(env, dataDir);
    return running;
  };

  let linkedEvent: number;
  let venue: number;
  let snapshotPosition: bigint;

  before(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'cal-snapshot-'));
    snapshotPath = join(dataDir, snapshotFileName);
    const first = await restart();
    expect(first.service.snapshotLoad, 'nothing to load on a new data directory').to.deep.equal({ kind: 'absent' });
    venue = bodyOf(await first.admin('POST', `${API}/venues`, { body: { venue: 'Main Hall', city: 'Springfield' } }))
      .id as number;
    linkedEvent = (
      await createEvent(first, { title: 'Jazz night', venue, categories: 'Music, Workshops', tags: ['late night'] })
    ).id as number;
    await createEvent(first, { title: 'Second night', categories: 'Music' });
    snapshotPosition = first.service.projections.appliedPosition;
  });
  after(async () => {
    await running?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('is written at graceful close', async () => {
    expect(existsSync(snapshotPath)).to.equal(false);
    const t = await restart({ CAL_READ_MODEL_SNAPSHOT: 'off' });
    expect(t.service.snapshotLoad, 'off: neither loaded nor saved').to.equal(undefined);
    expect(existsSync(snapshotPath), 'the first service wrote it when it closed').to.equal(true);
  });

  it(
    'is loaded by the next start, which applies only the events written since and serves the ' + 'same answers',
    async () => {
      // Written while snapshots are off: after the snapshot's position, so the next start has to catch up with it.
      const off = running as TestService;
      const later = (await createEvent(off, { title: 'Written after the snapshot', venue, tags: ['late night'] }))
        .id as number;
      const before = await read(off, linkedEvent);
      const laterBody = await read(off, later);
      const modified = statSync(snapshotPath).mtimeMs;

      const t = await restart();
      expect(statSync(snapshotPath).mtimeMs, 'a service with snapshots off writes none').to.equal(modified);
      expect(t.service.snapshotLoad).to.include({ kind: 'loaded', position: snapshotPosition });
      expect(t.service.projections.appliedPosition).to.equal(await t.service.store.headPosition());
      expect(await read(t, linkedEvent)).to.deep.equal(before);
      expect(await read(t, later)).to.deep.equal(laterBody);
      await expectSameAsFullReplay(t);
    },
  );

  it('takes writes made after the load: a venue renamed shows in the events that embed it', async () => {
    const t = running as TestService;
    expect(t.service.snapshotLoad?.kind).to.equal('loaded');
    const renamed = await t.admin('PATCH', `${API}/venues/${venue}`, { body: { venue: 'Renamed Hall' } });
    expect(renamed.status, renamed.text).to.equal(200);
    expect(((await read(t, linkedEvent)).venue as JsonObject).venue).to.equal('Renamed Hall');
    await expectSameAsFullReplay(t);
  });

  it('is ignored when damaged: the start replays the whole store and serves the same', async () => {
    const expected = await read(running as TestService, linkedEvent);
    await running?.close();
    writeFileSync(snapshotPath, 'not a snapshot');
    running = undefined;
    const t = await restart();
    expect(t.service.snapshotLoad).to.deep.equal({ kind: 'ignored', reason: 'not a read-model snapshot file' });
    expect(await read(t, linkedEvent)).to.deep.equal(expected);
    await expectSameAsFullReplay(t);
  });
});
