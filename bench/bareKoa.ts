// The bare Koa reference of every ratio: its server runs as its own process, started like the service, and is pointed
// at a body size per scenario (the size of the scenario's real response, measured first).
import type { ChildProcessWithoutNullStreams } from 'node:child_process';
import { spawnNode, stopChild, waitForOutput } from './nodeProcesses.ts';

const frame = '{"pad":""}';

/** `{"pad":"xxx…"}` of exactly `bytes` bytes (never less than the frame and one character). */
export function jsonBodyOfSize(bytes: number): Buffer {
  return Buffer.from(`{"pad":"${'x'.repeat(Math.max(1, bytes - frame.length))}"}`);
}

export interface BareKoa {
  readonly origin: string;
  readonly pid: number;
  /** The path whose answer is a static JSON body of `bytes` bytes. */
  pathFor(bytes: number): string;
  stop(): Promise<void>;
}

export async function startBareKoa(nodeFlags: readonly string[]): Promise<BareKoa> {
  const child: ChildProcessWithoutNullStreams = spawnNode('bare koa', nodeFlags, ['bench/bareKoaServer.ts'], {});
  const match = await waitForOutput(child, /listening on (http:\/\/[^\s]+)/, 60_000, 'the bare Koa server');
  return {
    origin: match[1] as string,
    pid: child.pid as number,
    pathFor: (bytes) => `/bare/${bytes}`,
    stop: () => stopChild(child),
  };
}
