// Specifies that the embedded data directory and everything the service writes in it are the owner's alone: the
// event store holds password hashes, and so does the read-model snapshot (docs/security.md, "Passwords").
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import { startTestService } from '../support/testService.ts';

/** Every directory and file under `dir`, itself included, with its permission bits. */
function modesUnder(dir: string): [string, number][] {
  const found: [string, number][] = [[dir, statSync(dir).mode & 0o777]];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) found.push(...modesUnder(path));
    else found.push([path, statSync(path).mode & 0o777]);
  }
  return found;
}

describe('the embedded data directory', function () {
  this.timeout(60_000);
  const parent = mkdtempSync(join(tmpdir(), 'cal-modes-'));
  after(() => rmSync(parent, { recursive: true, force: true }));

  for (const [label, prepare] of [
    ['created fresh by the start', (_dir: string) => undefined],
    [
      'left open to everyone by an earlier version',
      (dir: string) => {
        const events = join(dir, 'events');
        // mkdir -p with the default mode, as an earlier version did, then opened wide.
        mkdirSync(events, { recursive: true });
        for (const path of [dir, events]) chmodSync(path, 0o777);
      },
    ],
  ] as const) {
    it(`is readable by its owner only, files and the snapshot included, when ${label}`, async () => {
      const dir = join(parent, label.replace(/\W+/g, '-'));
      prepare(dir);
      const previous = process.umask(0o022);
      try {
        const t = await startTestService({}, dir);
        // A write, so that the store has data, then a graceful close, which saves the read-model snapshot.
        const res = await t.admin('POST', '/cal/events/v1/events', {
          body: { title: 'x', start_date: '2026-12-01 10:00:00', end_date: '2026-12-01 11:00:00' },
        });
        expect(res.status, res.text).to.equal(201);
        await t.close();
      } finally {
        process.umask(previous);
      }
      const modes = modesUnder(dir);
      expect(modes.map(([path]) => path.slice(dir.length))).to.include.members(['', '/events', '/read-model.snapshot']);
      for (const [path, mode] of modes) {
        const wanted = statSync(path).isDirectory() ? 0o700 : 0o600;
        expect(mode.toString(8), path).to.equal(wanted.toString(8));
      }
    });
  }
});
