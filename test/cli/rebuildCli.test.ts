// Specifies `cal rebuild` on the embedded deployment: the real CLI beside a running service, and its parts in process.
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import { startTestService, type TestService } from '../support/testService.ts';
import { someActivity } from '../http/readModel/support/readModelActivity.ts';
import { parseInvocation, usage, UsageError } from '../../src/cli/cliParser.ts';
import { prepareRebuildCommand } from '../../src/cli/rebuildCommand.ts';
import { progressLines } from '../../src/cli/rebuild/rebuildProgress.ts';
import { eventsPerSecond, summaryLine } from '../../src/cli/rebuild/rebuildReport.ts';
import type { ReadModelDigest } from '../../src/projections/digest/readModelDigest.ts';
import { readModelCollections } from '../../src/projections/readStore.ts';

interface CliRun {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

/**
 * The CLI with none of the variables that would point it elsewhere than the test's data directory (MongoDB above all).
 */
function cal(...args: string[]): Promise<CliRun> {
  const { CAL_EVENTSTORE_URL: _e, CAL_MONGODB_URL: _m, ...env } = process.env;
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', 'src/cli/cal.ts', ...args],
      { env, cwd: process.cwd() },
      (error, stdout, stderr) => {
        resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr });
      },
    );
  });
}

const summaryPattern = /^Rebuilt read-model: (\d+) events in \d+\.\d+ s \((\d+) events\/s\), position (-?\d+)$/;

describe('cal rebuild, embedded (CLI beside a running service)', function () {
  this.timeout(60_000);
  let dir: string;
  let t: TestService;
  let storedEvents: number;
  let live: ReadModelDigest;

  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'cal-rebuild-'));
    t = await startTestService({}, dir);
    await someActivity(t);
    storedEvents = (await t.service.store.readAll()).length;
    // A write's answer waits for its own event, not for what the write appends after it (claim releases): the read
    // model may still be applying those, so the digest compared with the rebuild is the one at the store's head.
    const head = String(await t.service.store.headPosition());
    for (let tries = 0; ; tries++) {
      const digest = await t.admin('GET', '/cal/events/v1/read-model/digest');
      expect(digest.status, digest.text).to.equal(200);
      live = digest.body as ReadModelDigest;
      if (live.position === head || tries === 100) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(live.position).to.equal(head);
  });
  after(async () => {
    await t.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it(
    "replays every stored event as a dry run and prints digests equal to the live read model's, " + 'exit code 0',
    async () => {
      const run = await cal('--data-dir', dir, 'rebuild');
      expect(run, run.stderr).to.include({ code: 0 });
      const lines = run.stdout.trimEnd().split('\n');
      expect(lines.slice(0, 2).join('\n')).to.include('dry run').and.include('The running service is not affected');
      const table = lines.slice(3, 9).map((line) => line.split(/\s+/));
      expect(table[0]).to.deep.equal(['COLLECTION', 'DOCUMENTS', 'DIGEST']);
      expect(table.slice(1)).to.deep.equal(
        readModelCollections.map((c) => [c, String(live.collections[c].count), live.collections[c].digest]),
      );
      const summary = summaryPattern.exec(lines.at(-1) ?? '');
      expect(summary, lines.at(-1)).to.not.equal(null);
      expect(Number(summary?.[1])).to.equal(storedEvents);
      expect(summary?.[3]).to.equal(live.position);
    },
  );

  it('prints the summary as one JSON object with --json, for the projection named with --projection', async () => {
    const run = await cal('--data-dir', dir, 'rebuild', '--projection', 'read-model', '--json');
    expect(run, run.stderr).to.include({ code: 0 });
    const report = JSON.parse(run.stdout) as Record<string, unknown>;
    expect(Object.keys(report)).to.deep.equal([
      'projection',
      'target',
      'events',
      'seconds',
      'eventsPerSecond',
      'position',
      'serviceAffected',
      'collections',
    ]);
    expect(report).to.include({
      projection: 'read-model',
      target: 'memory',
      events: storedEvents,
      position: live.position,
      serviceAffected: false,
    });
    expect(report.seconds).to.be.a('number').at.least(0);
    expect(report.eventsPerSecond).to.be.a('number').above(0);
    const liveCollections = Object.fromEntries(
      readModelCollections.map((c) => [c, { count: live.collections[c].count, digest: live.collections[c].digest }]),
    );
    expect(report.collections).to.deep.equal(liveCollections);
  });

  it('refuses an unknown projection with exit code 2, naming the known ones, before reading any event', async () => {
    const run = await cal('--data-dir', dir, 'rebuild', '--projection', 'venues');
    expect(run).to.include({ code: 2, stdout: '' });
    expect(run.stderr).to.equal(
      'cal: rebuild: unknown projection "venues"; known projections: read-model\nRun "cal --help" for usage.\n',
    );
  });

  it('fails with exit code 1 where there is no event store', async () => {
    const run = await cal('--data-dir', join(dir, 'missing'), 'rebuild');
    expect(run).to.include({ code: 1, stdout: '' });
    expect(run.stderr).to.match(/^cal: no event store at /);
  });
});

describe('cal rebuild, in process', function () {
  const prepared = (...argv: string[]) => prepareRebuildCommand(parseInvocation(['rebuild', ...argv]));

  it('are usage errors when wrong, before any store is opened', function () {
    expect(() => prepared('--projection', 'tags')).to.throw(
      UsageError,
      'unknown projection "tags"; known projections: read-model',
    );
    expect(() => prepared('--url', 'http://example.com')).to.throw(UsageError, 'rebuild does not take --url');
    expect(() => prepared('extra')).to.throw(UsageError, 'unexpected argument "extra"');
    expect(() => prepared('--projection', 'read-model', '--json')).not.to.throw();
  });

  it('has the usage text name the projections and the MongoDB behaviour', function () {
    expect(usage).to.include('rebuild [--projection <name>] [--json]').and.include('blue-green');
  });

  describe('progress lines (stderr is not a terminal)', function () {
    it('prints one line every five seconds at most, with the rate since the start', function () {
      let now = 1000;
      const lines: string[] = [];
      const progress = progressLines(
        'read-model',
        (line) => lines.push(line),
        () => now,
      );
      now += 1000;
      progress.update({ appliedEvents: 500, appliedPosition: 499n, upTo: 1999n });
      expect(lines).to.deep.equal([]);
      now += 4000;
      progress.update({ appliedEvents: 1000, appliedPosition: 999n, upTo: 1999n });
      now += 1000;
      progress.update({ appliedEvents: 1500, appliedPosition: 1499n, upTo: 1999n });
      now += 4000;
      progress.update({ appliedEvents: 2000, appliedPosition: 1999n, upTo: 1999n });
      expect(lines).to.deep.equal([
        'read-model: 1000 events, position 999 of 1999 (50%), 200 events/s',
        'read-model: 2000 events, position 1999 of 1999 (100%), 200 events/s',
      ]);
    });
  });

  describe('the summary', function () {
    it('gives events, seconds, the rate and the position reached', function () {
      expect(summaryLine({ projection: 'read-model', events: 30_000, elapsedMs: 12_345, position: 29_999n })).to.equal(
        'Rebuilt read-model: 30000 events in 12.3 s (2430 events/s), position 29999',
      );
      expect(summaryLine({ projection: 'read-model', events: 0, elapsedMs: 3, position: -1n })).to.equal(
        'Rebuilt read-model: 0 events in 0.00 s (0 events/s), position -1',
      );
    });

    it('keeps the rate finite for a run shorter than a millisecond', function () {
      expect(eventsPerSecond(5, 0)).to.equal(5000);
    });
  });
});
