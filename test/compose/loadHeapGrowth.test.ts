// Specifies the heap growth a snapshot load and the start's catch-up run with (src/compose/loadHeapGrowth.ts): V8's
// own largest factor during the load, the process's own setting back after it, and fewer full collections for a load
// that keeps what it makes.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'chai';
import {
  loadHeapGrowingPercent,
  startedHeapGrowingPercent,
  withLoadHeapGrowth,
} from '../../src/compose/loadHeapGrowth.ts';
import { startTestService } from '../support/testService.ts';

const child = fileURLToPath(new URL('./fixtures/retainingLoad.ts', import.meta.url));

/** Full collections during a child's load of ~3M kept objects, with the start scripts' heap flags. */
function fullCollectionsDuringLoad(mode: 'plain' | 'raised'): number {
  const flags = ['--max-semi-space-size=32', '--heap-growing-percent=50', '--import', 'tsx'];
  const run = spawnSync(process.execPath, [...flags, child, mode], { encoding: 'utf8' });
  expect(run.status, run.stderr).to.equal(0);
  return (JSON.parse(run.stdout) as { duringLoad: number }).duringLoad;
}

describe('heap growth during a snapshot load', function () {
  this.timeout(60_000);

  it('is the started setting: the command line over NODE_OPTIONS, the last flag of each, else V8 default 0', () => {
    expect(startedHeapGrowingPercent(['--heap-growing-percent=50'], '--heap-growing-percent=20')).to.equal(50);
    expect(startedHeapGrowingPercent(['--max-semi-space-size=32'], '--heap_growing_percent=20')).to.equal(20);
    expect(startedHeapGrowingPercent(['--heap-growing-percent=10', '--heap-growing-percent=30'], '')).to.equal(30);
    expect(startedHeapGrowingPercent([], '')).to.equal(0);
  });

  it('is raised for the load and given back after it, also when the load fails', async () => {
    const set: string[] = [];
    expect(
      await withLoadHeapGrowth(
        async () => set.length,
        (flags) => void set.push(flags),
        50,
      ),
    ).to.equal(1);
    expect(set).to.deep.equal([`--heap-growing-percent=${loadHeapGrowingPercent}`, '--heap-growing-percent=50']);
    set.length = 0;
    const failing = withLoadHeapGrowth(
      async () => Promise.reject(new Error('damaged')),
      (flags) => void set.push(flags),
      0,
    );
    await failing.then(
      () => expect.fail('the failure passes through'),
      (error: Error) => expect(error.message).to.equal('damaged'),
    );
    expect(set.at(-1)).to.equal('--heap-growing-percent=0');
  });

  it('reaches V8: a load that keeps what it makes runs fewer full collections', () => {
    const plain = fullCollectionsDuringLoad('plain');
    const raised = fullCollectionsDuringLoad('raised');
    expect(raised, `plain ${plain}, raised ${raised}`).to.be.lessThan(plain);
  });
});

describe('heap growth during the start catch-up of the projections', function () {
  this.timeout(60_000);

  it('is raised while the runner catches up, and given back before the service serves, at every start', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'cal-growth-'));
    const set: string[] = [];
    const hooks = { setV8Flags: (flags: string) => void set.push(flags) };
    const raisedThenRestored = [
      `--heap-growing-percent=${loadHeapGrowingPercent}`,
      `--heap-growing-percent=${startedHeapGrowingPercent()}`,
    ];
    try {
      for (let start = 0; start < 2; start++) {
        set.length = 0;
        const running = await startTestService({}, dataDir, hooks);
        expect(set).to.deep.equal(raisedThenRestored);
        await running.close();
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
