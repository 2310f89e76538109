// Specifies `cal audit <stream>` as auditors run it: the real CLI in a child process, beside a running service.
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import { cal } from '../support/calCli.ts';
import { startTestService, type TestService } from '../support/testService.ts';

const API = '/cal/events/v1';

describe('cal audit (CLI beside a running service)', function () {
  this.timeout(60_000);
  let dir: string;
  let t: TestService;
  let stream: string;
  let path: string;
  const audit = (...args: string[]) => cal(['--data-dir', dir, 'audit', ...args]);

  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'cal-audit-'));
    t = await startTestService({}, dir);
    const created = await t.admin('POST', `${API}/events`, {
      body: { title: 'Audited', start_date: '2026-12-01 10:00:00', end_date: '2026-12-01 11:00:00' },
      headers: { 'x-correlation-id': 'audit-corr', 'x-request-id': 'audit-req' },
    });
    const id = (created.body as { id: number }).id;
    stream = `event-${id}`;
    path = `${API}/events/${id}`;
    t.setNow(new Date('2026-11-22T11:00:00Z'));
    await t.admin('PATCH', path, { body: { title: 'Audited twice' } });
    await t.admin('PATCH', path, { body: { password: 'open-sesame' } });
  });
  after(async () => {
    await t.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('prints one block per event with its metadata and `field: before → after` lines', async () => {
    const run = await audit(stream);
    expect(run, run.stderr).to.include({ code: 0 });
    const blocks = run.stdout.trimEnd().split('\n\n');
    expect(blocks).to.have.length(3);
    const [created, retitled, protectedBlock] = blocks.map((block) => block.split('\n'));
    expect(created?.[0]).to.match(/^revision 0 {2}position \d+ {2}EventScheduled \(schema 2\)$/);
    expect(created?.[1]).to.equal(
      '  occurred 2026-11-22T10:52:28.000Z  actor 1  correlation audit-corr  causation audit-req',
    );
    expect(created).to.include('  title: null → "Audited"');
    expect(retitled?.slice(2)).to.deep.equal(['  title: "Audited" → "Audited twice"']);
    expect(protectedBlock?.slice(2)).to.deep.equal(['  passwordHash: null → "[redacted]"']);
    expect(run.stdout).to.not.include(createHash('sha256').update('open-sesame').digest('hex'));
  });

  it('--json prints one object per line, the same entries the HTTP history gives', async () => {
    const run = await audit(stream, '--json');
    expect(run, run.stderr).to.include({ code: 0 });
    const lines = run.stdout
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line) as unknown);
    const http = await t.admin('GET', `${path}/history`);
    expect(lines).to.deep.equal((http.body as { history: unknown[] }).history);
  });

  it('--from and --to select revisions, inclusive', async () => {
    const run = await audit(stream, '--from', '1', '--to', '1', '--json');
    expect(
      run.stdout
        .trimEnd()
        .split('\n')
        .map((line) => (JSON.parse(line) as { revision: number }).revision),
    ).to.deep.equal([1]);
    const tail = await audit(stream, '--from', '2');
    expect(tail.stdout).to.match(/^revision 2 /);
    expect(tail.stdout).to.not.include('revision 1 ');
  });

  it('streams without a document show their data, secrets redacted', async () => {
    const run = await audit('user-1');
    expect(run, run.stderr).to.include({ code: 0 });
    expect(run.stdout).to.include('UserRegistered');
    expect(run.stdout).to.include('"passwordHash":"[redacted]"');
    expect(run.stdout).to.not.include('$argon2');
  });

  it('exits 1 with one line for a stream without events or a range past its end', async () => {
    const unknown = await audit('event-424242');
    expect(unknown).to.include({ code: 1, stdout: '', stderr: 'cal: stream "event-424242" has no events\n' });
    const past = await audit(stream, '--from', '9');
    expect(past.code).to.equal(1);
    expect(past.stderr).to.include('has no events in revisions 9..end (its last revision is 2)');
  });

  it('exits 2 for wrong usage', async () => {
    for (const args of [
      ['--from', 'one'],
      ['--to', '-1'],
      ['--from', '3', '--to', '1'],
      ['--role', 'editor'],
    ]) {
      const run = await audit(stream, ...args);
      expect(run.code, args.join(' ')).to.equal(2);
      expect(run.stderr).to.include('cal --help');
    }
    expect((await audit()).code).to.equal(2);
    expect((await audit(stream, 'extra')).code).to.equal(2);
  });

  it('is described in the help', async () => {
    expect((await cal(['--help'])).stdout).to.include('audit <stream> [--from <rev>] [--to <rev>] [--json]');
  });
});
