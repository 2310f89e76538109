// Specifies SIGTERM on `npm start`'s process: in-flight writes finish or fail cleanly, nothing acknowledged is lost,
// and open change feeds do not hold the exit.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import { adminAuth } from '../support/testService.ts';
import { startServiceProcess, type ServiceProcess } from '../support/serviceProcess.ts';
import { openSse, waitFor } from '../support/sseClient.ts';

const API = '/cal/events/v1';
const concurrentWrites = 30;
const lateWrites = 10;
/** Far above every deadline below: an exit within those deadlines means the drain finished, not that it was cut. */
const graceMs = 60_000;
/** Generous for a loaded machine; a drain stuck until the grace period ends would still miss it by far. */
const exitDeadlineMs = 20_000;

const startProcess = (dataDir: string): Promise<ServiceProcess> =>
  startServiceProcess(dataDir, { CAL_SHUTDOWN_GRACE_MS: String(graceMs), LOG_LEVEL: 'silent' });

/** Resolves with `promise`, or fails naming `what` once `ms` passed. */
async function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>(
    (_, reject) => (timer = setTimeout(() => reject(new Error(`${what}: not within ${ms} ms`)), ms)),
  );
  try {
    return await Promise.race([promise, late]);
  } finally {
    clearTimeout(timer);
  }
}

/** How one write ended, seen from the client. */
type Outcome =
  | { readonly kind: 'answered'; readonly status: number; readonly body: string }
  /** The connection was refused, reset or closed before a response: the client knows the write was not acknowledged. */
  | { readonly kind: 'connection failed'; readonly error: string }
  /** A status line arrived but its body was cut off: a broken answer, never acceptable. */
  | { readonly kind: 'truncated'; readonly status: number };

async function createEvent(url: string, index: number): Promise<Outcome> {
  let response: Response;
  try {
    response = await fetch(`${url}${API}/events`, {
      method: 'POST',
      headers: { authorization: adminAuth, 'content-type': 'application/json' },
      body: JSON.stringify({
        title: `Shutdown write ${index}`,
        start_date: '2026-12-01 10:00:00',
        end_date: '2026-12-01 11:00:00',
      }),
      signal: AbortSignal.timeout(exitDeadlineMs * 2),
    });
  } catch (error) {
    return { kind: 'connection failed', error: String((error as { cause?: unknown }).cause ?? error) };
  }
  try {
    return { kind: 'answered', status: response.status, body: await response.text() };
  } catch {
    return { kind: 'truncated', status: response.status };
  }
}

describe('graceful shutdown of the service process (SIGTERM)', function () {
  this.timeout(120_000);
  const dirs: string[] = [];
  const processes: ServiceProcess[] = [];
  const freshDir = () => {
    const dir = mkdtempSync(join(tmpdir(), 'cal-shutdown-'));
    dirs.push(dir);
    return dir;
  };
  const start = async (dir: string) => {
    const started = await startProcess(dir);
    processes.push(started);
    return started;
  };

  after(async () => {
    for (const { child, exited } of processes) {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGKILL');
        await exited;
      }
    }
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  it('lets in-flight writes finish or fail at the connection, exits 0, and loses nothing it acknowledged', async () => {
    const dir = freshDir();
    const service = await start(dir);
    const writes = Array.from({ length: concurrentWrites }, (_, index) => createEvent(service.url, index));
    // Signalled while the other writes are still in flight.
    await Promise.race(writes);
    service.child.kill('SIGTERM');
    // And more sent after it: they land on kept-alive connections or find the listener closed.
    writes.push(
      ...Array.from({ length: lateWrites }, (_, index) => createEvent(service.url, concurrentWrites + index)),
    );

    const exit = await within(service.exited, exitDeadlineMs, 'exit after SIGTERM');
    expect(exit, service.output()).to.deep.equal({ code: 0, signal: null });
    const outcomes = await within(Promise.all(writes), exitDeadlineMs, 'every write settled');

    const answered = outcomes.filter((o) => o.kind === 'answered');
    expect(
      outcomes.filter((o) => o.kind === 'truncated'),
      'answers cut off after their status',
    ).to.deep.equal([]);
    expect(
      answered.filter((o) => o.status !== 201).map((o) => `${o.status} ${o.body}`),
      'answers other than 201',
    ).to.deep.equal([]);
    expect(answered.length, 'the write answered before the signal').to.be.at.least(1);
    const acknowledged = answered.map((o) => JSON.parse(o.body) as { id: number; title: string });

    const restarted = await start(dir);
    for (const event of acknowledged) {
      const read = await fetch(`${restarted.url}${API}/events/${event.id}`);
      expect(read.status, `acknowledged event ${event.id} after the restart`).to.equal(200);
      expect(((await read.json()) as { title: string }).title).to.equal(event.title);
    }
    restarted.child.kill('SIGTERM');
    expect(await within(restarted.exited, exitDeadlineMs, 'exit of the restarted service')).to.deep.equal({
      code: 0,
      signal: null,
    });
  });

  it('ends open change feeds instead of waiting for them: exits 0 well within the grace period', async () => {
    const service = await start(freshDir());
    const created = await fetch(`${service.url}${API}/events`, {
      method: 'POST',
      headers: { authorization: adminAuth, 'content-type': 'application/json' },
      body: JSON.stringify({ title: 'Followed', start_date: '2026-12-01 10:00:00', end_date: '2026-12-01 11:00:00' }),
    });
    expect(created.status).to.equal(201);
    const feed = await openSse(`${service.url}${API}/changes?from=start`, { authorization: adminAuth });
    expect(feed.status).to.equal(200);
    await waitFor(() => feed.messages.length >= 1, 'the feed to replay the stored change');

    service.child.kill('SIGTERM');
    const exit = await within(service.exited, exitDeadlineMs, 'exit with an open change feed');
    expect(exit, service.output()).to.deep.equal({ code: 0, signal: null });
    await within(feed.ended, exitDeadlineMs, 'the feed to end');
  });
});
