// Runs `npm start`'s entry point as a child process on a data dir, as an operator would, and talks to it over HTTP.
import { spawn, type ChildProcess } from 'node:child_process';
import { adminAuth, adminPassword } from './testService.ts';

export const API = '/cal/events/v1';

export interface Exit {
  readonly code: number | null;
  readonly signal: NodeJS.Signals | null;
}

export interface ServiceProcess {
  readonly child: ChildProcess;
  readonly url: string;
  /** `performance.now()` when the process was spawned and when it printed that it listens. */
  readonly spawnedAt: number;
  readonly listeningAt: number;
  /** Settles when the process ended, however it ended. */
  readonly exited: Promise<Exit>;
  /** Everything it printed, for failure messages. */
  output(): string;
}

/** Resolves once the service prints its address; rejects with its output when it exits or stays silent too long. */
export function startServiceProcess(
  dataDir: string,
  env: Record<string, string> = {},
  startDeadlineMs = 60_000,
): Promise<ServiceProcess> {
  const spawnedAt = performance.now();
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    env: {
      ...process.env,
      PORT: '0',
      CAL_DATA_DIR: dataDir,
      CAL_ADMIN_PASSWORD: adminPassword,
      CAL_PUBLIC_URL: 'http://localhost:8080',
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise<Exit>((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`service did not listen within ${startDeadlineMs} ms: ${output}`));
    }, startDeadlineMs);
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /listening on (http:\/\/[^/\s]+)/.exec(output);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve({ child, url: match[1], spawnedAt, listeningAt: performance.now(), exited, output: () => output });
      }
    });
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    void exited.then((exit) => {
      clearTimeout(timer);
      reject(new Error(`service exited with ${exit.code ?? exit.signal} before listening: ${output}`));
    });
  });
}

/** SIGKILL: no drain, no close; what lmdb committed and fsynced is all that survives. */
export async function killHard(service: ServiceProcess): Promise<Exit> {
  if (service.child.exitCode === null && service.child.signalCode === null) service.child.kill('SIGKILL');
  return service.exited;
}

export interface Answer {
  readonly status: number;
  readonly headers: Headers;
  readonly body: unknown;
}

/** One API request as the administrator; a connection that fails (the service was killed) resolves to undefined. */
export async function adminRequest(
  url: string,
  method: string,
  path: string,
  body?: unknown,
  timeoutMs = 30_000,
): Promise<Answer | undefined> {
  try {
    const response = await fetch(`${url}${API}${path}`, {
      method,
      headers: { authorization: adminAuth, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      signal: AbortSignal.timeout(timeoutMs),
    });
    const text = await response.text();
    return { status: response.status, headers: response.headers, body: parsed(text) };
  } catch {
    return undefined;
  }
}

function parsed(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** Polls until `condition` holds; fails naming `what` after `deadlineMs` (generous: the machine may be loaded). */
export async function eventually<T>(
  what: string,
  probe: () => Promise<T | undefined>,
  deadlineMs = 30_000,
  everyMs = 50,
): Promise<T> {
  const deadline = performance.now() + deadlineMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (performance.now() > deadline) throw new Error(`${what}: not within ${deadlineMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}
