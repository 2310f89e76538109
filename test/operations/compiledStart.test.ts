// Specifies how `npm start` runs the service: compiled to dist/ once, and compiled again only when a source file is
// newer than the build, so that an edited checkout never runs old code and an unchanged one never waits for tsc.
import { spawnSync } from 'node:child_process';
import { statSync, utimesSync } from 'node:fs';
import { expect } from 'chai';
import { ensureBuilt } from '../../scripts/ensureBuilt.mjs';

const marker = new URL('../../dist/.tsbuildinfo', import.meta.url);

/** `node scripts/start.mjs --help`: the compiled entry point prints its settings and exits without starting. */
function startForHelp() {
  const run = spawnSync(process.execPath, ['scripts/start.mjs', '--help'], { encoding: 'utf8', timeout: 120_000 });
  return { code: run.status, stdout: run.stdout, stderr: run.stderr };
}

describe('npm start runs the compiled service', function () {
  this.timeout(180_000);
  before(() => expect(ensureBuilt()).to.equal(true));

  it('starts from dist/ without compiling when nothing under src/ changed since the build', () => {
    const builtAt = statSync(marker).mtimeMs;
    const run = startForHelp();
    expect(run.code).to.equal(0);
    expect(run.stdout).to.include('CAL_DATA_DIR');
    expect(run.stderr).not.to.include('Compiling');
    expect(statSync(marker).mtimeMs).to.equal(builtAt);
  });

  it('compiles again first when a source file is newer than the build', () => {
    // The build made to look older than every source file, as after an edit or a git pull.
    const longAgo = new Date('2001-01-01T00:00:00Z');
    utimesSync(marker, longAgo, longAgo);
    const run = startForHelp();
    expect(run.code).to.equal(0);
    expect(run.stderr).to.include('Compiling src/ to dist/');
    expect(statSync(marker).mtimeMs).to.be.greaterThan(longAgo.getTime());
  });
});
