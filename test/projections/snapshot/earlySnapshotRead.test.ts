// Specifies the snapshot file's read begun at the very start of a process (src/main.ts), before the service's modules
// load: it never rejects, and the load uses the bytes of that read, with every check a read at load time gets.
import { expect } from 'chai';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { seed } from '../../../bench/seed.ts';
import { quickShape } from '../../../bench/seedShape.ts';
import { loadConfig } from '../../../src/config/config.ts';
import { embeddedSnapshotPath, readSnapshotEarly } from '../../../src/compose/earlySnapshotRead.ts';
import { createMemoryReadStore } from '../../../src/projections/memory/memoryReadStore.ts';
import { replayInto } from '../../../src/projections/replay.ts';
import { digestReadStore } from '../../../src/projections/digest/readModelDigest.ts';
import { loadReadModelSnapshot, saveReadModelSnapshot } from '../../../src/projections/snapshot/readModelSnapshot.ts';
import { readSnapshotFile, snapshotFileName } from '../../../src/projections/snapshot/snapshotFile.ts';
import { openTempStore, type TempStore } from '../../support/tempStore.ts';
import { testMemos, testProjections } from '../../support/memos.ts';

const fingerprint = 'fingerprint-of-this-code';

describe('snapshot file read early in the start', function () {
  this.timeout(60_000);
  let temp: TempStore;
  let path: string;

  before(async () => {
    temp = await openTempStore();
    path = join(temp.dir, snapshotFileName);
    await seed(temp.store, quickShape, new Date('2026-11-22T10:52:28Z'), 1_500);
    const replayed = createMemoryReadStore(testMemos);
    await replayInto(temp.store, replayed, { handlers: testProjections });
    expect(await saveReadModelSnapshot(path, temp.store, replayed, fingerprint)).to.include({ kind: 'saved' });
  });
  after(async () => temp.dispose());

  const loadWith = async (read: ReturnType<typeof readSnapshotFile>) => {
    const readStore = createMemoryReadStore(testMemos);
    return { outcome: await loadReadModelSnapshot(path, temp.store, readStore, fingerprint, read), readStore };
  };

  it('resolves, never rejects: the bytes, absent, or unreadable with the reason', async () => {
    const read = await readSnapshotFile(path);
    expect(read.kind).to.equal('read');
    expect(await readSnapshotFile(join(temp.dir, 'none.snapshot'))).to.deep.equal({ kind: 'absent' });
    const directory = join(temp.dir, 'a-directory.snapshot');
    mkdirSync(directory);
    const unreadable = await readSnapshotFile(directory);
    expect(unreadable.kind).to.equal('unreadable');
    expect((unreadable as { message: string }).message).to.match(/EISDIR/);
  });

  it('is what the load decodes (not the file as it is at load time), and loads what a replay makes', async () => {
    const early = readSnapshotFile(path);
    const { outcome, readStore } = await loadWith(early);
    expect(outcome.kind).to.equal('loaded');
    const replayed = createMemoryReadStore(testMemos);
    await replayInto(temp.store, replayed, { handlers: testProjections });
    expect(await digestReadStore(readStore, { detail: true })).to.deep.equal(
      await digestReadStore(replayed, { detail: true }),
    );
    // The file is still there: the load answered from the read it was given.
    expect((await loadWith(readSnapshotFile(join(temp.dir, 'none.snapshot')))).outcome).to.deep.equal({
      kind: 'absent',
    });
  });

  it('goes through the same checks: a damaged read is refused, an unreadable one ignored with its reason', async () => {
    const read = await readSnapshotFile(path);
    const bytes = Buffer.from((read as { bytes: Buffer }).bytes);
    const at = bytes.length - Math.floor(bytes.length / 3);
    bytes[at] = (bytes[at] as number) ^ 0xff;
    const damaged = await loadWith(Promise.resolve({ kind: 'read', bytes }));
    expect(damaged.outcome).to.deep.include({ kind: 'ignored' });
    expect((damaged.outcome as { reason: string }).reason).to.match(/checksum/);
    const unreadable = await loadWith(Promise.resolve({ kind: 'unreadable', message: 'EIO: i/o error' }));
    expect(unreadable.outcome).to.deep.equal({ kind: 'ignored', reason: 'unreadable file (EIO: i/o error)' });
  });

  it('is begun only where the embedded read model keeps a snapshot, at its path in the data directory', async () => {
    const dataDir = join(temp.dir, 'data');
    mkdirSync(dataDir);
    writeFileSync(join(dataDir, snapshotFileName), 'not a snapshot');
    const embedded = loadConfig({ CAL_DATA_DIR: dataDir });
    expect(embeddedSnapshotPath(embedded)).to.equal(join(dataDir, snapshotFileName));
    const early = readSnapshotEarly(embedded);
    expect(early?.path).to.equal(join(dataDir, snapshotFileName));
    expect((await early?.read)?.kind).to.equal('read');
    for (const env of [
      { CAL_DATA_DIR: dataDir, CAL_READ_MODEL_SNAPSHOT: 'off' },
      { CAL_DATA_DIR: dataDir, CAL_MONGODB_URL: 'mongodb://localhost:27017/cal' },
      {
        CAL_DATA_DIR: dataDir,
        CAL_EVENTSTORE_URL: 'esdb://localhost:2113?tls=false',
        CAL_MONGODB_URL: 'mongodb://localhost:27017/cal',
      },
    ]) {
      expect(readSnapshotEarly(loadConfig(env)), JSON.stringify(env)).to.equal(undefined);
    }
  });
});
