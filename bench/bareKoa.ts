// The bare Koa reference of every ratio: its server runs as its own process, started like the service, and answers a
// copy of the scenario's real answer (its body and headers, taken by the probe) from one Koa route.
import type { ChildProcessWithoutNullStreams } from 'node:child_process';
import { spawnNode, stopChild, waitForOutput } from './nodeProcesses.ts';

const frame = '{"pad":""}';

/** `{"pad":"xxx…"}` of exactly `bytes` bytes (never less than the frame and one character). */
export function jsonBodyOfSize(bytes: number): Buffer {
  return Buffer.from(`{"pad":"${'x'.repeat(Math.max(1, bytes - frame.length))}"}`);
}

/**
 * An answer the bare server gives as it is: the body's very bytes and the headers in order. Koa and Node set the
 * framing headers themselves (`copiedHeaders` leaves them out); the status is always 200, so that the load generator
 * counts the copy of a 201 or a 304 as an answer.
 */
export interface CopiedAnswer {
  readonly headers: readonly (readonly [string, string])[];
  readonly body: Buffer;
}

/** Set by Node or Koa on every answer, or framing this one answer: never copied. */
const framing = /^(?:date|connection|keep-alive|content-length|transfer-encoding)$/i;

/** The headers of a received answer worth copying, in the order received (`rawHeaders`: names and values in turn). */
export function copiedHeaders(rawHeaders: readonly string[]): [string, string][] {
  const headers: [string, string][] = [];
  for (let at = 0; at + 1 < rawHeaders.length; at += 2) {
    const [name, value] = [rawHeaders[at] as string, rawHeaders[at + 1] as string];
    if (!framing.test(name)) headers.push([name, value]);
  }
  return headers;
}

export interface BareKoa {
  readonly origin: string;
  readonly pid: number;
  /** Gives the bare server `answer` to copy; resolves to the path it answers it on, whatever the method. */
  pathCopying(answer: CopiedAnswer): Promise<string>;
  stop(): Promise<void>;
}

export async function startBareKoa(nodeFlags: readonly string[]): Promise<BareKoa> {
  const child: ChildProcessWithoutNullStreams = spawnNode('bare koa', nodeFlags, ['bench/bareKoaServer.ts'], {});
  const match = await waitForOutput(child, /listening on (http:\/\/[^\s]+)/, 60_000, 'the bare Koa server');
  const origin = match[1] as string;
  let copies = 0;
  return {
    origin,
    pid: child.pid as number,
    pathCopying: async (answer) => {
      const path = `/copy/${copies++}`;
      // The headers travel as JSON in one request header, the body as the request's own bytes.
      const response = await fetch(`${origin}${path}`, {
        method: 'PUT',
        headers: { 'x-copied-headers': encodeURIComponent(JSON.stringify(answer.headers)) },
        body: answer.body,
      });
      if (response.status !== 204) throw new Error(`the bare Koa server refused the copy: ${response.status}`);
      return path;
    },
    stop: () => stopChild(child),
  };
}
