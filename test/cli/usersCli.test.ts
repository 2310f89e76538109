// Specifies `cal users …` as operators run it: the real CLI in a child process, beside a running service on the same
// data.
import { rmSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import { cal } from '../support/calCli.ts';
import { startTestService, type TestService } from '../support/testService.ts';

const API = '/cal/events/v1';
const newEvent = { title: 'Provisioned', start_date: '2026-12-01 10:00:00', end_date: '2026-12-01 11:00:00' };
/** Longer than the directory's freshness window and unknown-login refresh interval (500 ms each). */
const propagation = 600;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const basic = (login: string, password: string) => `Basic ${Buffer.from(`${login}:${password}`).toString('base64')}`;

describe('cal users (CLI beside a running service)', function () {
  this.timeout(60_000);
  let dir: string;
  let t: TestService;
  const users = (...args: string[]) => cal(['--data-dir', dir, 'users', ...args]);
  const create = (auth: string) => t.request('POST', `${API}/events`, { body: newEvent, auth });

  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'cal-cli-'));
    t = await startTestService({}, dir);
  });
  after(async () => {
    await t.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('adds an editor who can create events within the directory refresh interval, without a restart', async () => {
    const run = await users('add', 'erin', '--role', 'editor', '--password', 'erin-pw');
    expect(run, run.stderr).to.include({ code: 0 });
    expect(run.stdout).to.include('Added user "erin" (id 2, role editor).');
    expect(run.stdout).to.not.include('erin-pw');
    // Unknown logins re-read the directory at most every 500 ms: one the service looked up just before may wait that.
    await pause(propagation);
    expect((await create(basic('erin', 'erin-pw'))).status).to.equal(201);
  });

  it('adds a subscriber with a generated password printed once; creating is 403 until promoted, then 201', async () => {
    const run = await users('add', 'sam', '--role', 'subscriber');
    expect(run, run.stderr).to.include({ code: 0 });
    const password = /Password \(shown once, stored hashed\): (\S+)/.exec(run.stdout)?.[1] ?? '';
    expect(password).to.have.length.greaterThan(16);
    const sam = basic('sam', password);
    await pause(propagation);
    expect((await create(sam)).status).to.equal(403);

    expect(await users('set-role', 'sam', 'editor')).to.include({ code: 0, stdout: 'User "sam" is now editor.\n' });
    await pause(propagation);
    expect((await create(sam)).status).to.equal(201);
  });

  it('revokes a password: the next request is 401 incorrect_password', async () => {
    expect((await create(basic('erin', 'erin-pw'))).status).to.equal(201);
    expect(await users('revoke-password', 'erin')).to.include({ code: 0, stdout: 'Password of "erin" revoked.\n' });
    await pause(propagation);
    const refused = await create(basic('erin', 'erin-pw'));
    expect(refused.status).to.equal(401);
    expect(refused.body).to.deep.include({ code: 'incorrect_password' });
  });

  it('lists logins, ids, roles and whether a password is set', async () => {
    const run = await users('list');
    expect(run, run.stderr).to.include({ code: 0 });
    expect(
      run.stdout
        .trimEnd()
        .split('\n')
        .map((line) => line.split(/\s+/)),
    ).to.deep.equal([
      ['LOGIN', 'ID', 'ROLE', 'PASSWORD'],
      ['admin', '1', 'administrator', 'set'],
      ['erin', '2', 'editor', 'revoked'],
      ['sam', '3', 'editor', 'set'],
    ]);
  });

  it('fails with exit code 1 for a taken login or an unknown one, writing nothing', async () => {
    const head = await t.service.store.headPosition();
    const taken = await users('add', 'ADMIN', '--role', 'editor', '--password', 'x');
    expect(taken).to.include({ code: 1, stdout: '' });
    expect(taken.stderr).to.include('login "ADMIN" is taken');
    const unknown = await users('set-role', 'ghost', 'editor');
    expect(unknown).to.include({ code: 1 });
    expect(unknown.stderr).to.include('no user with login "ghost"');
    expect(await t.service.store.headPosition()).to.equal(head);
  });

  it('refuses wrong usage with exit code 2 and a pointer to --help', async () => {
    const role = await users('add', 'zed', '--role', 'owner');
    expect(role).to.include({ code: 2 });
    expect(role.stderr).to.include(
      'unknown role "owner" (one of administrator, editor, author, contributor, subscriber)',
    );
    expect(role.stderr).to.include('cal --help');
    expect(await users('frobnicate')).to.include({ code: 2 });
    expect(await users('set-role', 'sam')).to.include({ code: 2 });
  });

  it('prints its help with exit code 0', async () => {
    const help = await cal(['--help']);
    expect(help.code).to.equal(0);
    expect(help.stdout).to.include('users add <login> --role <role>');
    expect(help.stdout).to.include('users revoke-password <login>');
  });
});
