// Mocha global fixture: the suite gets a temp directory of its own (TMPDIR, inherited by the processes tests start),
// and the run fails when a test left anything in it; tsx's compile cache is the one thing allowed to stay.
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const guarded: { root?: string; previous?: string } = {};

export function mochaGlobalSetup(): void {
  guarded.previous = process.env.TMPDIR;
  guarded.root = mkdtempSync(join(tmpdir(), 'cal-suite-'));
  process.env.TMPDIR = guarded.root;
}

export function mochaGlobalTeardown(): void {
  const { root, previous } = guarded;
  if (root === undefined) return;
  if (previous === undefined) delete process.env.TMPDIR;
  else process.env.TMPDIR = previous;
  const left = readdirSync(root).filter((name) => !name.startsWith('tsx-'));
  rmSync(root, { recursive: true, force: true });
  if (left.length > 0) {
    console.error(`Tests left ${left.length} entries in the temp directory: ${left.join(', ')}`);
    process.exitCode = 1;
    throw new Error('tests left temporary files behind');
  }
}
