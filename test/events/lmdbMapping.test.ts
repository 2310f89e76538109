// The embedded store maps its file once: growing under writes leaves no earlier map (and its resident pages) behind.
import { expect } from 'chai';
import { existsSync, readFileSync, realpathSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { NoStream } from '../../src/events/eventStore.ts';
import { openTempStore, type TempStore } from '../support/tempStore.ts';
import { anEvent } from './contractSupport.ts';

/** The mappings of this process over the store's data file, from /proc/self/maps. */
function mappingsOf(dataFile: string): number {
  const file = realpathSync(dataFile);
  return readFileSync('/proc/self/maps', 'utf8')
    .split('\n')
    .filter((line) => line.endsWith(` ${file}`)).length;
}

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
});
