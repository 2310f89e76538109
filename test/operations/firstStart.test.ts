// Specifies the first start of `npm start` as a person meets it: a port in use is one clear line, an exit code, and
// nothing written; the next start creates the administrator and shows its password.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import { bootstrapAdmin } from '../../src/commands/users/bootstrapAdmin.ts';
import { toNewEvent } from '../../src/events/catalogue/envelope.ts';
import { NoStream } from '../../src/events/eventStore.ts';
import { systemWrite } from '../../src/commands/registries/systemWrite.ts';
import { CredentialChecker } from '../../src/http/auth/basicAuth.ts';
import { UserDirectory } from '../../src/projections/users/userDirectory.ts';
import { openTempStore } from '../support/tempStore.ts';
import { ensureBuilt } from '../../scripts/ensureBuilt.mjs';

interface Started {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/** Runs what `npm start` runs until it prints `until` (then stops it with SIGTERM) or exits by itself. */
function runMain(env: Record<string, string>, until: RegExp): Promise<Started> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['scripts/start.mjs'], {
      env: { PATH: process.env.PATH, TMPDIR: tmpdir(), LOG_LEVEL: 'silent', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    const kill = setTimeout(() => child.kill('SIGKILL'), 60_000);
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      if (until.test(stdout)) child.kill('SIGTERM');
    });
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code) => {
      clearTimeout(kill);
      resolve({ code, stdout, stderr });
    });
  });
}

describe('the first start', function () {
  this.timeout(120_000);
  // Compiled beforehand, so that what the start prints is only the start's own (see compiledStart.test.ts).
  before(() => expect(ensureBuilt()).to.equal(true));
  let dir: string;
  let blocker: Server;
  let port: number;
  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'cal-first-start-'));
    blocker = createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    port = (blocker.address() as { port: number }).port;
  });
  afterEach(async () => {
    await new Promise<void>((resolve) => blocker.close(() => resolve()));
    rmSync(dir, { recursive: true, force: true });
  });

  it(
    'on a port in use prints one line, exits 1 and writes nothing; the next start shows the ' + 'generated password',
    async () => {
      const dataDir = join(dir, 'data');
      const env = { PORT: String(port), HOST: '127.0.0.1', CAL_DATA_DIR: dataDir };
      const taken = await runMain(env, /listening/);
      expect(taken.code).to.equal(1);
      expect(taken.stderr.trim().split('\n')).to.deep.equal([
        `Cannot start: 127.0.0.1:${port} is already in use by another process. Stop it, or set PORT to a free port.`,
      ]);
      expect(taken.stdout).to.equal('');
      expect(existsSync(dataDir), 'the data directory').to.equal(false);

      await new Promise<void>((resolve) => blocker.close(() => resolve()));
      blocker = createServer(); // for afterEach
      await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
      const started = await runMain(env, /password "[^"]+"/);
      expect(started.stdout).to.match(/First start: administrator login "admin", password "[A-Za-z0-9_-]{20,}"/);
    },
  );

  it('honours CAL_ADMIN_PASSWORD on the start after one that failed on a taken port', async () => {
    const env = {
      PORT: String(port),
      HOST: '127.0.0.1',
      CAL_DATA_DIR: join(dir, 'data'),
      CAL_ADMIN_PASSWORD: 'chosen-secret',
    };
    expect((await runMain(env, /listening/)).code).to.equal(1);
    await new Promise<void>((resolve) => blocker.close(() => resolve()));
    blocker = createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    const started = await runMain(env, /CAL_ADMIN_PASSWORD/);
    expect(started.stdout).to.include(
      'First start: administrator login "admin" with the password from CAL_ADMIN_PASSWORD',
    );
  });
});

describe('bootstrapAdmin after a first start that died half-way', () => {
  it('registers the administrator when an earlier start claimed the first start but registered no one', async () => {
    const temp = await openTempStore();
    try {
      await temp.store.append(
        'bootstrap-admin',
        [toNewEvent({ type: 'AdminBootstrapClaimed', data: {} }, systemWrite())],
        NoStream,
      );
      const result = await bootstrapAdmin(temp.store, undefined);
      expect(result.created).to.equal(true);
      const checker = new CredentialChecker(new UserDirectory(temp.store));
      expect(await checker.check('admin', result.generatedPassword as string)).to.include({
        kind: 'user',
        role: 'administrator',
      });
      expect(await bootstrapAdmin(temp.store, 'again')).to.deep.equal({ created: false });
    } finally {
      await temp.dispose();
    }
  });
});
