// Specifies `cal import` (docs/api.md §22, docs/migration.md) against targets that are not empty or not to be written,
// and re-runs after the source changed: terms the target already had, dry runs, the JSON lines, hidden events and
// items trashed at the source. A second real instance of the service in a child process is the source.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import { cal } from '../support/calCli.ts';
import { adminPassword, startTestService, type TestService } from '../support/testService.ts';
import { adminRequest, API, killHard, startServiceProcess, type ServiceProcess } from '../support/serviceProcess.ts';
import { seedSourceCalendar, type SeededCalendar } from './support/sourceCalendar.ts';
import { caughtUp, itemsOf, jsonLines, summaryOf } from './support/importRuns.ts';

describe('cal import into a target with items of its own, and re-runs that follow the source', function () {
  this.timeout(240_000);
  let sourceDir: string;
  let source: ServiceProcess;
  let seeded: SeededCalendar;
  let target: TestService;
  const importInto = (dir: string, ...args: string[]) =>
    cal(['--data-dir', dir, 'import', '--from', `${source.url}${API}`, ...args]);
  const signedIn = ['--user', 'admin', '--password', adminPassword, '--json'];

  before(async () => {
    sourceDir = mkdtempSync(join(tmpdir(), 'cal-import-source-'));
    source = await startServiceProcess(sourceDir);
    seeded = await seedSourceCalendar(source.url, 4);
  });
  beforeEach(async () => {
    target = await startTestService();
  });
  afterEach(async () => {
    await target?.close();
  });
  after(async () => {
    if (source) await killHard(source);
    rmSync(sourceDir, { recursive: true, force: true });
  });

  it('links a category and a tag the target already had by name and parent to them, also on re-runs', async () => {
    const filler = await target.admin('POST', `${API}/tags`, { body: { name: 'local only' } });
    const music = await target.admin('POST', `${API}/categories`, { body: { name: 'Music', description: 'Ours' } });
    const outdoor = await target.admin('POST', `${API}/tags`, { body: { name: 'Outdoor' } });
    expect([filler.status, music.status, outdoor.status]).to.deep.equal([201, 201, 201]);
    const [musicId, outdoorId] = [(music.body as { id: number }).id, (outdoor.body as { id: number }).id];
    const run = await importInto(target.dataDir, ...signedIn);
    expect(run.code, run.stderr + run.stdout.slice(-1500)).to.equal(0);
    expect(summaryOf(run.stdout).failed).to.deep.equal([]);
    const items = itemsOf(run.stdout);
    const sourceMusic = seeded.categoryIds[0] as number;
    expect(items.get(`category:${sourceMusic}`)).to.include({ result: 'matched', targetId: musicId });
    const matchedTag = [...items.values()].find((line) => line.kind === 'tag' && line.result === 'matched');
    expect(matchedTag?.targetId).to.equal(outdoorId);
    await caughtUp(target);
    // The existing term is kept as it was; the imported child hangs under it, and events link to it.
    const targetMusic = await target.admin('GET', `${API}/categories/${musicId}`);
    expect(targetMusic.body).to.include({ name: 'Music', description: 'Ours' });
    const jazzId = items.get(`category:${seeded.categoryIds[1]}`)?.targetId;
    expect((await target.admin('GET', `${API}/categories/${jazzId}`)).body).to.include({ parent: musicId });
    const concert = await target.admin('GET', `${API}/events/${seeded.eventIds[0]}`);
    const linked = concert.body as { categories: { id: number }[]; tags: { id: number }[] };
    expect(linked.categories.map((c) => c.id)).to.include(musicId);
    expect(linked.tags.map((t) => t.id)).to.include(outdoorId);
    const head = await target.service.store.headPosition();
    const again = await importInto(target.dataDir, ...signedIn);
    expect(again.code, again.stderr).to.equal(0);
    expect(summaryOf(again.stdout).counts).to.include({ created: 0, updated: 0, matched: 0, failed: 0 });
    expect(await target.service.store.headPosition()).to.equal(head);
  });

  it('with --dry-run reads everything and counts what it would create, writing nothing', async () => {
    const head = await target.service.store.headPosition();
    const run = await importInto(target.dataDir, ...signedIn, '--dry-run');
    expect(run.code, run.stderr).to.equal(0);
    expect(await target.service.store.headPosition()).to.equal(head);
    const lines = jsonLines(run.stdout);
    const planned = lines.find((line) => line.step === 'planned') as unknown as { counts: Record<string, number> };
    const total = Object.values(planned.counts).reduce((sum, count) => sum + count, 0);
    // 4 categories, 2 tags, 2 venues, 2 organizers, 5 events, 4 generated ones and a series (its occurrences with it).
    expect(total).to.equal(20);
    expect(summaryOf(run.stdout)).to.deep.include({ dryRun: true, failed: [] });
    expect(summaryOf(run.stdout).counts).to.include({ created: total, updated: 0, unchanged: 0 });
    expect((await target.admin('GET', `${API}/events/${seeded.eventIds[0]}`)).status).to.equal(404);
  });

  it('with --json prints one JSON object per line: pages read, the plan, every item, then the summary', async () => {
    const run = await importInto(target.dataDir, ...signedIn);
    expect(run.code, run.stderr).to.equal(0);
    const lines = jsonLines(run.stdout);
    expect(lines.map((line) => line.step)).to.include.members(['read', 'planned', 'item', 'summary']);
    expect(lines.at(-1)?.step).to.equal('summary');
    const planned = lines.findIndex((line) => line.step === 'planned');
    expect(lines.slice(0, planned).every((line) => line.step === 'read')).to.equal(true);
    for (const line of lines.filter((l) => l.step === 'read'))
      expect(line).to.have.all.keys('step', 'kind', 'count', 'total');
    const items = lines.filter((line) => line.step === 'item');
    expect(items.length).to.equal(summaryOf(run.stdout).counts.created);
    for (const item of items) expect(item).to.include.keys('kind', 'sourceId', 'targetId', 'result');
  });

  it('finds events hidden from listings with ids above every listed one', async () => {
    const created = await adminRequest(source.url, 'POST', '/events', {
      title: 'Hidden, and the newest',
      start_date: '2027-03-01 10:00',
      end_date: '2027-03-01 11:00',
      hide_from_listings: true,
    });
    const hiddenId = (created?.body as { id: number }).id;
    expect(hiddenId).to.be.greaterThan(Math.max(...seeded.eventIds));
    const run = await importInto(target.dataDir, ...signedIn);
    expect(run.code, run.stderr).to.equal(0);
    expect(itemsOf(run.stdout).get(`event:${hiddenId}`)).to.include({ result: 'created', targetId: hiddenId });
    await caughtUp(target);
    const copied = await target.admin('GET', `${API}/events/${hiddenId}`);
    expect(copied.body).to.include({ title: 'Hidden, and the newest', hide_from_listings: true });
  });

  it('trashes at the target what the source trashed since, on runs with credentials only', async () => {
    expect((await importInto(target.dataDir, ...signedIn)).code).to.equal(0);
    const workshop = seeded.eventIds[5] as number;
    const concert = (await adminRequest(source.url, 'GET', `/events/${seeded.eventIds[0]}`))?.body as {
      organizer: { id: number; organizer: string }[];
    };
    const guild = concert.organizer.find((o) => o.organizer === 'Writers Guild')?.id as number;
    expect((await adminRequest(source.url, 'DELETE', `/events/${workshop}`))?.status).to.equal(200);
    expect((await adminRequest(source.url, 'DELETE', `/organizers/${guild}`))?.status).to.equal(200);
    const trashedBy = (stdout: string) =>
      [...itemsOf(stdout).values()].filter((l) => l.result === 'trashed').map((l) => `${l.kind}:${l.sourceId}`);
    // Anonymous: a draft is as absent as a trashed item, so nothing is trashed.
    const anonymous = await importInto(target.dataDir, '--json');
    expect(trashedBy(anonymous.stdout)).to.deep.equal([]);
    const run = await importInto(target.dataDir, ...signedIn);
    expect(run.code, run.stderr).to.equal(0);
    expect(trashedBy(run.stdout).sort()).to.deep.equal([`event:${workshop}`, `organizer:${guild}`].sort());
    await caughtUp(target);
    const gone = await target.admin('GET', `${API}/events/${workshop}`);
    expect(gone.body).to.include({ code: 'event-no-longer-available' });
    expect((await target.admin('GET', `${API}/organizers/${guild}`)).body).to.include({ status: 'trash' });
    const linked = (await target.admin('GET', `${API}/events/${seeded.eventIds[0]}`)).body as typeof concert;
    expect(linked.organizer.map((o) => o.organizer)).to.deep.equal(['Jazz Club']);
    const head = await target.service.store.headPosition();
    const again = await importInto(target.dataDir, ...signedIn);
    expect(trashedBy(again.stdout)).to.deep.equal([]);
    expect(await target.service.store.headPosition()).to.equal(head);
    // Restored at the source: the next run restores it at the target.
    expect((await adminRequest(source.url, 'PATCH', `/events/${workshop}`, { status: 'pending' }))?.status).to.equal(
      200,
    );
    const restored = await importInto(target.dataDir, ...signedIn);
    expect(itemsOf(restored.stdout).get(`event:${workshop}`)).to.include({ result: 'updated' });
    await caughtUp(target);
    expect((await target.admin('GET', `${API}/events/${workshop}`)).body).to.include({ status: 'pending' });
  });
});
