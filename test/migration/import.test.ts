// Specifies `cal import` (docs/api.md §22) end to end: a second real instance of the service in a child process is
// the source, seeded through its API; the CLI copies it into an empty target, which is then compared with it item by
// item, field by field, through the API. Re-runs write nothing, and write exactly what changed.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { expect } from 'chai';
import { flakyProxy } from './support/flakyProxy.ts';
import { caughtUp, summaryOf } from './support/importRuns.ts';
import { cal } from '../support/calCli.ts';
import { adminPassword, startTestService, type TestService } from '../support/testService.ts';
import { adminRequest, API, killHard, startServiceProcess, type ServiceProcess } from '../support/serviceProcess.ts';
import {
  comparable,
  readEverything,
  readEvent,
  seedSourceCalendar,
  type SeededCalendar,
} from './support/sourceCalendar.ts';

describe('cal import from a running source service', function () {
  this.timeout(240_000);
  let sourceDir: string;
  let source: ServiceProcess;
  let seeded: SeededCalendar;
  let target: TestService;
  let targetDir: string;
  const importInto = (dir: string, ...args: string[]) =>
    cal(['--data-dir', dir, 'import', '--from', `${source.url}${API}`, ...args]);
  const signedIn = ['--user', 'admin', '--password', adminPassword, '--json'];

  before(async () => {
    sourceDir = mkdtempSync(join(tmpdir(), 'cal-import-source-'));
    targetDir = mkdtempSync(join(tmpdir(), 'cal-import-target-'));
    source = await startServiceProcess(sourceDir);
    seeded = await seedSourceCalendar(source.url);
    target = await startTestService({}, targetDir);
  });
  after(async () => {
    await target?.close();
    if (source) await killHard(source);
    rmSync(sourceDir, { recursive: true, force: true });
    rmSync(targetDir, { recursive: true, force: true });
  });

  it('copies every item into an empty target: same ids, slugs, dates, links, terms and counts', async () => {
    const run = await importInto(targetDir, ...signedIn);
    expect(run.code, run.stderr + run.stdout.slice(-2000)).to.equal(0);
    await caughtUp(target);
    const summary = summaryOf(run.stdout);
    expect(summary.failed).to.deep.equal([]);
    const [sourceItems, targetItems] = [await readEverything(source.url), await readEverything(target.service.url)];
    expect([...targetItems.keys()].sort()).to.deep.equal([...sourceItems.keys()].sort());
    for (const [key, item] of sourceItems) expect(targetItems.get(key), key).to.deep.equal(item);
    const hidden = seeded.eventIds[3] as number;
    expect(await readEvent(target.service.url, hidden)).to.deep.equal(await readEvent(source.url, hidden));
    // A series is one item of the import, its occurrences with it (docs/migration.md).
    expect(summary.counts.created).to.equal(sourceItems.size + 1 - seeded.series.listedOccurrences);
    const moved = targetItems.get(`event:${seeded.series.moved}`) as Record<string, unknown>;
    expect(moved).to.include({ title: 'Weekly class (moved)', start_date: '2027-03-16 19:00:00' });
    expect(moved.recurring_event_id).to.equal(seeded.series.id);
    const item = targetItems.get(`event:${seeded.series.id}`) as { recurrence: string[] };
    expect(item.recurrence).to.have.length(2).and.to.include('RRULE:FREQ=WEEKLY;COUNT=6');
    expect(summary.locked).to.have.length(2);
    const anonymous = await target.request('GET', `${API}/events/${seeded.eventIds[1]}`);
    expect((anonymous.body as { code: string }).code).to.equal('event-password-protected');
  });

  it('reports protected items as failed without credentials that may open them, and copies the rest', async () => {
    const other = await startTestService();
    try {
      const run = await importInto(other.dataDir, '--json');
      expect(run.code, run.stderr).to.equal(1);
      const summary = summaryOf(run.stdout);
      expect(summary.failed.map((f) => f.kind).sort()).to.deep.equal(['event', 'venue']);
      expect(summary.failed[0]?.reason).to.match(/^password-protected/);
    } finally {
      await other.close();
    }
  });

  it('writes nothing the second time', async () => {
    const before = await target.service.store.headPosition();
    const run = await importInto(targetDir, ...signedIn);
    expect(run.code, run.stderr).to.equal(0);
    expect(summaryOf(run.stdout).counts).to.include({ created: 0, updated: 0, failed: 0 });
    expect(await target.service.store.headPosition()).to.equal(before);
  });

  it('writes exactly the three items changed at the source', async () => {
    const [first, second] = seeded.eventIds as [number, number];
    await adminRequest(source.url, 'PATCH', `/events/${first}`, { title: 'Jazz night (moved)' });
    await adminRequest(source.url, 'PATCH', `/events/${second}`, { end_date: '2026-12-28' });
    await adminRequest(source.url, 'PATCH', `/venues/${seeded.venueId}`, { city: 'Shelbyville' });
    const run = await importInto(targetDir, ...signedIn);
    expect(run.code, run.stderr).to.equal(0);
    const outcomes = run.stdout
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line) as { step: string; result?: string; kind?: string; sourceId?: number })
      .filter((line) => line.step === 'item' && line.result !== 'unchanged');
    await caughtUp(target);
    expect(outcomes.map((o) => `${o.kind}:${o.sourceId}:${o.result}`).sort()).to.deep.equal(
      [`event:${first}:updated`, `event:${second}:updated`, `venue:${seeded.venueId}:updated`].sort(),
    );
    for (const key of [`event:${first}`, `event:${second}`, `venue:${seeded.venueId}`]) {
      const [kind, id] = key.split(':') as [string, string];
      const path = `/${kind}s/${id}?context=edit`;
      const [fromSource, fromTarget] = await Promise.all([
        adminRequest(source.url, 'GET', path),
        adminRequest(target.service.url, 'GET', path),
      ]);
      expect(comparable(fromTarget?.body), key).to.deep.equal(comparable(fromSource?.body));
    }
  });

  it('completes after a SIGKILL half-way: a re-run copies the rest, nothing twice', async () => {
    const other = await startTestService();
    try {
      const args = ['--import', 'tsx', 'src/cli/cal.ts', '--data-dir', other.dataDir, 'import', '--from'];
      const child = spawn(process.execPath, [...args, `${source.url}${API}`, ...signedIn, '--concurrency', '1'], {
        stdio: ['ignore', 'pipe', 'inherit'],
      });
      let items = 0;
      child.stdout.on('data', (chunk: Buffer) => {
        items += (chunk.toString().match(/"step":"item"/g) ?? []).length;
        if (items >= 20) child.kill('SIGKILL');
      });
      const [, signal] = (await once(child, 'exit')) as [number | null, string | null];
      expect(signal).to.equal('SIGKILL');
      const run = await importInto(other.dataDir, ...signedIn);
      expect(run.code, run.stderr).to.equal(0);
      expect(summaryOf(run.stdout).counts.unchanged).to.be.at.least(20);
      await caughtUp(other);
      const [sourceItems, targetItems] = [await readEverything(source.url), await readEverything(other.service.url)];
      expect([...targetItems.keys()].sort()).to.deep.equal([...sourceItems.keys()].sort());
      for (const [key, item] of sourceItems) expect(targetItems.get(key), key).to.deep.equal(item);
    } finally {
      await other.close();
    }
  });

  it('copies everything through a source answering 500, 429 and slowly at random, nothing lost or twice', async () => {
    const proxy = await flakyProxy(source.url);
    const other = await startTestService();
    try {
      const run = await cal(['--data-dir', other.dataDir, 'import', '--from', `${proxy.url}${API}`, ...signedIn]);
      expect(run.code, run.stderr).to.equal(0);
      expect(proxy.faults()).to.be.greaterThan(0);
      await caughtUp(other);
      const [sourceItems, targetItems] = [await readEverything(source.url), await readEverything(other.service.url)];
      expect([...targetItems.keys()].sort()).to.deep.equal([...sourceItems.keys()].sort());
      for (const [key, item] of sourceItems) expect(targetItems.get(key), key).to.deep.equal(item);
    } finally {
      await other.close();
      await proxy.close();
    }
  });

  it('gives new ids where the target used the source ones, and links to them', async () => {
    const other = await startTestService();
    try {
      // Ids 1 to 3 of the post sequence are taken at the target before the import.
      for (const name of ['Local A', 'Local B', 'Local C'])
        expect((await other.admin('POST', `${API}/venues`, { body: { venue: name } })).status).to.equal(201);
      const run = await cal(['--data-dir', other.dataDir, 'import', '--from', `${source.url}${API}`, ...signedIn]);
      expect(run.code, run.stderr).to.equal(0);
      const remapped = summaryOf(run.stdout).remapped;
      const hall = remapped.find((r) => r.kind === 'venue' && r.sourceId === seeded.venueId);
      expect(hall?.targetId).to.be.greaterThan(3);
      await caughtUp(other);
      const concert = await other.admin('GET', `${API}/events/${seeded.eventIds[0]}`);
      expect((concert.body as { venue: { id: number; venue: string } }).venue).to.include({
        id: hall?.targetId,
        venue: 'Main Hall',
      });
      expect((await other.admin('GET', `${API}/venues/1`)).body).to.include({ venue: 'Local A' });
    } finally {
      await other.close();
    }
  });
});
