// Specifies the connection timeouts against slow clients (slowloris): headers trickled past the headers timeout, or a
// body past the request timeout, end in 408 with the wire error and a closed connection, while others are served.
import { connect, type Socket } from 'node:net';
import { expect } from 'chai';
import Koa from 'koa';
import bodyParser from 'koa-bodyparser';
import { listen, type HttpServer } from '../../../src/http/httpServer.ts';

/** Short enough for a quick test; Node checks for expired requests every quarter of the shorter one. */
const timeouts = { headersMs: 500, requestMs: 1_500 };
/** Far beyond the timeouts plus the check interval on a loaded machine: missing it means no timeout at all. */
const cutDeadlineMs = 15_000;
const trickleEveryMs = 100;

interface Trickled {
  /** Milliseconds from the first byte until the server closed the connection. */
  readonly closedAfterMs: number;
  readonly answer: string;
}

/** Sends `head`, then `drip` every 100 ms, forever, and reports when and how the server ended it. */
function trickle(url: string, head: string, drip: string): Promise<Trickled> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket: Socket = connect(Number(port), hostname);
    const started = Date.now();
    let answer = '';
    const timer = setInterval(() => socket.write(drip), trickleEveryMs);
    const deadline = setTimeout(() => socket.destroy(new Error(`still open after ${cutDeadlineMs} ms`)), cutDeadlineMs);
    socket.on('data', (chunk: Buffer) => (answer += chunk.toString('latin1')));
    socket.on('error', (error: NodeJS.ErrnoException) =>
      error.code === 'ECONNRESET' || error.code === 'EPIPE' ? undefined : reject(error),
    );
    socket.on('close', () => {
      clearInterval(timer);
      clearTimeout(deadline);
      resolve({ closedAfterMs: Date.now() - started, answer });
    });
    socket.write(head);
  });
}

function expectTimeoutAnswer(answer: string): void {
  expect(answer).to.match(/^HTTP\/1\.1 408 Request Timeout\r\n/);
  expect(answer).to.include('Content-Type: application/json; charset=UTF-8\r\n');
  const body = JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4)) as unknown;
  expect(body).to.deep.equal({
    code: 'rest_request_timeout',
    message: 'The request did not arrive in time.',
    data: { status: 408 },
  });
}

describe('Slow clients', function () {
  this.timeout(60_000);
  let server: HttpServer;
  before(async () => {
    const app = new Koa();
    app.use(bodyParser());
    app.use((ctx) => (ctx.body = { ok: true }));
    server = await listen(app, 0, '127.0.0.1', timeouts);
  });
  after(async () => server.close(1_000));

  it('closes a connection whose headers are still arriving after the headers timeout, with 408', async () => {
    const slow = await trickle(server.url, 'GET / HTTP/1.1\r\nHost: slow\r\n', 'X-Slow: a\r\n');
    // Never before the timeout (a tenth off for the two clocks' rounding); the upper bound is the deadline above.
    expect(slow.closedAfterMs).to.be.at.least(timeouts.headersMs * 0.9);
    expectTimeoutAnswer(slow.answer);
  });

  it('closes a connection whose body is still arriving after the request timeout, with 408', async () => {
    const slow = await trickle(
      server.url,
      'POST / HTTP/1.1\r\nHost: slow\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n',
      ' ',
    );
    expect(slow.closedAfterMs).to.be.at.least(timeouts.requestMs * 0.9);
    expectTimeoutAnswer(slow.answer);
  });

  it('keeps serving other clients while slow ones hold connections', async () => {
    const slowOnes = Array.from({ length: 20 }, () =>
      trickle(server.url, 'GET / HTTP/1.1\r\nHost: slow\r\n', 'X: y\r\n'),
    );
    const res = await fetch(`${server.url}/`);
    expect(res.status).to.equal(200);
    expect(await res.json()).to.deep.equal({ ok: true });
    for (const slow of await Promise.all(slowOnes)) expectTimeoutAnswer(slow.answer);
  });
});
