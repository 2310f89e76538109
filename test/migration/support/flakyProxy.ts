// A source that misbehaves at random: in front of a real service, about one request in four answers 500 or 429
// (with `Retry-After: 0`), or arrives late; the others pass through unchanged.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FlakyProxy {
  readonly url: string;
  /** Requests answered with a fault so far. */
  faults(): number;
  close(): Promise<void>;
}

async function forward(target: string, request: IncomingMessage, response: ServerResponse): Promise<void> {
  const headers: Record<string, string> = {};
  if (request.headers.authorization) headers.authorization = request.headers.authorization;
  const answer = await fetch(`${target}${request.url ?? '/'}`, { headers });
  response.writeHead(answer.status, { 'content-type': answer.headers.get('content-type') ?? 'application/json' });
  response.end(await answer.text());
}

export async function flakyProxy(target: string): Promise<FlakyProxy> {
  let faults = 0;
  const server = createServer((request, response) => {
    const roll = Math.random();
    if (roll < 0.1) {
      faults++;
      response.writeHead(500, { 'content-type': 'application/json' }).end('{"code":"boom"}');
    } else if (roll < 0.2) {
      faults++;
      response.writeHead(429, { 'retry-after': '0', 'content-type': 'application/json' }).end('{}');
    } else if (roll < 0.3) {
      faults++;
      setTimeout(() => void forward(target, request, response), 200 * Math.random());
    } else void forward(target, request, response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    faults: () => faults,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
