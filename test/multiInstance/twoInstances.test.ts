// Two service processes on one embedded data directory: ids and slugs stay unique and no acknowledged write is lost.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import { adminAuth, adminPassword } from '../support/testService.ts';

const API = '/cal/events/v1';
const perInstance = 40;

interface Instance {
  readonly child: ChildProcess;
  readonly url: string;
}

/** Starts `npm start`'s entry point and resolves with its address once it prints that it listens. */
function startInstance(dataDir: string): Promise<Instance> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    env: { ...process.env, PORT: '0', CAL_DATA_DIR: dataDir, CAL_ADMIN_PASSWORD: adminPassword, CAL_PUBLIC_URL: 'http://localhost:8080', LOG_LEVEL: 'silent' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return new Promise((resolve, reject) => {
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /listening on (http:\/\/[^/\s]+)/.exec(output);
      if (match?.[1]) resolve({ child, url: match[1] });
    });
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', (code) => reject(new Error(`instance exited with ${code}: ${output}`)));
  });
}

async function stopInstance(instance: Instance): Promise<void> {
  if (instance.child.exitCode !== null) return;
  const exited = new Promise((resolve) => instance.child.once('exit', resolve));
  instance.child.kill('SIGTERM');
  await exited;
}

async function create(instance: Instance, index: number): Promise<{ status: number; id: number; slug: string }> {
  const response = await fetch(`${instance.url}${API}/events`, {
    method: 'POST',
    headers: { authorization: adminAuth, 'content-type': 'application/json' },
    body: JSON.stringify({ title: 'Shared title', start_date: `2026-12-${String((index % 28) + 1).padStart(2, '0')} 10:00:00`, end_date: `2026-12-${String((index % 28) + 1).padStart(2, '0')} 11:00:00` }),
  });
  const body = (await response.json()) as { id: number; slug: string };
  return { status: response.status, id: body.id, slug: body.slug };
}

/** Ids of every event one instance lists, reading all pages. */
async function listedIds(instance: Instance): Promise<number[]> {
  const ids: number[] = [];
  for (let page = 1; ; page++) {
    const response = await fetch(`${instance.url}${API}/events?per_page=50&page=${page}`);
    if (response.status !== 200) break;
    const body = (await response.json()) as { events: { id: number }[]; total_pages: number };
    ids.push(...body.events.map((event) => event.id));
    if (page >= body.total_pages) break;
  }
  return ids.sort((a, b) => a - b);
}

async function eventually<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('two service processes on one data directory', function () {
  this.timeout(120_000);
  let dir: string;
  let instances: Instance[] = [];

  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'cal-two-'));
    // The first start bootstraps the admin; the second finds it claimed.
    instances = [await startInstance(dir)];
    instances.push(await startInstance(dir));
  });
  after(async () => {
    await Promise.all(instances.map(stopInstance));
    rmSync(dir, { recursive: true, force: true });
  });

  it('gives concurrent creates on both instances distinct ids and distinct slugs, and both instances list them all', async () => {
    const [first, second] = instances as [Instance, Instance];
    const results = await Promise.all(
      Array.from({ length: perInstance * 2 }, (_, index) => create(index % 2 === 0 ? first : second, index)),
    );
    expect(results.map((r) => r.status)).to.deep.equal(results.map(() => 201));
    const ids = results.map((r) => r.id);
    expect(new Set(ids).size, 'distinct ids').to.equal(ids.length);
    const slugs = results.map((r) => r.slug);
    expect(new Set(slugs).size, 'distinct slugs').to.equal(slugs.length);
    expect(slugs).to.include('shared-title');
    const expected = [...ids].sort((a, b) => a - b);
    for (const instance of instances) {
      // Each instance projects the other's appends through its polling subscription.
      expect(await eventually(() => listedIds(instance), (listed) => listed.length >= expected.length)).to.deep.equal(expected);
    }
  });
});
