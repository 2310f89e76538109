// Two service processes on one embedded data directory: ids and slugs stay unique, no acknowledged write is lost, and
// If-Match holds across processes.
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
    env: {
      ...process.env,
      PORT: '0',
      CAL_DATA_DIR: dataDir,
      CAL_ADMIN_PASSWORD: adminPassword,
      CAL_PUBLIC_URL: 'http://localhost:8080',
      LOG_LEVEL: 'silent',
    },
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
    body: JSON.stringify({
      title: 'Shared title',
      start_date: `2026-12-${String((index % 28) + 1).padStart(2, '0')} 10:00:00`,
      end_date: `2026-12-${String((index % 28) + 1).padStart(2, '0')} 11:00:00`,
    }),
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

/** An admin request to one instance: its status, ETag and parsed body. */
async function adminCall(
  instance: Instance,
  method: string,
  path: string,
  headers: Record<string, string> = {},
  body?: unknown,
) {
  const response = await fetch(`${instance.url}${API}${path}`, {
    method,
    headers: {
      authorization: adminAuth,
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...headers,
    },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  const text = await response.text();
  return {
    status: response.status,
    etag: response.headers.get('etag'),
    body: (text ? JSON.parse(text) : undefined) as Record<string, unknown>,
  };
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

  it(
    'gives concurrent creates on both instances distinct ids and distinct slugs, and both ' + 'instances list them all',
    async () => {
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
        // Each instance projects the other's appends through its polling subscription; pages read while it still
        // catches up can shift, so wait for the exact list.
        expect(
          await eventually(
            () => listedIds(instance),
            (listed) => listed.join() === expected.join(),
          ),
        ).to.deep.equal(expected);
      }
    },
  );

  it(
    'gives exactly one of many If-Match updates of one event, sent at once through both ' +
      'instances, a 200; the rest 412',
    async () => {
      const [first, second] = instances as [Instance, Instance];
      const contenders = 40;
      const made = await adminCall(
        first,
        'POST',
        '/events',
        {},
        { title: 'Contested across processes', start_date: '2026-12-10 10:00:00', end_date: '2026-12-10 11:00:00' },
      );
      expect(made.status).to.equal(201);
      const path = `/events/${made.body.id as number}`;
      // Both instances must know the event before the race, or the slower one would answer 404 instead of taking part.
      const seen = await eventually(
        () => adminCall(second, 'GET', path),
        (r) => r.status === 200,
      );
      expect(seen.etag).to.equal(made.etag);
      const etag = made.etag as string;

      const responses = await Promise.all(
        Array.from({ length: contenders }, (_, i) =>
          adminCall(
            i % 2 === 0 ? first : second,
            'PATCH',
            path,
            { 'if-match': etag },
            { title: `Won by contender ${i}` },
          ),
        ),
      );
      const statuses = responses.map((r) => r.status);
      expect(statuses.filter((s) => s === 200).length, `statuses ${statuses.join(',')}`).to.equal(1);
      expect(statuses.filter((s) => s === 412).length, `statuses ${statuses.join(',')}`).to.equal(contenders - 1);
      for (const lost of responses.filter((r) => r.status === 412)) {
        expect(lost.body).to.deep.equal({
          code: 'rest_precondition_failed',
          message: 'The resource has changed since the revision given in If-Match.',
          data: { status: 412 },
        });
      }
      const winner = statuses.indexOf(200);
      expect(responses[winner]?.etag).to.equal('W/"1"');
      for (const instance of instances) {
        const read = await eventually(
          () => adminCall(instance, 'GET', path),
          (r) => r.etag === 'W/"1"',
        );
        expect(read.etag).to.equal('W/"1"');
        expect(read.body.title).to.equal(`Won by contender ${winner}`);
        // The stream holds the creation and exactly one update: no loser appended behind the winner.
        const history = await adminCall(instance, 'GET', `${path}/history`);
        expect(history.body.total).to.equal(2);
      }
    },
  );
});
