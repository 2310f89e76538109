// The embedded store maps its file once: growing under writes leaves no earlier map (and its resident pages) behind.
import { expect } from 'chai';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, realpathSync, rmSync, statSync, statfsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { NoStream } from '../../src/events/eventStore.ts';
import { mapSizeWithin } from '../../src/events/embedded/mapSize.ts';
import { openTempStore, type TempStore } from '../support/tempStore.ts';
import { anEvent } from './contractSupport.ts';

/** The mappings of this process over the store's data file, from /proc/self/maps. */
function mappingsOf(dataFile: string): number {
  const file = realpathSync(dataFile);
  return readFileSync('/proc/self/maps', 'utf8')
    .split('\n')
    .filter((line) => line.endsWith(` ${file}`)).length;
}

const appenderScript = fileURLToPath(new URL('./fixtures/appendFromAnotherProcess.ts', import.meta.url));
const gibibytes = (count: number): number => count * 1024 ** 3;

describe('lmdb event store mapping', function () {
  let temp: TempStore | undefined;
  afterEach(async function () {
    await temp?.dispose();
    temp = undefined;
  });

  it('keeps one map of its file while appends grow the file to many times its size at open', async function () {
    if (!existsSync('/proc/self/maps')) this.skip();
    temp = await openTempStore();
    const dataFile = join(temp.dir, 'events', 'data.mdb');
    await temp.store.append('warm-up', [anEvent('ThingHappened')], NoStream);
    const mappedAtOpen = mappingsOf(dataFile);
    // 64 commits of 64 events of ~2 KB each: ~8 MB, far past the few pages of a new store's file.
    const text = 'x'.repeat(2_000);
    for (let commit = 0; commit < 64; commit++) {
      const appends = Array.from({ length: 64 }, (_, index) =>
        temp!.store.append(`thing-${commit}-${index}`, [anEvent('ThingHappened', { text })], NoStream),
      );
      await Promise.all(appends);
    }
    expect(mappedAtOpen).to.equal(1);
    expect(mappingsOf(dataFile)).to.equal(1);
    // The map spans the disk, the file only what was written: nothing is preallocated.
    expect(statSync(dataFile).size).to.be.below(64 * 1024 * 1024);
  });

  it('opens and appends in a process whose address space is limited below the size of the disk', function () {
    if (!existsSync('/proc/self/limits') || statfsBytes(tmpdir()) <= gibibytes(160)) this.skip();
    const dir = mkdtempSync(join(tmpdir(), 'cal-store-limited-'));
    try {
      // 40 GB of address space: Node and tsx (~33 GB) fit in it, a map of the whole disk (over 160 GB here) does not.
      const node = `"${process.execPath}" --import tsx "${appenderScript}"`;
      const command = `ulimit -v 40000000 && exec ${node} "$0" limited 3`;
      const run = spawnSync('bash', ['-c', command, join(dir, 'events')], { encoding: 'utf8' });
      expect(run.signal, run.stderr).to.equal(null);
      expect(run.status, run.stderr).to.equal(0);
      expect(run.stdout.trim().split('\n')).to.have.length(3);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  describe('the size of the map', function () {
    const base = { diskBytes: gibibytes(250), fileBytes: 220 * 1024 ** 2, addressSpaceRoom: Infinity };

    it('is the size of the disk when the process may map it', function () {
      expect(mapSizeWithin(base)).to.equal(gibibytes(250));
    });

    it('is at most 1 TiB, for file systems that report exabytes', function () {
      expect(mapSizeWithin({ ...base, diskBytes: 8 * 1024 ** 6 })).to.equal(1024 ** 4);
    });

    it('is at most half the room an address-space limit leaves', function () {
      expect(mapSizeWithin({ ...base, addressSpaceRoom: gibibytes(8) })).to.equal(gibibytes(4));
    });

    it('is 64 GiB on a file system that reports no size, and never under twice the file', function () {
      expect(mapSizeWithin({ ...base, diskBytes: 0 })).to.equal(gibibytes(64));
      expect(mapSizeWithin({ ...base, fileBytes: gibibytes(30), addressSpaceRoom: gibibytes(40) })).to.equal(
        gibibytes(60),
      );
    });
  });
});

function statfsBytes(path: string): number {
  const disk = statfsSync(path);
  return disk.blocks * disk.bsize;
}
