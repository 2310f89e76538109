// Specifies what a start of the embedded default loads: not the EventStoreDB and MongoDB clients, which it never uses
// and which took ~0.3 s of CPU to load at every (re)start (docs/operations.md, "Start-up and restarts").
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { expect } from 'chai';

/** The CommonJS packages a fresh process holds after importing the service's composition root. */
function packagesLoadedByTheCompositionRoot(): string[] {
  const probe = [
    "import { createRequire } from 'node:module';",
    "await import('./src/service.ts');",
    'console.log(JSON.stringify(Object.keys(createRequire(import.meta.url).cache)));',
  ].join('\n');
  const run = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', probe], {
    encoding: 'utf8',
    timeout: 120_000,
  });
  expect(run.status, run.stderr).to.equal(0);
  return JSON.parse(run.stdout) as string[];
}

describe('modules a start of the embedded default loads', function () {
  this.timeout(150_000);

  it('leaves the EventStoreDB and MongoDB clients unloaded until a URL configures them', () => {
    const loaded = packagesLoadedByTheCompositionRoot();
    expect(
      loaded.some((path) => path.includes('/node_modules/lmdb/')),
      'the embedded store is loaded',
    ).to.equal(true);
    expect(loaded.filter((path) => path.includes('/node_modules/mongodb/'))).to.deep.equal([]);
    expect(loaded.filter((path) => path.includes('/node_modules/@eventstore/'))).to.deep.equal([]);
  });

  it('begins the snapshot read in main before it imports the service, whose modules load meanwhile', () => {
    const main = readFileSync(new URL('../../src/main.ts', import.meta.url), 'utf8');
    expect(main, 'no static import of the service').not.to.match(/^import[^;]*from '\.\/service\.ts'/m);
    const readAt = main.indexOf('readSnapshotEarly(config)');
    const importAt = main.indexOf("await import('./service.ts')");
    expect(readAt).to.be.above(0);
    expect(importAt).to.be.above(readAt);
  });
});
