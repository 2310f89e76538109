// The service under test as its own process (`scripts/start.mjs`, started like `npm start`), with the times a
// restart takes: until it listens, until /ready answers 200, and until the read model holds every stored event.
import type { ChildProcessWithoutNullStreams } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { anonymousRssMegabytes, rssMegabytes, spawnNode, stopChild, waitForOutput } from './nodeProcesses.ts';

export const benchAdminPassword = 'bench-password';
export const benchAdminAuth = `Basic ${Buffer.from(`admin:${benchAdminPassword}`).toString('base64')}`;

export interface StartTimes {
  /** From spawn to the "listening on" line. */
  readonly listeningMs: number;
  /** From spawn to the first 200 of /ready (the projection lags by at most its allowed seconds). */
  readonly readyMs: number;
  /** From spawn to /ready reporting no unapplied event at all. */
  readonly caughtUpMs: number;
}

export interface ServiceProcess {
  readonly origin: string;
  readonly pid: number;
  readonly times: StartTimes;
  rssMegabytes(): number;
  anonymousRssMegabytes(): number;
  stop(): Promise<void>;
  /** SIGKILL: no drain, no snapshot at the stop. */
  kill(): Promise<void>;
}

interface ReadyBody {
  readonly checks?: { readonly projection?: { readonly lag_events?: number } };
}

/** Polls /ready every 20 ms (cheap next to a catch-up); `deadlineMs` bounds the whole start. */
async function waitUntilReady(
  origin: string,
  startedAt: number,
  deadlineMs: number,
): Promise<{ readyMs: number; caughtUpMs: number }> {
  let readyMs: number | undefined;
  while (performance.now() - startedAt < deadlineMs) {
    const response = await fetch(`${origin}/ready`).catch(() => undefined);
    if (response?.status === 200) {
      readyMs ??= performance.now() - startedAt;
      const body = (await response.json()) as ReadyBody;
      if (body.checks?.projection?.lag_events === 0) return { readyMs, caughtUpMs: performance.now() - startedAt };
    } else {
      await response?.arrayBuffer();
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`the service was not ready and caught up within ${deadlineMs} ms`);
}

/**
 * `env`: variables for this service beyond the bench's own (they win over the caller's environment). `stdoutFile`:
 * where the service's stdout is copied (V8's `--trace-gc*` lines go there), none: nowhere.
 */
export async function startServiceProcess(
  nodeFlags: readonly string[],
  dataDir: string,
  deadlineMs: number,
  env: NodeJS.ProcessEnv = {},
  stdoutFile?: string,
): Promise<ServiceProcess> {
  const startedAt = performance.now();
  const child: ChildProcessWithoutNullStreams = spawnNode('service', nodeFlags, ['scripts/start.mjs'], {
    PORT: '0',
    HOST: '127.0.0.1',
    CAL_DATA_DIR: dataDir,
    CAL_ADMIN_PASSWORD: benchAdminPassword,
    CAL_PUBLIC_URL: 'http://localhost:8080',
    // The embedded default is what is measured, whatever the caller's environment points at.
    CAL_EVENTSTORE_URL: undefined,
    CAL_MONGODB_URL: undefined,
    LOG_LEVEL: 'warn',
    ...env,
  });
  if (stdoutFile) child.stdout.pipe(createWriteStream(stdoutFile));
  try {
    const match = await waitForOutput(child, /listening on (http:\/\/[^/\s]+)/, deadlineMs, 'the service');
    const listeningMs = performance.now() - startedAt;
    const origin = match[1] as string;
    const { readyMs, caughtUpMs } = await waitUntilReady(origin, startedAt, deadlineMs);
    return {
      origin,
      pid: child.pid as number,
      times: { listeningMs, readyMs, caughtUpMs },
      rssMegabytes: () => rssMegabytes(child.pid as number),
      anonymousRssMegabytes: () => anonymousRssMegabytes(child.pid as number),
      stop: () => stopChild(child),
      kill: async () => {
        const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
        if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
        await exited;
      },
    };
  } catch (error) {
    await stopChild(child, 2_000);
    throw error;
  }
}
